/**
 * Telegram message → Ozon chat, so that a reply to a relayed message (or to the seller's own
 * relayed answer) reaches the right buyer of the right shop. Kept in the store with a TTL, so it
 * survives restarts.
 *
 * Links live in the shared (unprefixed) part of the store: a Telegram message is looked up
 * without knowing its shop, and the link says which shop it is. Links written before several
 * shops existed sit at the same keys without a shop: they belong to the shop that owns the
 * single-shop data (the registry's legacy owner), which the reader decides.
 * Tests: test/services/chats/relay/chat-relay.test.ts and 3 more
 */
import type { Store } from "../../../store/port.ts";
import { CURSOR_TTL_MS } from "./cursors.ts";
import type { TelegramMessageRef } from "./types.ts";

/** As long as the relay keeps its place in a chat: a reply to any copy still on the screen counts. */
export const DEFAULT_LINK_TTL_MS = CURSOR_TTL_MS;

const linkKey = (chatId: number, messageId: number) => `relay:link:${chatId}:${messageId}`;

export interface MessageLink {
  ozonChatId: string;
  /** The Ozon message the Telegram message carried, when it carried one. */
  ozonMessageId?: string;
  /** The shop (Seller Client-Id) of the chat; absent in links of the single-shop version. */
  shopId?: string;
}

export class MessageLinks {
  readonly #store: Store;
  /** How long a link lives: a message older than that is too old to tell whose it was. */
  readonly ttlMs: number;
  readonly #shopId: string | undefined;

  /** `shopId`: the shop every link this instance remembers belongs to (unless a link says). */
  constructor(store: Store, options: { ttlMs?: number; shopId?: string } = {}) {
    this.#store = store;
    this.ttlMs = options.ttlMs ?? DEFAULT_LINK_TTL_MS;
    this.#shopId = options.shopId;
  }

  async remember(messages: readonly TelegramMessageRef[], link: MessageLink): Promise<void> {
    const value: MessageLink = { ozonChatId: link.ozonChatId };
    if (link.ozonMessageId !== undefined) value.ozonMessageId = link.ozonMessageId;
    const shopId = link.shopId ?? this.#shopId;
    if (shopId !== undefined) value.shopId = shopId;
    await Promise.all(
      messages.map((m) =>
        this.#store.set(linkKey(m.chatId, m.messageId), value, { ttlMs: this.ttlMs }),
      ),
    );
  }

  /** The message no longer shows a chat (a chat's view turned back into /chats). */
  async forget(message: TelegramMessageRef): Promise<void> {
    await this.#store.delete(linkKey(message.chatId, message.messageId));
  }

  /** The Ozon chat a Telegram message belongs to, when it is a relayed one still remembered. */
  async resolve(chatId: number, messageId: number): Promise<MessageLink | undefined> {
    const link = await this.#store.get<MessageLink>(linkKey(chatId, messageId));
    if (!link || typeof link.ozonChatId !== "string") return undefined;
    if (link.shopId !== undefined && typeof link.shopId !== "string") return undefined;
    return link;
  }
}
