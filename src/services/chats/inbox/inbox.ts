/**
 * The sellers' inbox records of one shop, kept in the shop's part of the store (so every process
 * sees them): per buyer chat, the buyer's last relayed message and where it went in Telegram (its
 * copies), and who took the chat ("Take it"). A claim lives `claimMs` from its taking or its
 * taker's last answer; the store's TTL ends it, so no process has to.
 * Tests: test/services/chats/inbox/inbox.test.ts, test/bot/home/home.test.ts
 */
import type { Store } from "../../../store/port.ts";
import { clip } from "../../../text.ts";
import { compareIds } from "../relay/cursors.ts";

const DIGEST_PREFIX = "relay:inbox:";
const CLAIM_PREFIX = "relay:claim:";
const DIGEST_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** The latest relayed Telegram messages kept per chat: enough to edit the recent ones. */
const MAX_COPIES = 12;
export const SNIPPET_LENGTH = 120;
export const DEFAULT_CLAIM_MS = 15 * 60 * 1000;

/** One Telegram message carrying a buyer's message (the part with the buttons). */
export interface RelayedCopy {
  chatId: number;
  messageId: number;
  locale: string;
  /** The posting its "Open posting" button opens (the chat's first relayed message). */
  posting?: string;
}

export interface ChatDigest {
  lastBuyerId: string;
  lastBuyerAt: string;
  /** The buyer's last words, one line, short; a file's name when they sent a file. */
  snippet: string;
  copies: RelayedCopy[];
  /** Set by "Mark as read" or an answer: the buyer's messages up to here need no answer. */
  handledUpTo?: string;
}

export interface ChatClaim {
  userId: number;
  name: string;
  /** Epoch ms when it ends unless its taker answers. */
  until: number;
}

export type TakeResult = { ok: true; claim: ChatClaim } | { ok: false; claim: ChatClaim };

export interface ChatInboxOptions {
  claimMs?: number;
  now?: () => number;
}

/** One line of at most SNIPPET_LENGTH characters. */
export function snippetOf(text: string, limit = SNIPPET_LENGTH): string {
  return clip(text.replace(/\s+/g, " ").trim(), limit);
}

export class ChatInbox {
  readonly #store: Store;
  readonly claimMs: number;
  readonly #now: () => number;

  constructor(store: Store, options: ChatInboxOptions = {}) {
    this.#store = store;
    this.claimMs = options.claimMs ?? DEFAULT_CLAIM_MS;
    this.#now = options.now ?? Date.now;
  }

  async digest(ozonChatId: string): Promise<ChatDigest | undefined> {
    return this.#store.get<ChatDigest>(DIGEST_PREFIX + ozonChatId);
  }

  /** Every chat's digest in one store call (for /chats over many chats). */
  async digests(): Promise<Map<string, ChatDigest>> {
    const entries = await this.#store.list<ChatDigest>(DIGEST_PREFIX);
    return new Map(entries.map(({ key, value }) => [key.slice(DIGEST_PREFIX.length), value]));
  }

  /**
   * Notes a relayed buyer message and its copies; an older message relayed late (a retry)
   * adds its copies without moving the "last words" back.
   */
  async recordRelayed(
    ozonChatId: string,
    message: { id: string; createdAt: string; snippet: string },
    copies: readonly RelayedCopy[],
  ): Promise<void> {
    await this.#update(ozonChatId, (known) => {
      const newer = !known || compareIds(message.id, known.lastBuyerId) >= 0;
      const seen = new Set(copies.map((c) => `${c.chatId}:${c.messageId}`));
      const kept = (known?.copies ?? []).filter((c) => !seen.has(`${c.chatId}:${c.messageId}`));
      return {
        lastBuyerId: newer ? message.id : (known?.lastBuyerId ?? message.id),
        lastBuyerAt: newer ? message.createdAt : (known?.lastBuyerAt ?? message.createdAt),
        snippet: newer ? message.snippet : (known?.snippet ?? message.snippet),
        copies: [...kept, ...copies].slice(-MAX_COPIES),
        ...(known?.handledUpTo ? { handledUpTo: known.handledUpTo } : {}),
      };
    });
  }

  /**
   * The buyer's messages up to `upTo` were answered or marked read through the bot: the chat
   * no longer waits for an answer until the buyer writes again.
   */
  async markHandled(ozonChatId: string, upTo: string | undefined): Promise<void> {
    if (!upTo) return;
    await this.#update(ozonChatId, (known) => {
      if (!known) return undefined;
      if (known.handledUpTo && compareIds(known.handledUpTo, upTo) >= 0) return undefined;
      return { ...known, handledUpTo: upTo };
    });
  }

  /**
   * Read, change, write with compare-and-set: the relay (poller) and an answer (bot) may write
   * one chat's digest from different processes at once, and neither may undo the other's part
   * (new copies, or "handled"). `change` returns undefined to leave the digest as it is.
   */
  async #update(
    ozonChatId: string,
    change: (known: ChatDigest | undefined) => ChatDigest | undefined,
  ): Promise<void> {
    const key = DIGEST_PREFIX + ozonChatId;
    const options = { ttlMs: DIGEST_TTL_MS };
    for (let attempt = 0; attempt < 5; attempt++) {
      const known = await this.digest(ozonChatId);
      const next = change(known);
      if (!next) return;
      const written = known
        ? await this.#store.compareAndSet(key, known, next, options)
        : await this.#store.setIfAbsent(key, next, options);
      if (written) return;
    }
    // Still contended after several tries: write as before rather than drop the change.
    const next = change(await this.digest(ozonChatId));
    if (next) await this.#store.set(key, next, options);
  }

  /** Who handles the chat now, if anyone. */
  async claim(ozonChatId: string): Promise<ChatClaim | undefined> {
    const claim = await this.#store.get<ChatClaim>(CLAIM_PREFIX + ozonChatId);
    return claim && claim.until > this.#now() ? claim : undefined;
  }

  /** Every claim in force, in one store call. */
  async claims(): Promise<Map<string, ChatClaim>> {
    const now = this.#now();
    const entries = await this.#store.list<ChatClaim>(CLAIM_PREFIX);
    return new Map(
      entries
        .filter(({ value }) => value.until > now)
        .map(({ key, value }) => [key.slice(CLAIM_PREFIX.length), value]),
    );
  }

  /**
   * "Take it": the chat becomes this person's unless someone else holds it (then ok is false
   * and the holder is returned). Taking one's own chat again renews it. Atomic across processes.
   */
  async take(ozonChatId: string, who: { userId: number; name: string }): Promise<TakeResult> {
    const key = CLAIM_PREFIX + ozonChatId;
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim: ChatClaim = { ...who, until: this.#now() + this.claimMs };
      if (await this.#store.setIfAbsent(key, claim, { ttlMs: this.claimMs })) {
        return { ok: true, claim };
      }
      const held = await this.#store.get<ChatClaim>(key);
      if (!held) continue; // it ended meanwhile: try again
      // Someone else's claim in force stands; an ended one (the store may keep it a moment
      // past its end) or one's own is replaced.
      if (held.userId !== who.userId && held.until > this.#now()) return { ok: false, claim: held };
      if (await this.#store.compareAndSet(key, held, claim, { ttlMs: this.claimMs })) {
        return { ok: true, claim };
      }
    }
    const held = await this.claim(ozonChatId);
    return held ? { ok: false, claim: held } : { ok: false, claim: { ...who, until: 0 } };
  }

  /** The taker lets the chat go: free at once. Only one's own claim in force ends; true when it did. */
  async release(ozonChatId: string, userId: number): Promise<boolean> {
    const held = await this.claim(ozonChatId);
    if (!held || held.userId !== userId) return false;
    const ended = { ...held, until: this.#now() };
    return this.#store.compareAndSet(CLAIM_PREFIX + ozonChatId, held, ended, { ttlMs: 1000 });
  }

  /** The taker answered: their claim runs again from now. Others' answers leave it alone. */
  async renew(ozonChatId: string, userId: number): Promise<ChatClaim | undefined> {
    const key = CLAIM_PREFIX + ozonChatId;
    const held = await this.claim(ozonChatId);
    if (!held || held.userId !== userId) return held;
    const claim = { ...held, until: this.#now() + this.claimMs };
    await this.#store.compareAndSet(key, held, claim, { ttlMs: this.claimMs });
    return claim;
  }
}
