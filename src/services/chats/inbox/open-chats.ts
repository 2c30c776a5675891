/**
 * Which buyer chats of a shop are open and which of them wait for an answer, for /chats. One
 * listing of the shop's open chats (`/v3/chat/list`, 100 a page) and one store read of the
 * relay's digests; a chat waits when Ozon counts unread buyer messages in it, or when its last
 * message is the buyer's (the relay saw it) and nobody answered it or marked it read through
 * the bot. Newest first by last message id (Ozon's ids grow with time).
 * Tests: none directly
 */
import type { Chat, ChatListOptions } from "../../../ozon/seller/types.ts";
import { compareIds } from "../relay/cursors.ts";
import type { ChatDigest, ChatInbox } from "./inbox.ts";

export interface OpenChatsApi {
  listWithUnread(options?: ChatListOptions): AsyncIterable<Chat>;
}

export interface OpenChat {
  ozonChatId: string;
  lastMessageId: string;
  unreadCount: number;
  waiting: boolean;
  digest: ChatDigest | undefined;
}

/** Open chats a listing holds at most: 50 pages of Ozon's 100. */
export const MAX_OPEN_CHATS = 5000;

export async function listOpenChats(
  chats: OpenChatsApi,
  inbox: Pick<ChatInbox, "digests">,
): Promise<OpenChat[]> {
  const digests = await inbox.digests();
  const open: OpenChat[] = [];
  for await (const chat of chats.listWithUnread({ status: "opened" })) {
    if (!chat.isBuyerChat || chat.status === "CLOSED") continue;
    const digest = digests.get(chat.id);
    const lastMessageId = chat.lastMessageId ?? "0";
    const unreadCount = chat.unreadCount ?? 0;
    const lastIsBuyers = digest !== undefined && digest.lastBuyerId === lastMessageId;
    const handled =
      digest?.handledUpTo !== undefined && compareIds(digest.handledUpTo, lastMessageId) >= 0;
    const waiting = (unreadCount > 0 || lastIsBuyers) && !handled;
    open.push({ ozonChatId: chat.id, lastMessageId, unreadCount, waiting, digest });
    if (open.length >= MAX_OPEN_CHATS) break;
  }
  return open.sort((a, b) => compareIds(b.lastMessageId, a.lastMessageId));
}

/**
 * Listings kept a short while per shop, so turning pages does not list every chat again; /chats
 * itself and anything that changes a chat (an answer, Mark as read) start afresh.
 */
export class OpenChatsCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { at: number; chats: Promise<OpenChat[]> }>();

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  get(shopId: string, fresh: boolean, load: () => Promise<OpenChat[]>): Promise<OpenChat[]> {
    const known = this.#entries.get(shopId);
    if (!fresh && known && this.#now() - known.at < this.#ttlMs) return known.chats;
    const chats = load();
    this.#entries.set(shopId, { at: this.#now(), chats });
    // A failed listing is not kept: the next page asks Ozon again.
    chats.catch(() => {
      if (this.#entries.get(shopId)?.chats === chats) this.#entries.delete(shopId);
    });
    return chats;
  }

  forget(shopId: string): void {
    this.#entries.delete(shopId);
  }
}
