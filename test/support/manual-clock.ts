/**
 * The tests' one clock: src/clock.ts's Clock whose time moves only when the test says so.
 *
 * ```ts
 * const clock = new ManualClock(Date.parse("2026-06-15T09:00:00Z"));
 * const sent = sender.schedule(chat, send); // the pacer sleeps on the clock...
 * await clock.advance(30_000); // ...and wakes here, with anyone else due, each at its own time
 *
 * const instant = ManualClock.instant(); // a sleep passes at once, moving the time on by its length
 * await client.warehouses.list(); // retries and limiter waits cost no real time
 * expect(instant.sleeps).toEqual([250]);
 *
 * new MemoryStore({ now: clock.now }); // `now` is bound: it stands for a `() => number` too
 * ```
 */
import type { Clock } from "../../src/clock.ts";

/** The default start: a fixed working-day morning, so dates in texts do not depend on the run. */
const DEFAULT_START = Date.parse("2026-06-15T09:00:00Z");

/** Lets promise chains started by a wake-up run to their next wait. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Sleeper {
  at: number;
  resolve: () => void;
}

export interface ManualClockOptions {
  /**
   * A sleep moves the time on by its length and resolves at once, instead of waiting for
   * advance(): for code that waits between retries or for a rate limit while the test only
   * checks how long it asked to wait (`sleeps`, `wakes`).
   */
  instant?: boolean;
}

export class ManualClock implements Clock {
  /** Every delay asked for, in order (aborted ones included). */
  readonly sleeps: number[] = [];
  /** For each sleep, the time it was asked at and the time it ends. */
  readonly wakes: { at: number; until: number }[] = [];
  #now: number;
  #instant: boolean;
  #sleepers: Sleeper[] = [];

  constructor(start = DEFAULT_START, options: ManualClockOptions = {}) {
    this.#now = start;
    this.#instant = options.instant ?? false;
  }

  /** A clock whose sleeps pass at once (see ManualClockOptions.instant). */
  static instant(start?: number): ManualClock {
    return new ManualClock(start, { instant: true });
  }

  readonly now = (): number => this.#now;

  /** Sleeps not yet woken nor aborted (each would hold a timer on the system clock). */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.wakes.push({ at: this.#now, until: this.#now + ms });
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#instant) {
      this.#now = Math.max(this.#now, this.#now + ms);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = { at: this.#now + Math.max(0, ms), resolve };
      this.#sleepers.push(sleeper);
      signal?.addEventListener(
        "abort",
        () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /**
   * Moves time by `ms` (back too, as NTP may), waking every sleeper due on the way, each at its
   * own time; resolves when the woken have run to their next wait.
   */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await settle();
    for (;;) {
      const next = this.#sleepers.reduce<Sleeper | undefined>(
        (soonest, s) => (!soonest || s.at < soonest.at ? s : soonest),
        undefined,
      );
      if (!next || next.at > target) break;
      this.#sleepers = this.#sleepers.filter((s) => s !== next);
      this.#now = Math.max(this.#now, next.at);
      next.resolve();
      await settle();
    }
    this.#now = target;
    await settle();
  }
}
