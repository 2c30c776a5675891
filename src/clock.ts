/**
 * The project's one notion of time: wall-clock milliseconds and a sleep. Everything that waits or
 * stamps (the Ozon request core and its limiter, the Telegram sender) takes a Clock, so tests run
 * on a manual one and benchmarks on a fast one.
 * Tests: test/bot/stock/todays-ozon.test.ts, test/ozon/fallback-memory.test.ts and 4 more
 */
import { setTimeout as delay } from "node:timers/promises";

export interface Clock {
  /** Milliseconds since the epoch. May jump (NTP, a resumed VM); users that pace must cope. */
  now(): number;
  /** Resolves after `ms` of this clock's time; rejects (AbortError) when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) return;
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
};

/**
 * A clock whose time runs `speedup` times faster than the wall clock: limits are enforced exactly
 * in its time while a benchmark finishes `speedup` times sooner. Timer granularity (about 1 ms of
 * real time) can only make pacing slower than the limits, never faster.
 */
export function createScaledClock(speedup: number): Clock {
  if (!(speedup > 0)) throw new RangeError("speedup must be greater than 0");
  const realStart = performance.now();
  const virtualStart = Date.now();
  return {
    now: () => virtualStart + (performance.now() - realStart) * speedup,
    sleep: (ms, signal) => systemClock.sleep(ms / speedup, signal),
  };
}

/**
 * `clock.now()` that never goes back: a jump back (NTP, a resumed VM) is absorbed, so anything
 * scheduled on it waits at most as long as it meant to instead of for the size of the jump.
 */
export function steadyNow(clock: Clock): () => number {
  let last = -Infinity;
  let skew = 0;
  return () => {
    const now = clock.now() + skew;
    if (now < last) {
      skew += last - now;
      return last;
    }
    last = now;
    return now;
  };
}
