/**
 * What replying to a relayed question or review needs: which item a Telegram message carries
 * (links, in the shared store: a message is looked up without knowing its shop) and the item's
 * own details (in the shop's part of the store: the SKU an answer must name, the author's name
 * for `{name}`).
 */
import type { Store } from "../../store/port.ts";
import type { TelegramMessageRef } from "../relay/types.ts";
import type { FeedKind } from "./question-relay.ts";

const LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ITEM_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const linkKey = (chatId: number, messageId: number) => `questions:link:${chatId}:${messageId}`;
const itemKey = (kind: FeedKind, id: string) => `questions:item:${kind}:${id}`;

export interface FeedLink {
  kind: FeedKind;
  id: string;
  shopId: string;
}

export interface FeedItem {
  sku: string;
  text: string;
  authorName?: string | undefined;
  rating?: number | undefined;
}

export class FeedLinks {
  readonly #store: Store;

  /** `store`: the shared (unprefixed) store. */
  constructor(store: Store) {
    this.#store = store;
  }

  async remember(messages: readonly TelegramMessageRef[], link: FeedLink): Promise<void> {
    await Promise.all(
      messages.map((m) =>
        this.#store.set(linkKey(m.chatId, m.messageId), link, { ttlMs: LINK_TTL_MS }),
      ),
    );
  }

  async resolve(chatId: number, messageId: number): Promise<FeedLink | undefined> {
    const link = await this.#store.get<FeedLink>(linkKey(chatId, messageId));
    if (!link || typeof link.id !== "string" || typeof link.shopId !== "string") return undefined;
    return link.kind === "question" || link.kind === "review" ? link : undefined;
  }
}

export class FeedItems {
  readonly #store: Store;

  /** `store`: the shop's part of the store. */
  constructor(store: Store) {
    this.#store = store;
  }

  save(kind: FeedKind, id: string, item: FeedItem): Promise<void> {
    return this.#store.set(itemKey(kind, id), item, { ttlMs: ITEM_TTL_MS });
  }

  get(kind: FeedKind, id: string): Promise<FeedItem | undefined> {
    return this.#store.get<FeedItem>(itemKey(kind, id));
  }
}
