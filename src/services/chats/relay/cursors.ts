/**
 * Per chat, the id of the last Ozon message the relay has dealt with (relayed, or skipped
 * because it was not a buyer's). Ids are compared as BigInt: they exceed 2^53.
 *
 * A cursor lives CURSOR_TTL_MS from the last message it moved past, so chats gone quiet for
 * months leave nothing behind. A chat whose cursor expired and whose buyer writes again is read
 * from its start, and the relay passes over what is older than the TTL (see ChatRelay).
 * Tests: test/services/chats/relay/chat-relay.test.ts and 1 more
 */
import type { Store } from "../../../store/port.ts";

const CURSOR_PREFIX = "relay:cursor:";
const INITIALIZED_KEY = "relay:initialized";
export const CURSOR_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Accepts only what BigInt can read exactly: a run of decimal digits. */
export function isMessageId(value: unknown): value is string {
  return typeof value === "string" && /^\d{1,30}$/.test(value);
}

export class RelayCursors {
  readonly #store: Store;
  readonly ttlMs: number;

  constructor(store: Store, options: { ttlMs?: number } = {}) {
    this.#store = store;
    this.ttlMs = options.ttlMs ?? CURSOR_TTL_MS;
  }

  /** Every chat's cursor, read in one store call. */
  async all(): Promise<Map<string, string>> {
    const entries = await this.#store.list<string>(CURSOR_PREFIX);
    const cursors = new Map<string, string>();
    for (const { key, value } of entries) {
      if (isMessageId(value)) cursors.set(key.slice(CURSOR_PREFIX.length), value);
    }
    return cursors;
  }

  async get(chatId: string): Promise<string | undefined> {
    const value = await this.#store.get<string>(CURSOR_PREFIX + chatId);
    return isMessageId(value) ? value : undefined;
  }

  async set(chatId: string, messageId: string): Promise<void> {
    if (!isMessageId(messageId)) throw new TypeError(`not a message id: ${messageId}`);
    await this.#store.set(CURSOR_PREFIX + chatId, messageId, { ttlMs: this.ttlMs });
  }

  /** True once a first pass has recorded where every chat stood. */
  async isInitialized(): Promise<boolean> {
    return (await this.#store.get(INITIALIZED_KEY)) !== undefined;
  }

  async markInitialized(at: Date): Promise<void> {
    await this.#store.set(INITIALIZED_KEY, at.toISOString());
  }
}
