/**
 * What the posting watcher needs from Telegram, and nothing more: the bot implements this
 * interface (formatting, buttons, i18n), the watcher stays free of grammY.
 *
 * Contract for an implementation:
 * - Each call sends exactly ONE Telegram message to `subscriber.chatId` and resolves only when
 *   Telegram accepted it (the Bot API call returned ok). The watcher marks postings as delivered on
 *   that resolution, so resolving early loses alerts and resolving late repeats them. Alerts of
 *   several stores' watchers waiting for the same chat may share one message (a digest): each
 *   call still resolves only when that message was accepted, with `Sent.digest` set.
 * - On failure, reject. Throw `RecipientGoneError` when the chat can no longer be reached (bot
 *   blocked, kicked, chat deleted, user deactivated; the bot reads that from the Bot API's
 *   answer): the watcher then unsubscribes the chat. Throw `ChatMovedError` when Telegram says
 *   the group became a supergroup with a new id: the watcher moves the chat's records there and
 *   sends again. Any other error is retried on the next pass.
 * - Never hang: the watcher's pass waits for every send, so the Bot API call needs a timeout
 *   (a send the bot's sender holds back for the limits is not hanging; it will go out).
 * - One message per call makes pacing simple: the bot wraps the Bot API call in its sender's
 *   `schedule(...)`, which queues instead of dropping, so the returned promise still means
 *   "Telegram accepted".
 * - Text must stay within `TELEGRAM_TEXT_LIMIT`; a digest carries at most `DigestInfo.chunkSize`
 *   postings, so `postingBudget(info)` characters per posting always fit.
 * Tests: test/services/postings/notifier.test.ts, test/services/postings/watcher.test.ts and 1 more
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { Subscriber } from "../subscriptions.ts";
import type { CardMessage } from "./cards.ts";
import type { PackedBy } from "./packed-by.ts";

export const TELEGRAM_TEXT_LIMIT = 4096;

export interface DigestInfo {
  /** Why these postings are grouped: new arrivals or deadline reminders. */
  reason: "new" | "reminder";
  /** 1-based number of this message among the digests of this pass for this subscriber. */
  part: number;
  /** How many digest messages this pass sends to this subscriber. */
  parts: number;
  /** Postings in all parts together. */
  total: number;
  /** The most postings any part holds (the watcher's `digestSize`). */
  chunkSize: number;
}

/** What Telegram answered for a message: its id, so the card can be edited later. */
export interface Sent {
  messageId: number;
  /** The message carried other postings too (alerts sent together): a digest, not a card. */
  digest?: true;
}

/** A send that may say where the message went (a notifier that cannot is still one). */
export type Delivery = Promise<Sent | undefined> | Promise<void>;

/** What happened to a posting after its alerts went (watcher: follow-up.ts). */
export type PostingChange =
  | {
      kind: "cancelled";
      posting: Posting /** It was packed first: not for the courier. */;
      afterPacking?: true;
    }
  | { kind: "packed"; posting: Posting; by?: PackedBy; seenAt: number }
  | { kind: "deadline"; posting: Posting; previous?: string };

export interface PostingNotifier {
  /**
   * One new posting (the alert with Ship, Cancel and Label buttons). Resolving with the message
   * lets the watcher keep the card true later (cards.ts); without it the alert is not followed.
   */
  alert(subscriber: Subscriber, posting: Posting): Delivery;
  /**
   * First run only: `count` postings were already waiting when the watcher started
   * ("N postings are waiting for packaging", with a button to list them).
   */
  summary(subscriber: Subscriber, count: number): Promise<void>;
  /**
   * Several postings in one message (a burst, or many reminders at once); each must stay
   * openable, e.g. by a button or a command per posting.
   */
  digest(subscriber: Subscriber, postings: readonly Posting[], info: DigestInfo): Delivery;
  /** The posting's shipping deadline is near and it still awaits packaging. */
  reminder(subscriber: Subscriber, posting: Posting): Delivery;
  /**
   * The posting changed after this chat got an alert (cancelled, deadline moved): one message
   * saying so, under the chat's card `replyTo` when given. Sent before the cards are redrawn, so
   * the news is not held up by the chat's pace.
   */
  tell?(
    chat: Pick<Subscriber, "chatId" | "kind">,
    change: PostingChange,
    replyTo?: number,
  ): Delivery;
  /**
   * Redraws each of this chat's `cards` (digests are left as they are) to show the change, its
   * buttons following the state. Resolves when Telegram took every edit; a card Telegram no
   * longer has, or that already shows it, counts as done.
   */
  redraw?(
    chat: Pick<Subscriber, "chatId" | "kind">,
    change: PostingChange,
    cards: readonly CardMessage[],
  ): Promise<void>;
}

/** The chat is gone for good (blocked, kicked, deleted): the watcher unsubscribes it. */
export class RecipientGoneError extends Error {
  override name = "RecipientGoneError";
  readonly chatId: number;

  constructor(chatId: number, reason: string, options?: ErrorOptions) {
    super(`Chat ${chatId} cannot be reached: ${reason}`, options);
    this.chatId = chatId;
  }
}

export function isRecipientGone(error: unknown): error is RecipientGoneError {
  return error instanceof RecipientGoneError;
}

/** The group became a supergroup: Telegram takes messages only at `toChatId` now. */
export class ChatMovedError extends Error {
  override name = "ChatMovedError";
  readonly chatId: number;
  readonly toChatId: number;

  constructor(chatId: number, toChatId: number, options?: ErrorOptions) {
    super(`Chat ${chatId} moved to ${toChatId}`, options);
    this.chatId = chatId;
    this.toChatId = toChatId;
  }
}

/** Characters of a digest message each posting may use, leaving `headerChars` for a title. */
export function postingBudget(info: DigestInfo, headerChars = 200): number {
  return Math.floor((TELEGRAM_TEXT_LIMIT - headerChars) / Math.max(1, info.chunkSize));
}
