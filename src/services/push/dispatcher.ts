/**
 * Turns queued push hints into passes of the shop's poller. Every process runs one; the pass
 * itself runs only where the shop's poller holds its lease, and a hint is cleared only after a
 * pass that began after it was written, so a hint is never dropped on a process that could not
 * act on it. Woken by a push received in this process, it also looks at the queue every second
 * for pushes another process received.
 *
 * However many pushes come, a shop's area gets at most one forced pass per `minGapMs` (1 s) from
 * this process: a push during a pass, or just after one, waits for the next slot, where one pass
 * answers them all. A forced pass that fails is tried again after BACKOFF_MS (5 s, 15 s, 60 s),
 * then left to the regular poll (queue.ts keeps the count, so every process and a restart see it).
 * Tests: test/services/push/dispatcher.test.ts, test/bot/stock/pushes.test.ts
 */
import type { Logger } from "../../logger.ts";
import { BackgroundLoop, StoppingError } from "../background-loop.ts";
import type { PushArea, PushHint } from "./events.ts";
import type { NamedStock, PushQueue } from "./queue.ts";

/**
 * One pass of a shop's poller; resolves false when another process holds its lease. `hints` are
 * the pushes it answers, `stock` what they said of stock (untrusted: they may only make the pass
 * look at something sooner).
 */
export type PushPass = (hints: readonly PushHint[], stock?: NamedStock) => Promise<boolean>;

/** Waits before the forced pass after the 1st, 2nd, 3rd failure in a row; then: regular poll. */
export const BACKOFF_MS: readonly number[] = [5_000, 15_000, 60_000];

export interface PushDispatcherOptions {
  queue: PushQueue;
  /** The pass for a shop's postings or chats; undefined when this process runs none (paused...). */
  passFor(shopId: string, area: PushArea): PushPass | undefined;
  /** False for a shop that no longer exists: its hints are dropped. */
  knows(shopId: string): boolean;
  /** Pause between looks at the queue (default 1 s). */
  intervalMs?: number;
  /**
   * Shortest time between the starts of two forced passes of one area (default 1 s); pushes
   * within it are answered together by the next pass (a stock push's SKUs read in one request).
   */
  minGapMs?: number | ((area: PushArea) => number);
  logger?: Logger;
  now?: () => number;
}

interface Round {
  /** Pushes the round's passes answered. */
  cleared: number;
  /** The soonest moment an area held back by the gap or the backoff may run (epoch ms). */
  nextDue: number | undefined;
}

export class PushDispatcher {
  readonly #options: PushDispatcherOptions;
  readonly #loop: BackgroundLoop<Round>;
  readonly #now: () => number;
  /** Per "shop\narea": no forced pass from this process before then (the gap, the backoff). */
  readonly #notBefore = new Map<string, number>();
  readonly #inPass = new Set<string>();
  #timer: { at: number; handle: NodeJS.Timeout } | undefined;

  constructor(options: PushDispatcherOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    const interval = options.intervalMs ?? 1_000;
    this.#loop = new BackgroundLoop<Round>({
      name: "ozon-push",
      round: (signal) => this.#round(signal),
      pauseMs: (round) =>
        round?.nextDue === undefined
          ? interval
          : Math.max(0, Math.min(interval, round.nextDue - this.#now())),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  /**
   * A push for this shop's area arrived in this process: look now, or — during its pass or
   * within the gap after the last one started — when the gap ends.
   */
  wake(shopId?: string, area?: PushArea): void {
    const key = `${shopId}\n${area}`;
    // The pass in progress ends by looking again (its record moved): the round after it waits.
    if (shopId !== undefined && this.#inPass.has(key)) return;
    const due = this.#notBefore.get(key) ?? Number.NEGATIVE_INFINITY;
    const now = this.#now();
    if (shopId === undefined || due <= now) {
      this.#loop.wake();
      return;
    }
    if (this.#timer && this.#timer.at <= due) return;
    clearTimeout(this.#timer?.handle);
    const handle = setTimeout(() => {
      this.#timer = undefined;
      this.#loop.wake();
    }, due - now);
    handle.unref();
    this.#timer = { at: due, handle };
  }

  /** One look at the queue now (tests); resolves with the pushes its passes answered. */
  async runOnce(): Promise<number> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result.cleared : 0;
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    clearTimeout(this.#timer?.handle);
    this.#timer = undefined;
    return this.#loop.stop(deadline);
  }

  #gap(area: PushArea): number {
    const gap = this.#options.minGapMs ?? 1_000;
    return typeof gap === "number" ? gap : gap(area);
  }

  async #round(signal: AbortSignal): Promise<Round> {
    const round: Round = { cleared: 0, nextDue: undefined };
    const later = (at: number) => {
      round.nextDue = Math.min(round.nextDue ?? at, at);
    };
    // Shops side by side: one shop's slow Ozon never holds up another's push.
    await Promise.all(
      (await this.#options.queue.areasWaiting()).map(async ({ shopId, area }) => {
        if (signal.aborted) return;
        const due = await this.#area(shopId, area, round);
        if (due !== undefined) later(due);
      }),
    );
    return round;
  }

  /** Runs one area's pass when it is due; says when to look again if it is held back. */
  async #area(shopId: string, area: PushArea, round: Round): Promise<number | undefined> {
    const { queue, passFor, knows, logger } = this.#options;
    if (!knows(shopId)) {
      await queue.drop(shopId, area);
      return undefined;
    }
    const key = `${shopId}\n${area}`;
    const pass = passFor(shopId, area);
    if (!pass || this.#inPass.has(key)) return undefined;
    const now = this.#now();
    const notBefore = this.#notBefore.get(key) ?? Number.NEGATIVE_INFINITY;
    if (notBefore > now) return notBefore;
    const waiting = await queue.waiting(shopId, area);
    if (!waiting) return undefined;
    // The backoff, possibly decided by another process.
    if (waiting.retryAt !== undefined && waiting.retryAt > now) {
      this.#notBefore.set(key, waiting.retryAt);
      return waiting.retryAt;
    }
    this.#notBefore.set(key, now + this.#gap(area));
    this.#inPass.add(key);
    try {
      if (!(await pass(waiting.hints, waiting.stock))) return now + this.#gap(area);
      if (await queue.passed(shopId, area, waiting.seq)) round.cleared += waiting.count;
      // Pushes that came during the pass wait for the next slot.
      else return now + this.#gap(area);
    } catch (error) {
      // Stopped mid-pass: no failure of the store's Ozon, the hint waits for the next start.
      if (error instanceof StoppingError) return undefined;
      const { retryInMs, gaveUp } = await queue.failed(shopId, area, BACKOFF_MS);
      this.#notBefore.set(key, now + retryInMs);
      logger?.warn(
        { err: error, shop: shopId, area, failures: waiting.failures + 1, retryInMs },
        gaveUp
          ? "a pass after an Ozon push failed again; pushes are left to the regular poll"
          : "a pass after an Ozon push failed; it is tried again later",
      );
    } finally {
      this.#inPass.delete(key);
    }
    return undefined;
  }
}
