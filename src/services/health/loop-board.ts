/**
 * The background loops running in this process, as they report themselves: every BackgroundLoop
 * joins the board when it starts and leaves when it stops, so /status and /metrics list whatever
 * loops exist (a new poller appears without being named anywhere). A loop started for one store
 * (src/shops/per-shop.ts runs its workers under `runForShop`) carries that store's id.
 *
 * Everything here is an in-memory write at the end of a round; listeners (the cross-process
 * record, src/services/health/health.ts) decide what to keep.
 */
import { currentShop } from "../../shops/shop-scope.ts";

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
  /** This process runs its rounds (holds its lease, or it has none). */
  readonly held: boolean;
}

export class LoopTrack implements LoopView {
  lastOkAt: number | undefined;
  lastDurationMs: number | undefined;
  cycleMs: number | undefined;
  failures = 0;
  held = false;
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

export class LoopBoard {
  readonly #tracks = new Set<LoopTrack>();
  readonly #listeners = new Set<(track: LoopView, end: RoundEnd | "joined") => void>();
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
    if (end === "ok") {
      track.lastOkAt = this.#now();
      track.failures = 0;
    } else {
      track.failures += 1;
    }
    this.#tell(track, end);
  }

  /** The pause the loop takes now (after a round of `lastDurationMs`). */
  paused(track: LoopTrack, pauseMs: number): void {
    track.cycleMs = (track.lastDurationMs ?? 0) + pauseMs;
  }

  list(): LoopView[] {
    return [...this.#tracks];
  }

  onRound(listener: (track: LoopView, end: RoundEnd | "joined") => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(track: LoopView, end: RoundEnd | "joined"): void {
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
