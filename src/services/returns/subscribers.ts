/**
 * Chats that chose alerts about returns (their own switch, apart from the postings
 * subscription): one record per chat, naming who turned it on.
 * Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 3 more
 */
import { moveKey } from "../../store/move-key.ts";
import type { Store } from "../../store/port.ts";

export interface ReturnsSubscriber {
  chatId: number;
  /** Telegram user id of who turned the alerts on. */
  by: number;
  at: string;
}

const PREFIX = "returns-subscriber:";
/** More chats than any team has; a list beyond it is damage, not choice. */
const MAX_SUBSCRIBERS = 1000;

export class ReturnsSubscribers {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async on(chatId: number, by: number, now = new Date()): Promise<void> {
    if (!Number.isSafeInteger(chatId) || chatId === 0) throw new TypeError("bad chat id");
    await this.#store.set(`${PREFIX}${chatId}`, { chatId, by, at: now.toISOString() });
  }

  async off(chatId: number): Promise<boolean> {
    return this.#store.delete(`${PREFIX}${chatId}`);
  }

  /** The group became a supergroup: its switch follows it (true when it had returns alerts on). */
  moveChat(fromChatId: number, toChatId: number): Promise<boolean> {
    return moveKey<ReturnsSubscriber>(
      this.#store,
      `${PREFIX}${fromChatId}`,
      `${PREFIX}${toChatId}`,
      (subscriber) => ({ ...subscriber, chatId: toChatId }),
    );
  }

  async has(chatId: number): Promise<boolean> {
    return (await this.#store.get(`${PREFIX}${chatId}`)) !== undefined;
  }

  async list(): Promise<ReturnsSubscriber[]> {
    const entries = await this.#store.list<ReturnsSubscriber>(PREFIX);
    return entries
      .map((e) => e.value)
      .filter((s) => Number.isSafeInteger(s?.chatId) && Number.isSafeInteger(s?.by))
      .slice(0, MAX_SUBSCRIBERS);
  }
}
