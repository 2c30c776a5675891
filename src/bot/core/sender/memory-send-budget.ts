/**
 * The send budget of one process: every bucket in a Map, kept as its "theoretical arrival time"
 * (GCRA, the same arithmetic as a token bucket with one number per bucket). A chat whose bucket is
 * full again and that no 429 holds is forgotten, so chats written to once cost nothing later.
 *
 * Which 429 means the whole bot: Telegram's answer does not say whether a chat's limit or the
 * bot-wide one was hit. A 429 in one chat holds that chat; a 429 in a second chat while the first
 * hold still runs means the bot as a whole is over the limit, and everyone waits.
 * Tests: test/bot/core/sender/rate-limited.test.ts and 10 more
 */
import { type Clock, steadyNow, systemClock } from "../../../clock.ts";
import {
  type BucketLimit,
  type SendBudget,
  type SendBudgetGrant,
  type SendLimits,
  type SendTarget,
  TELEGRAM_LIMITS,
} from "./send-budget.ts";

export interface MemorySendBudgetOptions {
  clock?: Clock;
  /** Over TELEGRAM_LIMITS. */
  limits?: Partial<SendLimits>;
}

interface Bucket {
  limit: BucketLimit;
  /** When the bucket would be full again if nothing more were taken. */
  fullAt: number;
  /** No message before this (a 429's retry_after). */
  heldUntil: number;
}

/** Forgetting rested chats is a sweep over all of them: done when the map doubled since the last. */
const FIRST_SWEEP_AT = 1_024;

export class MemorySendBudget implements SendBudget {
  readonly #now: () => number;
  readonly #limits: SendLimits;
  readonly #global: Bucket;
  readonly #chats = new Map<string, Bucket>();
  #sweepAt = FIRST_SWEEP_AT;
  /** The latest chat a 429 held, and until when. */
  #lastHold: { key: string; until: number } | undefined;

  constructor(options: MemorySendBudgetOptions = {}) {
    const now = steadyNow(options.clock ?? systemClock);
    // Time since creation: near 1.8e12 (epoch ms) adding 1000/30 thirty times rounds by
    // microseconds, enough for a 31st message to fit in a second; small numbers keep it exact.
    const origin = now();
    this.#now = () => now() - origin;
    this.#limits = { ...TELEGRAM_LIMITS, ...options.limits };
    for (const limit of Object.values(this.#limits)) checkLimit(limit);
    this.#global = bucket(this.#limits.global);
  }

  async take(target: SendTarget): Promise<SendBudgetGrant> {
    const now = this.#now();
    const globalWait = waitOf(this.#global, now);
    if (globalWait > 0) return { granted: false, waitMs: globalWait, scope: "global" };
    const chat = this.#chat(target);
    const chatWait = waitOf(chat, now);
    if (chatWait > 0) return { granted: false, waitMs: chatWait, scope: "chat" };
    use(this.#global, now);
    use(chat, now);
    this.#sweep(now);
    return { granted: true };
  }

  async backOff(target: SendTarget, retryAfterMs: number): Promise<void> {
    const now = this.#now();
    const until = now + Math.max(0, retryAfterMs);
    const key = keyOf(target);
    const chat = this.#chat(target);
    chat.heldUntil = Math.max(chat.heldUntil, until);
    const last = this.#lastHold;
    if (last && last.key !== key && last.until > now) {
      this.#global.heldUntil = Math.max(this.#global.heldUntil, until);
    }
    this.#lastHold = { key, until: chat.heldUntil };
  }

  #chat(target: SendTarget): Bucket {
    const key = keyOf(target);
    let chat = this.#chats.get(key);
    if (!chat) {
      chat = bucket(target.kind === "group" ? this.#limits.group : this.#limits.private);
      this.#chats.set(key, chat);
    }
    return chat;
  }

  #sweep(now: number): void {
    if (this.#chats.size < this.#sweepAt) return;
    for (const [key, chat] of this.#chats) {
      if (chat.fullAt <= now && chat.heldUntil <= now) this.#chats.delete(key);
    }
    this.#sweepAt = Math.max(FIRST_SWEEP_AT, this.#chats.size * 2);
  }
}

function keyOf(target: SendTarget): string {
  return `${target.kind}:${target.chatId}`;
}

function checkLimit(limit: BucketLimit): void {
  if (!(limit.capacity >= 1) || !(limit.intervalMs >= 0)) {
    throw new RangeError("a bucket needs capacity >= 1 and intervalMs >= 0");
  }
}

function bucket(limit: BucketLimit): Bucket {
  return { limit, fullAt: -Infinity, heldUntil: -Infinity };
}

/** Milliseconds until the bucket has a token and no hold; 0 when one may go now. */
function waitOf(b: Bucket, now: number): number {
  const tokenAt = b.fullAt - (b.limit.capacity - 1) * b.limit.intervalMs;
  return Math.max(0, tokenAt - now, b.heldUntil - now);
}

function use(b: Bucket, now: number): void {
  b.fullAt = Math.max(b.fullAt, now) + b.limit.intervalMs;
}
