import type { PacerClock } from "../../../src/services/postings/pacer.ts";

/** Lets promise chains started by a wake-up run to their next wait. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Sleeper {
  at: number;
  resolve: () => void;
}

/** A clock that moves only when the test says so; sleepers wake in time order. */
export class ManualClock implements PacerClock {
  #now: number;
  #sleepers: Sleeper[] = [];

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const sleeper: Sleeper = { at: this.#now + Math.max(0, ms), resolve };
      this.#sleepers.push(sleeper);
      signal?.addEventListener("abort", () => {
        this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
        resolve();
      });
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
