/** Tests: test/ozon/limiter.test.ts, test/ozon/fallback-memory.test.ts and 5 more */
import { type Clock, systemClock } from "../clock.ts";

/** Something that lets a request go when the rate allows. */
export interface RateLimiter {
  take(signal?: AbortSignal): Promise<void>;
}

/**
 * Token bucket of `burst` tokens refilled at `ratePerSecond`, kept in its exact "virtual time"
 * form (GCRA) on whole milliseconds, so rounding never lets an extra request through.
 * Waiting callers reserve their slot up front, so they leave in arrival order and each one's
 * wait already accounts for everyone queued before it. With burst 1 (the default) grants are
 * at least ceil(1000/rate) ms apart: no window of one second ever holds more than `ratePerSecond`.
 */
export class TokenBucket implements RateLimiter {
  readonly ratePerSecond: number;
  readonly burst: number;
  /** Milliseconds between grants at the sustained rate. */
  readonly intervalMs: number;
  readonly #clock: Clock;
  /** When the bucket would be full again if nobody else came (the theoretical arrival time). */
  #fullAt: number;
  /** The latest time seen, to notice the wall clock being set back. */
  #lastNow: number;

  constructor(ratePerSecond: number, options: { burst?: number; clock?: Clock } = {}) {
    if (!(ratePerSecond > 0)) throw new RangeError("ratePerSecond must be greater than 0");
    this.ratePerSecond = ratePerSecond;
    this.burst = Math.max(1, Math.floor(options.burst ?? 1));
    this.intervalMs = Math.ceil(1000 / ratePerSecond);
    this.#clock = options.clock ?? systemClock;
    this.#fullAt = -Infinity;
    this.#lastNow = -Infinity;
  }

  /** Reserves a token; resolves when it is due. */
  async take(signal?: AbortSignal): Promise<void> {
    const wait = this.reserve();
    if (wait > 0) await this.#clock.sleep(wait, signal);
  }

  /** Takes a token now (possibly on credit) and says how many ms to wait before using it. */
  reserve(): number {
    const now = Math.ceil(this.#clock.now());
    // Set back (NTP, a resumed VM): move the schedule with it, or every caller would wait that long.
    if (now < this.#lastNow) this.#fullAt -= this.#lastNow - now;
    this.#lastNow = now;
    const fullAt = Math.max(this.#fullAt, now);
    const grantAt = Math.max(now, fullAt - (this.burst - 1) * this.intervalMs);
    this.#fullAt = fullAt + this.intervalMs;
    return grantAt - now;
  }
}

/** One bucket per Client-Id (and clock), shared by every client built for that Client-Id. */
const shared = new WeakMap<Clock, Map<string, TokenBucket>>();

export function sharedLimiter(key: string, ratePerSecond: number, clock: Clock = systemClock) {
  let byKey = shared.get(clock);
  if (!byKey) {
    byKey = new Map();
    shared.set(clock, byKey);
  }
  let bucket = byKey.get(key);
  if (!bucket || bucket.ratePerSecond !== ratePerSecond) {
    bucket = new TokenBucket(ratePerSecond, { clock });
    byKey.set(key, bucket);
  }
  return bucket;
}
