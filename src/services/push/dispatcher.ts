/**
 * Turns queued push hints into passes of the shop's poller. Every process runs one; the pass
 * itself runs only where the shop's poller holds its lease, and a hint is removed only after a
 * pass that began after the hint arrived, so a hint is never dropped on a process that could
 * not act on it. Woken at once by a push received in this process, it also looks at the queue
 * every second for pushes another process received.
 */
import type { Logger } from "../../logger.ts";
import { BackgroundLoop } from "../background-loop.ts";
import type { PushArea, PushHint } from "./events.ts";
import type { PushQueue } from "./queue.ts";

/**
 * One pass of a shop's poller; resolves false when another process holds its lease. `hints` are
 * the pushes it answers (untrusted: they may only make the pass look at something sooner).
 */
export type PushPass = (hints: readonly PushHint[]) => Promise<boolean>;

export interface PushDispatcherOptions {
  queue: PushQueue;
  /** The pass for a shop's postings or chats; undefined when this process runs none (paused...). */
  passFor(shopId: string, area: PushArea): PushPass | undefined;
  /** False for a shop that no longer exists: its hints are dropped. */
  knows(shopId: string): boolean;
  /** Pause between looks at the queue (default 1 s). */
  intervalMs?: number;
  logger?: Logger;
  now?: () => number;
}

export class PushDispatcher {
  readonly #options: PushDispatcherOptions;
  readonly #loop: BackgroundLoop<number>;

  constructor(options: PushDispatcherOptions) {
    this.#options = options;
    this.#loop = new BackgroundLoop<number>({
      name: "ozon-push",
      round: (signal) => this.#round(signal),
      pauseMs: () => options.intervalMs ?? 1_000,
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** A push arrived in this process: look now. */
  wake(): void {
    this.#loop.wake();
  }

  /** One look at the queue now (tests); resolves with the hints it cleared. */
  async runOnce(): Promise<number> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : 0;
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async #round(signal: AbortSignal): Promise<number> {
    const { queue, passFor, knows, logger } = this.#options;
    const now = this.#options.now ?? Date.now;
    let cleared = 0;
    // Shops side by side: one shop's slow Ozon never holds up another's push.
    await Promise.all(
      (await queue.areasWaiting()).map(async ({ shopId, area }) => {
        if (signal.aborted) return;
        const hints = await queue.pending(shopId, area);
        if (!knows(shopId)) {
          await queue.done(hints.map((h) => h.key));
          return;
        }
        const pass = passFor(shopId, area);
        if (!pass) return;
        const began = now();
        try {
          if (!(await pass(hints.map((h) => h.hint)))) return;
        } catch (error) {
          logger?.warn(
            { err: error, shop: shopId, area },
            "a pass after an Ozon push failed; it is tried again",
          );
          return;
        }
        const covered = hints.filter((h) => Date.parse(h.hint.receivedAt) <= began);
        await queue.done(covered.map((h) => h.key));
        cleared += covered.length;
      }),
    );
    return cleared;
  }
}
