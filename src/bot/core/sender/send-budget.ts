/**
 * How much the bot may send to Telegram right now: Telegram's limits as token buckets (one per
 * chat, one for the whole bot) and the holds a 429 "retry after" puts on a chat or on everyone.
 *
 * The sender asks the budget before every send and tells it about every 429; it keeps no limiter
 * state of its own, so where the buckets live is the budget's business: in this process
 * (MemorySendBudget) or, for several processes sharing one bot, in a shared store.
 * Tests: test/bot/core/sender/rate-limited.test.ts and 10 more
 */

export type ChatKind = "private" | "group";

/** A Telegram chat as the limits see it: a person's private chat, or a group or channel. */
export interface SendTarget {
  chatId: number | string;
  kind: ChatKind;
}

/** The limits' kind of a chat from its id alone: people have positive ids, groups negative. */
export function chatKindOf(chatId: number): ChatKind {
  return chatId > 0 ? "private" : "group";
}

/** A token bucket: holds up to `capacity` tokens and gains one every `intervalMs`. */
export interface BucketLimit {
  capacity: number;
  intervalMs: number;
}

export interface SendLimits {
  /** Per private chat. */
  private: BucketLimit;
  /** Per group or channel. */
  group: BucketLimit;
  /** Over all chats together. */
  global: BucketLimit;
}

/**
 * Telegram's published limits: about 1 message/s in a private chat, 20/min in a group, 30/s over
 * all chats. Capacity 1 keeps any sliding window within the limit (a larger capacity would allow
 * a burst on top of the rate).
 */
export const TELEGRAM_LIMITS: SendLimits = {
  private: { capacity: 1, intervalMs: 1_000 },
  group: { capacity: 1, intervalMs: 60_000 / 20 },
  global: { capacity: 1, intervalMs: 1_000 / 30 },
};

/** The answer to "may one message go to this chat now?". */
export type SendBudgetGrant =
  | { granted: true }
  /**
   * Nothing was taken. `scope` says who waits: this chat only (others may go), or everyone (the
   * global bucket is empty or Telegram asked the whole bot to wait). `waitMs` is above 0.
   */
  | { granted: false; waitMs: number; scope: "chat" | "global" };

export interface SendBudget {
  /**
   * Takes one token from the chat's bucket and one from the global bucket, both or neither: only
   * when both have one and no 429 hold covers the chat or everyone.
   */
  take(target: SendTarget): Promise<SendBudgetGrant>;
  /**
   * Telegram answered 429 for a message to `target`, asking to wait `retryAfterMs`: nothing more
   * goes to that chat before then, and to nobody when Telegram is limiting the bot as a whole.
   */
  backOff(target: SendTarget, retryAfterMs: number): Promise<void>;
}
