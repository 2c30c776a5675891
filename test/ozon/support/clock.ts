/** A clock for tests: sleeping records the delay asked for and moves time on at once. */
import type { Clock } from "../../../src/clock.ts";

export interface FakeClock extends Clock {
  /** Every delay asked for, in order. */
  sleeps: number[];
  /** For each sleep, the time it was asked at and the time it ends. */
  wakes: { at: number; until: number }[];
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse("2026-06-15T09:00:00Z")): FakeClock {
  let now = start;
  const clock: FakeClock = {
    sleeps: [],
    wakes: [],
    now: () => now,
    advance(ms) {
      now += ms;
    },
    async sleep(ms) {
      clock.sleeps.push(ms);
      const until = now + ms;
      clock.wakes.push({ at: now, until });
      now = Math.max(now, until);
    },
  };
  return clock;
}
