/**
 * Telegram message → Ozon chat, so that a reply to a relayed message (or to the seller's own
 * relayed answer) reaches the right buyer. Kept in the store with a TTL, so it survives restarts.
 */
import type { Store } from "../../store/port.ts";
import type { TelegramMessageRef } from "./types.ts";

export const DEFAULT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const linkKey = (chatId: number, messageId: number) => `relay:link:${chatId}:${messageId}`;

export interface MessageLink {
  ozonChatId: string;
  /** The Ozon message the Telegram message carried, when it carried one. */
  ozonMessageId?: string;
}

export class MessageLinks {
  readonly #store: Store;
  readonly #ttlMs: number;

  constructor(store: Store, options: { ttlMs?: number } = {}) {
    this.#store = store;
    this.#ttlMs = options.ttlMs ?? DEFAULT_LINK_TTL_MS;
  }

  async remember(messages: readonly TelegramMessageRef[], link: MessageLink): Promise<void> {
    const value: MessageLink = { ozonChatId: link.ozonChatId };
    if (link.ozonMessageId !== undefined) value.ozonMessageId = link.ozonMessageId;
    await Promise.all(
      messages.map((m) =>
        this.#store.set(linkKey(m.chatId, m.messageId), value, { ttlMs: this.#ttlMs }),
      ),
    );
  }

  /** The Ozon chat a Telegram message belongs to, when it is a relayed one still remembered. */
  async resolve(chatId: number, messageId: number): Promise<MessageLink | undefined> {
    const link = await this.#store.get<MessageLink>(linkKey(chatId, messageId));
    return link && typeof link.ozonChatId === "string" ? link : undefined;
  }
}
