/**
 * Keeps the cards of announced postings true (cards.ts), as part of each watcher pass:
 *
 * - a followed posting that left the awaiting list is re-read (`postings.get`) to tell cancelled
 *   from packed: cancelled → every chat that got a card is told at once and its cards lose the
 *   Pack/Cancel/Label buttons; packed (through the bot or Ozon's cabinet) → the cards say so, by
 *   whom when the bot knows (PackedByLedger), with the Label button only;
 * - a followed posting whose deadline (cut-off) moved → told with the new time, cards redrawn;
 * - a followed posting once packed stays followed until it leaves for delivery: re-read now and
 *   then (`packedRecheckMs`; at once after a cancellation push, `recheckPacked`), and if it is
 *   cancelled after all, every chat is told "do not hand it to the courier" and its cards lose
 *   the Label button.
 *
 * A chat is marked told (in its card record) only after Telegram took the edits and the message,
 * so a failure is retried on the next pass and a success is never repeated. A posting stops being
 * followed once every chat has its final news (cancelled, or packed and then handed on).
 * Tests: none directly
 */
import { ozonFailureKind } from "../../ozon/errors.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { StoppingError } from "../background-loop.ts";
import type { Subscriber } from "../subscriptions.ts";
import type { CardBook, ChatCards, FinalNews, Followed } from "./cards.ts";
import { forEachLimited } from "./ledger.ts";
import {
  ChatMovedError,
  isRecipientGone,
  type PostingChange,
  type PostingNotifier,
} from "./notifier.ts";
import type { PackedByLedger } from "./packed-by.ts";
import type { FollowUpReport, WatcherLogger } from "./watcher-types.ts";

export type { FollowUpReport } from "./watcher-types.ts";

/** Statuses of a posting that has been packed and handed on (as ship-request.ts reads them). */
export const PACKED_STATUSES: ReadonlySet<string> = new Set([
  "awaiting_deliver",
  "delivering",
  "driver_pickup",
  "delivered",
  "sent_by_seller",
]);

/** What the follow-up reads from the Seller client. */
export interface PostingReader {
  get(postingNumber: string): Promise<Posting>;
}

export interface FollowUpSettings {
  cards: CardBook;
  packedBy: PackedByLedger;
  notifier: PostingNotifier;
  /** Absent: postings that left the list are not re-read (only deadline moves are seen). */
  reader: PostingReader | undefined;
  now: () => number;
  log: WatcherLogger;
  /** A packed posting is re-read at most this often (default 1 min). */
  packedRecheckMs?: number;
  /** When each packed posting was last re-read (this process; kept across passes). */
  packedReadAt?: Map<string, number>;
  /** Moves a group's records to the supergroup it became (the watcher's moveChat). */
  moveChat?: (fromChatId: number, toChatId: number) => Promise<void>;
}

/** Postings re-read per pass at most (a thousand packed in the cabinet go over a few passes). */
const READS_PER_PASS = 200;
const READ_CONCURRENCY = 8;
const CHAT_CONCURRENCY = 16;
const PACKED_RECHECK_MS = 60_000;
/** Statuses once packed that are still at the warehouse: the courier has not taken it yet. */
const AT_THE_WAREHOUSE = "awaiting_deliver";

/** One pass's follow-up: `see` each listed posting, then `finish` once the list is read. */
export class FollowUpPass {
  readonly #settings: FollowUpSettings;
  readonly #followed: ReadonlyMap<string, Followed>;
  readonly #moved: Posting[] = [];

  constructor(settings: FollowUpSettings, followed: ReadonlyMap<string, Followed>) {
    this.#settings = settings;
    this.#followed = followed;
  }

  static async begin(settings: FollowUpSettings): Promise<FollowUpPass> {
    return new FollowUpPass(settings, await settings.cards.followed());
  }

  /** A listed posting: kept only when it is followed and its deadline moved. */
  see(posting: Posting): void {
    const followed = this.#followed.get(posting.postingNumber);
    if (followed && deadlineMoved(followed, posting)) this.#moved.push(posting);
  }

  /** Tells what changed: `listed` are the postings the pass listed, `subscribed` who gets news. */
  async finish(
    listed: ReadonlySet<string>,
    subscribers: readonly Subscriber[],
    signal: AbortSignal,
  ): Promise<FollowUpReport> {
    const report: FollowUpReport = { cancelled: 0, packed: 0, deadline: 0 };
    const subscribed = new Set(subscribers.map((s) => s.chatId));
    const changes: PostingChange[] = this.#moved.map((posting) => ({
      kind: "deadline",
      posting,
      ...previousOf(this.#followed, posting),
    }));
    changes.push(...(await this.#departed(listed)));
    for (const change of changes) {
      if (signal.aborted) break;
      const done = await this.#apply(change, subscribed, signal);
      if (done) report[change.kind] += 1;
    }
    return report;
  }

  /** The followed postings no longer listed, re-read: what became of each. */
  async #departed(listed: ReadonlySet<string>): Promise<PostingChange[]> {
    const { reader, packedBy, log, now } = this.#settings;
    if (!reader) return [];
    const gone = this.#dueForReading(listed);
    const changes: PostingChange[] = [];
    await forEachLimited(gone, READ_CONCURRENCY, async (number) => {
      const followed = this.#followed.get(number);
      let posting: Posting;
      try {
        if (followed?.packed) this.#settings.packedReadAt?.set(number, now());
        posting = await reader.get(number);
      } catch (error) {
        // Unknown to Ozon now, or Ozon down: nothing to say; an unknown one is not asked again.
        log.info({ err: error, posting: number }, "a followed posting could not be re-read");
        if (isNotFound(error)) await this.#unfollow(number);
        return;
      }
      if (posting.status === "cancelled") {
        changes.push({
          kind: "cancelled",
          posting,
          ...(followed?.packed ? { afterPacking: true } : {}),
        });
      } else if (followed?.packed) {
        // Packed and told: only a cancellation before the courier takes it is news.
        if (posting.status !== AT_THE_WAREHOUSE) await this.#unfollow(number);
      } else if (PACKED_STATUSES.has(posting.status)) {
        const by = await packedBy.get(number);
        changes.push({ kind: "packed", posting, seenAt: now(), ...(by ? { by } : {}) });
      } else if (posting.status === "awaiting_packaging") {
        // Still waiting, only not on this list (its window): the deadline is all that may change.
        if (followed && deadlineMoved(followed, posting)) {
          changes.push({ kind: "deadline", posting, ...previousOf(this.#followed, posting) });
        }
      } else {
        await this.#unfollow(number);
      }
    });
    return changes;
  }

  /**
   * The followed postings to re-read this pass: those that just left the list first, then packed
   * ones not read for `packedRecheckMs` (longest unread first), READS_PER_PASS at most.
   */
  #dueForReading(listed: ReadonlySet<string>): string[] {
    const readAt = this.#settings.packedReadAt;
    const recheckMs = this.#settings.packedRecheckMs ?? PACKED_RECHECK_MS;
    const now = this.#settings.now();
    const left: string[] = [];
    const packed: string[] = [];
    for (const [number, followed] of this.#followed) {
      if (listed.has(number)) continue;
      if (!followed.packed) left.push(number);
      else if (now - (readAt?.get(number) ?? 0) >= recheckMs) packed.push(number);
    }
    packed.sort((a, b) => (readAt?.get(a) ?? 0) - (readAt?.get(b) ?? 0));
    return [...left, ...packed].slice(0, READS_PER_PASS);
  }

  async #unfollow(number: string): Promise<void> {
    this.#settings.packedReadAt?.delete(number);
    await this.#settings.cards.unfollow(number);
  }

  /** Edits and tells every chat with cards of the posting; true when all of them have it. */
  async #apply(
    change: PostingChange,
    subscribed: ReadonlySet<number>,
    signal: AbortSignal,
  ): Promise<boolean> {
    const { cards, notifier, log, now } = this.#settings;
    const number = change.posting.postingNumber;
    const final: FinalNews | undefined = change.kind === "deadline" ? undefined : change.kind;
    const shipmentDate = change.posting.shipmentDate;
    const chats = (await cards.cardsOf(number)).filter((chat) => due(chat, change));
    let done = true;
    await forEachLimited(chats, CHAT_CONCURRENCY, async (chat: ChatCards) => {
      if (signal.aborted) {
        done = false;
        return;
      }
      let current = chat;
      try {
        // The message first (the news must not wait for the chat's pace), noted at once so a
        // failed redraw does not repeat it.
        const news = noticeOf(change);
        const tell = news !== undefined && subscribed.has(chat.chatId) && chat.noticed !== news;
        if (tell && notifier.tell) {
          const under = chat.messages.find((m) => !m.digest) ?? chat.messages[0];
          await notifier.tell(chat, change, under?.messageId);
          current = await cards.noticed(number, chat, news);
        }
        await notifier.redraw?.(chat, change, chat.messages);
      } catch (error) {
        if (error instanceof ChatMovedError && this.#settings.moveChat) {
          // Its card moved with it (without messages to edit): the news goes there next pass.
          await this.#settings.moveChat(chat.chatId, error.toChatId);
          done = false;
          return;
        }
        if (!isRecipientGone(error)) {
          if (!(error instanceof StoppingError)) {
            log.warn({ chatId: chat.chatId, err: error, posting: number }, "card not updated");
          }
          done = false;
          return;
        }
        // The chat is gone: nothing more can reach it (the alert turn unsubscribes it).
      }
      await cards.told(number, current, { ...(shipmentDate ? { shipmentDate } : {}), final });
    });
    if (!done) return false;
    if (final === "cancelled") await this.#unfollow(number);
    // Packed: followed on until it leaves for delivery (a cancellation then is still news).
    else if (final === "packed") {
      this.#settings.packedReadAt?.set(number, now()); // just read: the next one a while later
      await cards.follow(number, shipmentDate, now(), { packed: true });
    } else await cards.follow(number, shipmentDate, now());
    return true;
  }
}

/** The news a message tells (packed is only shown on the cards). */
function noticeOf(change: PostingChange): string | undefined {
  if (change.kind === "cancelled") return "cancelled";
  if (change.kind === "deadline") return `deadline:${change.posting.shipmentDate ?? ""}`;
  return undefined;
}

/** Whether this chat still needs to hear of the change. */
function due(chat: ChatCards, change: PostingChange): boolean {
  if (chat.told === "cancelled") return false;
  if (change.kind === "deadline") {
    return chat.told === undefined && !sameTime(chat.shipmentDate, change.posting.shipmentDate);
  }
  return chat.told !== change.kind;
}

function deadlineMoved(followed: Followed, posting: Posting): boolean {
  if (!posting.shipmentDate || !followed.shipmentDate) return false;
  return !sameTime(posting.shipmentDate, followed.shipmentDate);
}

function previousOf(followed: ReadonlyMap<string, Followed>, posting: Posting) {
  const previous = followed.get(posting.postingNumber)?.shipmentDate;
  return previous ? { previous } : {};
}

function isNotFound(error: unknown): boolean {
  return ozonFailureKind(error) === "not_found";
}

function sameTime(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);
}
