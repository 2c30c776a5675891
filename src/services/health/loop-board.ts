/**
 * The background loops running in this process, as they report themselves: every BackgroundLoop
 * joins the board when it starts and leaves when it stops, so /status and /metrics list whatever
 * loops exist (a new poller appears without being named anywhere). A loop started for one store
 * (src/shops/per-shop.ts runs its workers under `runForShop`) carries that store's id.
 *
 * Everything here is an in-memory write at the end of a round; listeners (the cross-process
 * record, src/services/health/health.ts) decide what to keep.
 * Tests: test/services/health/two-processes.test.ts and 3 more
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { currentShop } from "../../shops/shop-scope.ts";

/** The round whose work runs here, as the progress it may report. */
const roundScope = new AsyncLocalStorage<() => void>();

/**
 * Runs `work` as a round that reports progress with `progress`: whatever it calls, however deep
 * (an Ozon page read, a message Telegram took), may say it moved on (`reportProgress`).
 */
export function withinRound<T>(progress: () => void, work: () => Promise<T>): Promise<T> {
  return roundScope.run(progress, work);
}

/** The round in progress here moved on (a no-op outside a round). */
export function reportProgress(): void {
  roundScope.getStore()?.();
}

/**
 * The reporter of the round in progress here, to call later from elsewhere (the Telegram sender's
 * queue reports for the rounds whose messages wait in it); undefined outside a round.
 */
export function captureProgress(): (() => void) | undefined {
  return roundScope.getStore();
}

export interface LoopView {
  readonly name: string;
  /** The store the loop works for; none for the bot's own loops (schedules, pushes). */
  readonly shopId: string | undefined;
  readonly startedAt: number;
  /** When a round last ended without an error. */
  readonly lastOkAt: number | undefined;
  readonly lastDurationMs: number | undefined;
  /** A round and the pause after it, as last seen: the loop's interval. */
  readonly cycleMs: number | undefined;
  /** Rounds that failed in a row. */
  readonly failures: number;
  /**
   * While a round runs: when it last reported progress (an Ozon answer, a message sent, a wait on
   * Telegram's limits); undefined between rounds and before the round's first progress.
   */
  readonly progressAt: number | undefined;
  /** This process runs its rounds (holds its lease, or it has none). */
  readonly held: boolean;
}

export class LoopTrack implements LoopView {
  lastOkAt: number | undefined;
  lastDurationMs: number | undefined;
  cycleMs: number | undefined;
  failures = 0;
  held = false;
  progressAt: number | undefined;
  readonly name: string;
  readonly shopId: string | undefined;
  readonly startedAt: number;
  constructor(name: string, shopId: string | undefined, startedAt: number) {
    this.name = name;
    this.shopId = shopId;
    this.startedAt = startedAt;
  }
}

export type RoundEnd = "ok" | "failed";
/** What the board tells its listeners: a loop joined, a round ended, or a round moved on. */
export type RoundEvent = RoundEnd | "joined" | "progress";

export class LoopBoard {
  readonly #tracks = new Set<LoopTrack>();
  readonly #listeners = new Set<(track: LoopView, end: RoundEvent) => void>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A loop starts: its track (the store is the one `runForShop` names, unless given). */
  join(name: string, shopId: string | undefined = currentShop()): LoopTrack {
    const track = new LoopTrack(name, shopId, this.#now());
    this.#tracks.add(track);
    this.#tell(track, "joined");
    return track;
  }

  leave(track: LoopTrack): void {
    this.#tracks.delete(track);
  }

  /** A round of `track` ended after `durationMs`. */
  roundEnded(track: LoopTrack, end: RoundEnd, durationMs: number): void {
    track.lastDurationMs = durationMs;
    track.progressAt = undefined;
    if (end === "ok") {
      track.lastOkAt = this.#now();
      track.failures = 0;
    } else {
      track.failures += 1;
    }
    this.#tell(track, end);
  }

  /** The round in progress of `track` moved on. */
  progressed(track: LoopTrack): void {
    track.progressAt = this.#now();
    this.#tell(track, "progress");
  }

  /** The pause the loop takes now (after a round of `lastDurationMs`). */
  paused(track: LoopTrack, pauseMs: number): void {
    track.cycleMs = (track.lastDurationMs ?? 0) + pauseMs;
  }

  list(): LoopView[] {
    return [...this.#tracks];
  }

  onRound(listener: (track: LoopView, end: RoundEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(track: LoopView, end: RoundEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(track, end);
      } catch {
        // A listener's failure is its own; the loop goes on.
      }
    }
  }
}

/** The loops of this process. */
export const processLoops = new LoopBoard();
