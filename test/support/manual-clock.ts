import type { Clock } from "../../src/clock.ts";

/** Lets promise chains started by a wake-up run to their next wait. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Sleeper {
  at: number;
  resolve: () => void;
}

/** A clock that moves only when the test says so; sleepers wake in time order. */
export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Sleeps not yet woken nor aborted (each would hold a timer on the system clock). */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
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

  /** Moves time forward by `ms`, waking every sleeper due on the way, each at its own time. */
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
