/** Tests: test/bot/core/session.test.ts, test/shutdown.test.ts */
import type { Context, MiddlewareFn } from "grammy";

/**
 * Counts updates being handled, so a graceful stop can wait for them, and remembers the highest
 * update id finished (polling confirms it to Telegram before exiting).
 */
export class InflightUpdates {
  #count = 0;
  #highestDone: number | undefined;
  #idle: Array<() => void> = [];

  get size(): number {
    return this.#count;
  }

  get highestDoneUpdateId(): number | undefined {
    return this.#highestDone;
  }

  middleware(): MiddlewareFn<Context> {
    return async (ctx, next) => {
      this.#count++;
      try {
        await next();
      } finally {
        this.#count--;
        const id = ctx.update.update_id;
        if (this.#highestDone === undefined || id > this.#highestDone) this.#highestDone = id;
        if (this.#count === 0) for (const resolve of this.#idle.splice(0)) resolve();
      }
    };
  }

  /** Resolves true when nothing is in flight, false when `timeoutMs` passed first. */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#idle = this.#idle.filter((r) => r !== onIdle);
        resolve(false);
      }, timeoutMs);
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#idle.push(onIdle);
    });
  }
}
