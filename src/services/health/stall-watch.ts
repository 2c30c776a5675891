/**
 * A loop is stalled (⚠️ on /status) when it has not ended a round well for three of its intervals
 * or the health's floor (two minutes by default), whichever is longer, and the round in progress,
 * if any, has not reported progress within that time either: a round busy sending alerts, reading
 * pages or waiting on Telegram's limits is working, however long it takes.
 * Admins are told once when a loop stalls and once when it recovers; a stall is told at most once
 * an hour per store and loop, and a recovery only after a stall that was told.
 *
 * Every process looks (every 15 s by default); "once" holds across processes and restarts: the
 * state told is kept per loop in the store and moved by compare-and-set, so only the process whose
 * move succeeded tells.
 * Tests: test/services/health/two-processes.test.ts
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { type LoopHealth, type LoopStatus, STALL_FLOOR_MS } from "./health.ts";
import { ALARM_PREFIX, loopId } from "./records.ts";

/** Intervals without a good round before a loop is stalled. */
export const STALL_INTERVALS = 3;
/** The interval assumed for a loop whose interval is not known yet. */
const DEFAULT_CYCLE_MS = 60_000;
/** Intervals shorter than this count as this: a pause under load is no stall. */
const MIN_CYCLE_MS = 1_000;
const MIN_CHECK_MS = 1_000;
const UNKNOWN_CYCLE_CHECK_MS = 1_000;

export interface StallChange {
  kind: "stalled" | "recovered";
  shopId: string | undefined;
  loop: string;
  /** When its last good round ended (none: never since it was first seen). */
  okAt: number | undefined;
}

interface AlarmState {
  state: "stalled" | "ok";
  /** When the state was last moved. */
  at: number;
  /** When a stall of this loop was last told. */
  toldAt?: number;
  /** The current stall was told (so its recovery is). */
  told: boolean;
}

export interface StallWatchOptions {
  store: Store;
  health: LoopHealth;
  /** Only loops of stores served and not paused are judged. */
  isActive(shopId: string): boolean;
  now?: () => number;
  /**
   * Looks at most this often (default 15 s), and as often as the quickest loop's interval, down
   * to a second: a stall shows within about one interval of the loop.
   */
  checkEveryMs?: number;
  /** A stall of one loop is told at most this often (default 1 h). */
  tellEveryMs?: number;
  logger?: Logger;
}

/**
 * Whether a loop is stalled now: no good round for max(three intervals, `floorMs`) since it (or
 * we) started, and no progress of the round in progress within that time.
 */
export function isStalled(
  loop: LoopStatus,
  now: number,
  startedAt: number,
  floorMs: number = STALL_FLOOR_MS,
): boolean {
  const base = Math.max(loop.okAt ?? loop.since, startedAt);
  const cycle = Math.max(loop.cycleMs ?? DEFAULT_CYCLE_MS, MIN_CYCLE_MS);
  const window = Math.max(STALL_INTERVALS * cycle, floorMs);
  if (now - base <= window) return false;
  return loop.progressAt === undefined || now - loop.progressAt > window;
}

export class StallWatch {
  readonly #options: StallWatchOptions;
  readonly #now: () => number;
  readonly #listeners = new Set<(change: StallChange) => void>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #checking: Promise<void> | undefined;

  constructor(options: StallWatchOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  onChange(listener: (change: StallChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#checking;
  }

  #schedule(): void {
    if (!this.#running) return;
    // A loop whose interval is not known yet (its first round): look again within a second.
    const cycles = this.#options.health.board
      .list()
      .map((t) => t.cycleMs ?? UNKNOWN_CYCLE_CHECK_MS);
    const most = this.#options.checkEveryMs ?? 15_000;
    const quickest = Math.min(most, ...cycles);
    const every = Math.max(MIN_CHECK_MS, quickest);
    this.#timer = setTimeout(() => {
      void this.check().finally(() => this.#schedule());
    }, every);
    this.#timer.unref();
  }

  /** One look at every loop now (one at a time; a call during a look shares it). */
  check(): Promise<void> {
    this.#checking ??= this.#check()
      .catch((error: unknown) => {
        this.#options.logger?.warn({ err: error }, "checking the loops' health failed");
      })
      .finally(() => {
        this.#checking = undefined;
      });
    return this.#checking;
  }

  async #check(): Promise<void> {
    const { health, isActive } = this.#options;
    const now = this.#now();
    for (const loop of await health.loops()) {
      if (loop.shopId !== undefined && !isActive(loop.shopId)) continue;
      const stalled = isStalled(loop, now, health.startedAt, health.stallFloorMs);
      await this.#settle(loop, stalled, now);
    }
  }

  async #settle(loop: LoopStatus, stalled: boolean, now: number): Promise<void> {
    const { store } = this.#options;
    const key = ALARM_PREFIX + loopId(loop.shopId, loop.name);
    for (let tries = 0; tries < 5; tries++) {
      const before = await store.get<AlarmState>(key);
      const wasStalled = before?.state === "stalled";
      if (wasStalled === stalled) return;
      // Recovered only on a good pass after the stall was noted: a process that has just started
      // (and so gives every loop three intervals) does not clear another's stall by its grace.
      if (before && wasStalled && !((loop.okAt ?? Number.NEGATIVE_INFINITY) > before.at)) return;
      let next: AlarmState;
      let change: StallChange["kind"] | undefined;
      if (stalled) {
        const tell =
          now - (before?.toldAt ?? Number.NEGATIVE_INFINITY) >=
          (this.#options.tellEveryMs ?? 60 * 60 * 1000);
        const toldAt = tell ? now : before?.toldAt;
        next = {
          state: "stalled",
          at: now,
          told: tell,
          ...(toldAt !== undefined ? { toldAt } : {}),
        };
        change = tell ? "stalled" : undefined;
      } else {
        const toldAt = before?.toldAt;
        next = { state: "ok", at: now, told: false, ...(toldAt !== undefined ? { toldAt } : {}) };
        change = before?.told ? "recovered" : undefined;
      }
      const moved =
        before === undefined
          ? await store.setIfAbsent(key, next)
          : await store.compareAndSet(key, before, next);
      if (!moved) continue; // another process moved it meanwhile: look again
      if (change)
        this.#tell({ kind: change, shopId: loop.shopId, loop: loop.name, okAt: loop.okAt });
      return;
    }
  }

  #tell(change: StallChange): void {
    this.#options.logger?.warn(
      { shop: change.shopId, loop: change.loop, change: change.kind },
      change.kind === "stalled" ? "A background loop has stalled" : "A background loop works again",
    );
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // The listener's own failure.
      }
    }
  }
}
