/**
 * For a notifier that sends one Ozon message to several people: which recipients already got
 * it. When Telegram refuses the message for one recipient the relay tries the whole message
 * again on the next pass, and these marks keep the others from getting it twice.
 * Tests: test/services/chats/relay/maps.test.ts
 */
import type { Store } from "../../../store/port.ts";

const DEFAULT_MARK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const markKey = (ozonChatId: string, ozonMessageId: string, telegramChatId: number) =>
  `relay:delivered:${ozonChatId}:${ozonMessageId}:${telegramChatId}`;

const partKey = (
  ozonChatId: string,
  ozonMessageId: string,
  telegramChatId: number,
  index: number,
) => `relay:delivered-part:${ozonChatId}:${ozonMessageId}:${telegramChatId}:${index}`;

export class DeliveryMarks {
  readonly #store: Store;
  readonly #ttlMs: number;

  constructor(store: Store, options: { ttlMs?: number } = {}) {
    this.#store = store;
    this.#ttlMs = options.ttlMs ?? DEFAULT_MARK_TTL_MS;
  }

  async wasDelivered(ozonChatId: string, ozonMessageId: string, telegramChatId: number) {
    return (
      (await this.#store.get(markKey(ozonChatId, ozonMessageId, telegramChatId))) !== undefined
    );
  }

  async markDelivered(
    ozonChatId: string,
    ozonMessageId: string,
    telegramChatId: number,
    telegramMessageIds: readonly number[] = [],
  ): Promise<void> {
    await this.#store.set(markKey(ozonChatId, ozonMessageId, telegramChatId), telegramMessageIds, {
      ttlMs: this.#ttlMs,
    });
  }

  /** The Telegram message ids recorded for a recipient that already got the message. */
  async deliveredIds(ozonChatId: string, ozonMessageId: string, telegramChatId: number) {
    const ids = await this.#store.get<number[]>(markKey(ozonChatId, ozonMessageId, telegramChatId));
    return Array.isArray(ids) ? ids : undefined;
  }

  /**
   * One buyer message can take several Telegram messages (text, each file). Each part is marked
   * as it is accepted, so a retry after a later part failed sends only what is missing.
   */
  async partId(
    ozonChatId: string,
    ozonMessageId: string,
    telegramChatId: number,
    index: number,
  ): Promise<number | undefined> {
    const id = await this.#store.get<number>(
      partKey(ozonChatId, ozonMessageId, telegramChatId, index),
    );
    return typeof id === "number" ? id : undefined;
  }

  async markPart(
    ozonChatId: string,
    ozonMessageId: string,
    telegramChatId: number,
    index: number,
    telegramMessageId: number,
  ): Promise<void> {
    await this.#store.set(
      partKey(ozonChatId, ozonMessageId, telegramChatId, index),
      telegramMessageId,
      { ttlMs: this.#ttlMs },
    );
  }
}
