/**
 * Where each alert about a posting went, so its cards can be kept true when the posting changes
 * (cancelled, packed, deadline moved): written when Telegram accepted the message, in the shop's
 * part of the store, kept `ttlMs` (7 days by default).
 *
 * - `card:<posting>:<chat>` → ChatCards: the chat's messages about the posting (alert, reminder,
 *   digest), the deadline they show, and what the chat was last told of it;
 * - `follow:<posting>` → Followed: the postings that have cards, with the deadline last told. The
 *   watcher re-reads those that leave the awaiting list, and compares the deadline of those still
 *   listed; once packed (`packed`), now and then until they leave for delivery. Cached in this process (only the lease holder writes); `forget()` when the lease
 *   changed hands.
 *
 * One chat's records are written only within that chat's turn (one at a time), so a read-then-
 * write of `card:<posting>:<chat>` does not race.
 * Tests: test/services/chat-moves.test.ts, test/services/chat-records.test.ts
 */
import { moveKey } from "../../store/move-key.ts";
import type { Store } from "../../store/port.ts";
import type { SubscriberKind } from "../subscriptions.ts";
import { forEachLimited } from "./ledger.ts";

/** A message of the bot about a posting. */
export interface CardMessage {
  messageId: number;
  /** A digest lists many postings: its readers are told, the message itself is not edited. */
  digest?: true;
}

/** The final news a chat was given of a posting: nothing more is said after it. */
export type FinalNews = "cancelled" | "packed";

export interface ChatCards {
  chatId: number;
  kind: SubscriberKind;
  messages: CardMessage[];
  /** The deadline the chat's cards show (ISO), as Ozon wrote it. */
  shipmentDate?: string;
  told?: FinalNews;
  /** The news last told in a message ("cancelled", "deadline:<ISO>"); the cards may lag behind. */
  noticed?: string;
}

export interface Followed {
  /** The deadline as last seen (ISO). */
  shipmentDate?: string;
  /** Epoch ms the record was written (the TTL refresh). */
  at: number;
  /** Every chat has been told it was packed: followed until it leaves for delivery (cancelled?). */
  packed?: true;
}

/** A chat keeps at most this many messages per posting (an alert, a reminder, a digest…). */
const MESSAGES_PER_CHAT = 6;
const STORE_CONCURRENCY = 16;
export const CARD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class CardBook {
  readonly #store: Store;
  readonly #prefix: string;
  readonly #ttlMs: number;
  #followed: Promise<Map<string, Followed>> | undefined;

  constructor(store: Store, options: { prefix: string; ttlMs?: number }) {
    this.#store = store;
    this.#prefix = options.prefix;
    this.#ttlMs = options.ttlMs ?? CARD_TTL_MS;
  }

  /** The followed postings (read from the store once, then kept up to date here). */
  followed(): Promise<ReadonlyMap<string, Followed>> {
    this.#followed ??= this.#load();
    return this.#followed;
  }

  async #load(): Promise<Map<string, Followed>> {
    const prefix = this.#key("follow:");
    try {
      const entries = await this.#store.list<Followed>(prefix);
      return new Map(entries.map((e) => [e.key.slice(prefix.length), e.value]));
    } catch (error) {
      this.#followed = undefined;
      throw error;
    }
  }

  /** Notes a message Telegram accepted about `postingNumber` for this chat. */
  async record(
    postingNumber: string,
    chat: { chatId: number; kind: SubscriberKind },
    message: CardMessage,
    shipmentDate: string | undefined,
    now: number,
  ): Promise<void> {
    const key = this.#cardKey(postingNumber, chat.chatId);
    const before = await this.#store.get<ChatCards>(key);
    const messages = [...(before?.messages ?? []), message].slice(-MESSAGES_PER_CHAT);
    const cards: ChatCards = { chatId: chat.chatId, kind: chat.kind, messages };
    // The newest message shows the deadline as it is now.
    if (shipmentDate !== undefined) cards.shipmentDate = shipmentDate;
    await this.#store.set(key, cards, this.#ttl());
    const followed = await this.followed();
    if (!followed.has(postingNumber)) await this.follow(postingNumber, shipmentDate, now);
  }

  /** Every chat's cards of the posting. */
  async cardsOf(postingNumber: string): Promise<ChatCards[]> {
    const entries = await this.#store.list<ChatCards>(this.#key(`card:${postingNumber}:`));
    return entries.map((entry) => entry.value);
  }

  /** The chat got a message with this news (its cards are redrawn next). */
  async noticed(postingNumber: string, cards: ChatCards, news: string): Promise<ChatCards> {
    const next: ChatCards = { ...cards, noticed: news };
    await this.#store.set(this.#cardKey(postingNumber, cards.chatId), next, this.#ttl());
    return next;
  }

  /** The chat's cards now show this deadline, or this final news. */
  async told(
    postingNumber: string,
    cards: ChatCards,
    news: { shipmentDate?: string; final?: FinalNews },
  ): Promise<void> {
    const next: ChatCards = { ...cards };
    if (news.shipmentDate !== undefined) next.shipmentDate = news.shipmentDate;
    if (news.final) next.told = news.final;
    await this.#store.set(this.#cardKey(postingNumber, cards.chatId), next, this.#ttl());
  }

  /** Follows the posting with this deadline (written anew: also refreshes its TTL). */
  async follow(
    postingNumber: string,
    shipmentDate: string | undefined,
    now: number,
    stage: { packed?: true } = {},
  ) {
    const record: Followed = { at: now, ...(shipmentDate ? { shipmentDate } : {}), ...stage };
    await this.#store.set(this.#key(`follow:${postingNumber}`), record, this.#ttl());
    const followed = (await this.followed()) as Map<string, Followed>;
    followed.set(postingNumber, record);
  }

  /** Nothing more will be said of the posting: its cards stay until they expire. */
  async unfollow(postingNumber: string): Promise<void> {
    await this.#store.delete(this.#key(`follow:${postingNumber}`));
    const followed = (await this.followed()) as Map<string, Followed>;
    followed.delete(postingNumber);
  }

  /** Rewrites the follow records of listed postings past half their TTL (they never lapse). */
  async refresh(listed: readonly string[], now: number): Promise<void> {
    const followed = await this.followed();
    const stale = listed.filter((n) => {
      const record = followed.get(n);
      return record !== undefined && now - record.at > this.#ttlMs / 2;
    });
    await forEachLimited(stale, STORE_CONCURRENCY, async (number) => {
      const record = followed.get(number);
      if (record) await this.follow(number, record.shipmentDate, now);
      for (const cards of await this.cardsOf(number)) {
        await this.#store.set(this.#cardKey(number, cards.chatId), cards, this.#ttl());
      }
    });
  }

  /**
   * The group became a supergroup with a new id: its card records follow, so news of a posting
   * it was alerted to (cancelled, deadline moved) reaches the new chat. Their messages stay in
   * the old chat, which the bot can no longer edit (and whose ids mean other messages in the new
   * one), so the moved records keep no messages. Found through the followed postings (the only
   * postings with cards); how many moved.
   */
  async moveChat(fromChatId: number, toChatId: number): Promise<number> {
    const prefix = this.#key("follow:");
    const followed = (await this.#store.list(prefix)).map((e) => e.key.slice(prefix.length));
    let moved = 0;
    await forEachLimited(followed, STORE_CONCURRENCY, async (number) => {
      const from = this.#cardKey(number, fromChatId);
      const to = this.#cardKey(number, toChatId);
      const move = (cards: ChatCards): ChatCards => ({ ...cards, chatId: toChatId, messages: [] });
      if (await moveKey(this.#store, from, to, move, this.#ttl())) moved += 1;
    });
    return moved;
  }

  /** Another process may have written meanwhile: read the followed postings again. */
  forget(): void {
    this.#followed = undefined;
  }

  #cardKey(postingNumber: string, chatId: number): string {
    return this.#key(`card:${postingNumber}:${chatId}`);
  }

  #key(suffix: string): string {
    return `${this.#prefix}${suffix}`;
  }

  #ttl() {
    return { ttlMs: this.#ttlMs };
  }
}
