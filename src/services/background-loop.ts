/**
 * One background loop — the posting watcher, the chat relay and the report runner each run on one:
 * rounds of work one at a time with a pause between them, woken early on demand, stopped within
 * a deadline, and (optionally) only while this process holds a lease, so that several processes
 * on one store take turns.
 *
 * - `start()`: a first round at once, then after each round the pause `pauseMs(result)`.
 * - `wake()`: the next round starts now; a wake-up during a round runs another round right after
 *   it (the round in progress may have read its input before the news arrived).
 * - `runOnce()`: one round now, or right after the round in progress; callers meanwhile share it.
 * - `stop(deadline?)`: no new round; the round in progress sees its `signal` abort and should start
 *   nothing new (stop between messages, not after the backlog). Resolves when the round ended or
 *   at the deadline (default 5 s), whichever is first. The lease is released only when the round
 *   ended: a round still sending must not overlap another process's.
 * - Lease: taken before each round (`{ leader: false }` when another holder has it), renewed every
 *   third of its TTL while the loop runs or a round is in progress. A failed renewal aborts the
 *   round's signal with LeaseLostError. A loop that is not the leader tries again at least every
 *   third of the TTL, so it takes over soon after the holder dies.
 * Tests: test/services/background-loop.test.ts, test/services/health/two-processes.test.ts
 */
import { settlesBefore } from "../deadline.ts";
import { LeaseLostError } from "../store/lease.ts";
import { type LoopBoard, type LoopTrack, processLoops, withinRound } from "./health/loop-board.ts";

export interface LoopLease {
  readonly ttlMs: number;
  /** Takes or renews; true while this loop holds the lease. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export type RoundOutcome<R> = { leader: true; result: R } | { leader: false };

export interface LoopLogger {
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface BackgroundLoopOptions<R> {
  /** Names the loop in logs and errors. */
  name: string;
  /** One round; `signal` aborts on stop() or when the lease is lost. */
  round(signal: AbortSignal): Promise<R>;
  /** Pause before the next round; `undefined` after a round that failed or was not the leader's. */
  pauseMs(result: R | undefined): number;
  /** Only the lease holder runs rounds; none: always. */
  lease?: LoopLease | undefined;
  /** Called when this loop starts or stops holding the lease (between rounds). */
  onLeaseChange?(held: boolean): void;
  /** stop()'s deadline when it is given none (default 5 s). */
  stopTimeoutMs?: number;
  logger?: LoopLogger | undefined;
  /** Where the loop reports its rounds while it runs (default: this process's, for /status). */
  board?: LoopBoard;
  /** The store it works for, when it is not started under PerShop (which says so itself). */
  shop?: string;
}

export const DEFAULT_STOP_TIMEOUT_MS = 5_000;

/**
 * Work left undone because the bot is stopping (a loop's round told to stop, a send the Telegram
 * sender no longer takes): nothing was done, it is done after the next start, and it is no failure.
 */
export class StoppingError extends Error {}

/** The reason a round's signal aborts when its loop is stopped. */
export class LoopStoppedError extends StoppingError {
  override name = "LoopStoppedError";
  constructor(loop: string) {
    super(`${loop} is stopping`);
  }
}

export class BackgroundLoop<R> {
  readonly #options: BackgroundLoopOptions<R>;
  #running = false;
  #stopping = false;
  #loop: Promise<void> | undefined;
  /** The round in progress, and the one callers asked for meanwhile. */
  #current: Promise<RoundOutcome<R>> | undefined;
  #next: Promise<RoundOutcome<R>> | undefined;
  #controller: AbortController | undefined;
  /** wake() arrived since the loop's round began. */
  #again = false;
  #endPause: (() => void) | undefined;
  #held = false;
  #lostInRound = false;
  #heartbeat: NodeJS.Timeout | undefined;
  #renewing = false;
  /** On the board between start() and stop(). */
  #track: LoopTrack | undefined;

  constructor(options: BackgroundLoopOptions<R>) {
    this.#options = options;
  }

  /** True between start() and stop(). */
  get running(): boolean {
    return this.#running;
  }

  /** Runs rounds until stop(); the first starts at once. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    const board = this.#options.board ?? processLoops;
    this.#track = board.join(this.#options.name, this.#options.shop);
    this.#track.held = this.#held || !this.#options.lease;
    this.#loop = this.#run();
  }

  /** The next round starts now (or right after the one in progress). No effect unless running. */
  wake(): void {
    if (!this.#running) return;
    this.#again = true;
    this.#endPause?.();
  }

  /** One round now, or right after the round in progress; concurrent callers share it. */
  runOnce(): Promise<RoundOutcome<R>> {
    const current = this.#current;
    if (!current) return this.#begin();
    this.#next ??= current.then(
      () => this.#follow(),
      () => this.#follow(),
    );
    return this.#next;
  }

  /**
   * Stops: no new round, the round in progress is told to stop (its signal aborts). Resolves true
   * once it ended and the lease was given up, false when `deadline` came first.
   */
  async stop(deadline?: AbortSignal): Promise<boolean> {
    const signal =
      deadline ?? AbortSignal.timeout(this.#options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS);
    this.#running = false;
    this.#stopping = true;
    if (this.#track) (this.#options.board ?? processLoops).leave(this.#track);
    this.#track = undefined;
    this.#endPause?.();
    this.#controller?.abort(new LoopStoppedError(this.#options.name));
    try {
      const work = Promise.allSettled([this.#loop, this.#current, this.#next]);
      const ended = await settlesBefore(work, signal);
      this.#loop = undefined;
      this.#stopHeartbeat();
      if (!ended) {
        this.#options.logger?.warn(
          { loop: this.#options.name },
          "Stop deadline passed with a round still running; its lease is left to run out",
        );
        return false;
      }
      if (this.#options.lease && this.#held) {
        const released = this.#options.lease.release().catch((error: unknown) => {
          this.#options.logger?.warn(
            { err: error, loop: this.#options.name },
            "Could not release the lease",
          );
        });
        if (!(await settlesBefore(released, signal))) return false;
        this.#setHeld(false);
      }
      return true;
    } finally {
      this.#stopping = false;
    }
  }

  #follow(): Promise<RoundOutcome<R>> {
    this.#next = undefined;
    return this.#begin();
  }

  #begin(): Promise<RoundOutcome<R>> {
    const round = this.#execute().finally(() => {
      if (this.#current === round) this.#current = undefined;
    });
    this.#current = round;
    return round;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      this.#again = false;
      let outcome: RoundOutcome<R> | undefined;
      try {
        outcome = await this.runOnce();
      } catch (error) {
        this.#options.logger?.error(
          { err: error, loop: this.#options.name },
          "Background round failed; trying again after the pause",
        );
      }
      if (!this.#running) break;
      if (this.#again) continue;
      await this.#pause(this.#pauseAfter(outcome));
    }
  }

  #pauseAfter(outcome: RoundOutcome<R> | undefined): number {
    const ms = this.#options.pauseMs(outcome?.leader ? outcome.result : undefined);
    const lease = this.#options.lease;
    // A follower (or a loop that lost the lease during the round) asks again soon: the holder
    // may be gone.
    if (lease && !(outcome?.leader && this.#held)) return Math.min(ms, lease.ttlMs / 3);
    return ms;
  }

  #pause(ms: number): Promise<void> {
    if (this.#track) (this.#options.board ?? processLoops).paused(this.#track, ms);
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.#endPause = undefined;
        resolve();
      };
      const timer = setTimeout(end, Math.max(0, ms));
      this.#endPause = end;
    });
  }

  async #execute(): Promise<RoundOutcome<R>> {
    const lease = this.#options.lease;
    if (this.#stopping) return { leader: false };
    if (lease) {
      this.#setHeld(await lease.acquire());
      if (!this.#held) return { leader: false };
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.#lostInRound = false;
    this.#syncHeartbeat(true);
    const track = this.#track;
    const board = this.#options.board ?? processLoops;
    const began = performance.now();
    let end: "ok" | "failed" = "failed";
    // What the round's work reports as progress keeps a long, busy round from reading as stalled.
    const progress = () => {
      if (track && this.#controller === controller) board.progressed(track);
    };
    try {
      const result = await withinRound(progress, () => this.#options.round(controller.signal));
      end = "ok";
      return { leader: true, result };
    } finally {
      // An in-memory note only: the board's listeners decide what to keep.
      if (track) board.roundEnded(track, end, performance.now() - began);
      this.#controller = undefined;
      if (this.#lostInRound) this.#setHeld(false);
      this.#syncHeartbeat(false);
    }
  }

  #setHeld(held: boolean): void {
    if (held === this.#held) return;
    this.#held = held;
    if (this.#track) this.#track.held = held;
    this.#options.onLeaseChange?.(held);
  }

  /** Renews while the loop runs or a round is in progress, and only while the lease is held. */
  #syncHeartbeat(inRound: boolean): void {
    const lease = this.#options.lease;
    const wanted = lease !== undefined && this.#held && (inRound || this.#running);
    if (!wanted) {
      this.#stopHeartbeat();
      return;
    }
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => void this.#renew(), lease.ttlMs / 3);
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  async #renew(): Promise<void> {
    const lease = this.#options.lease;
    if (!lease || this.#renewing) return;
    this.#renewing = true;
    try {
      if (await lease.acquire()) return;
      this.#stopHeartbeat();
      if (this.#controller) {
        this.#lostInRound = true;
        this.#controller.abort(new LeaseLostError(this.#options.name));
      } else {
        this.#setHeld(false);
      }
    } catch (error) {
      this.#options.logger?.warn(
        { err: error, loop: this.#options.name },
        "Could not renew the lease",
      );
    } finally {
      this.#renewing = false;
    }
  }
}
