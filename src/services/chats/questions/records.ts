/**
 * What replying to a relayed question or review needs: which item a Telegram message carries
 * (links, in the shared store: a message is looked up without knowing its shop) and the item's
 * own details (in the shop's part of the store: the SKU an answer must name, the author's name
 * for `{name}`, the relayed copies that are redrawn and told once someone answered it).
 * Tests: none directly
 */
import type { Store } from "../../../store/port.ts";
import { CURSOR_TTL_MS } from "../relay/cursors.ts";
import type { TelegramMessageRef } from "../relay/types.ts";

/** As long as the buyer chats' links: a reply to a copy still on the screen finds its item. */
const LINK_TTL_MS = CURSOR_TTL_MS;
const ITEM_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const linkKey = (chatId: number, messageId: number) => `questions:link:${chatId}:${messageId}`;
const itemKey = (kind: FeedKind, id: string) => `questions:item:${kind}:${id}`;
const copiesKey = (kind: FeedKind, id: string) => `questions:copies:${kind}:${id}`;
/** Copies kept per item: one per recipient chat, and there are only so many chats. */
const MAX_COPIES = 200;

/** A relayed copy: the Telegram message with the item's buttons, in its reader's language. */
export interface FeedCopy extends TelegramMessageRef {
  locale?: string | undefined;
}

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

  /**
   * The copies Telegram accepted for the item: the last message per chat (a long item is split,
   * its buttons are under the last part).
   */
  saveCopies(kind: FeedKind, id: string, sent: readonly FeedCopy[]): Promise<void> {
    const last = new Map<number, FeedCopy>();
    for (const copy of sent) last.set(copy.chatId, copy);
    const copies = [...last.values()].slice(-MAX_COPIES);
    return this.#store.set(copiesKey(kind, id), copies, { ttlMs: ITEM_TTL_MS });
  }

  async copies(kind: FeedKind, id: string): Promise<FeedCopy[]> {
    const copies = await this.#store.get<FeedCopy[]>(copiesKey(kind, id));
    return Array.isArray(copies) ? copies : [];
  }
}

export type FeedKind = "question" | "review";
