/**
 * The health of the bot's loops across the processes sharing one store: each process writes its
 * heartbeat and the rounds of the loops it runs (records.ts), and reads everyone's for /status.
 * Nothing here runs per Telegram update: writes happen at the end of a loop's round and on a timer.
 * Tests: test/services/health/two-processes.test.ts
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { type LoopBoard, type LoopView, processLoops } from "./loop-board.ts";
import {
  LOOP_PREFIX,
  type LoopRecord,
  loopId,
  PROCESS_PREFIX,
  type ProcessRecord,
  PUSH_PREFIX,
  THIS_PROCESS_ID,
} from "./records.ts";

export interface LoopHealthOptions {
  store: Store;
  version: string;
  board?: LoopBoard;
  now?: () => number;
  /** How often this process says it is alive (default 10 s; its record lives three times that). */
  heartbeatMs?: number;
  /** A loop's record is written at most this often (default 1 s). */
  writeEveryMs?: number;
  /** This process's id in the records (default: host, pid and start). */
  processId?: string;
  logger?: Logger;
  /** The least time without a good pass before a loop is stalled (default STALL_FLOOR_MS). */
  stallFloorMs?: number;
  /** This process's Ozon failures over the last hour per store, carried by its heartbeat. */
  ozonFailures?: () => Record<string, Array<[string, number]>>;
}

/** A loop as /status shows it: the freshest of what its runner wrote and what runs here. */
export interface LoopStatus {
  shopId: string | undefined;
  name: string;
  okAt: number | undefined;
  since: number;
  cycleMs: number | undefined;
  durationMs: number | undefined;
  failures: number;
  /** While a round runs: when it last reported progress (loop-board.ts LoopView). */
  progressAt?: number | undefined;
  /** The live process that runs its rounds (holds its lease), if any. */
  holder: string | undefined;
}

const LOOP_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Two minutes: a loop polling every second is not "stalled" by a busy minute. */
export const STALL_FLOOR_MS = 120_000;
const PUSH_WRITE_EVERY_MS = 10_000;
/**
 * A busy round's progress is written this often at most (or a quarter of the least stall time, if
 * shorter): other processes' watches see it well inside the stall window.
 */
const PROGRESS_WRITE_MS = 10_000;

export class LoopHealth {
  readonly #options: LoopHealthOptions;
  readonly #board: LoopBoard;
  readonly #now: () => number;
  readonly startedAt: number;
  readonly processId: string;
  /** The least time without a good pass before a loop is stalled (stall-watch.ts isStalled). */
  readonly stallFloorMs: number;
  readonly #writtenAt = new Map<string, number>();
  readonly #pushWrittenAt = new Map<string, number>();
  readonly #writes = new Set<Promise<unknown>>();
  #unsubscribe: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Timeout | undefined;

  constructor(options: LoopHealthOptions) {
    this.#options = options;
    this.#board = options.board ?? processLoops;
    this.#now = options.now ?? Date.now;
    this.startedAt = this.#now();
    this.processId = options.processId ?? THIS_PROCESS_ID;
    this.stallFloorMs = options.stallFloorMs ?? STALL_FLOOR_MS;
  }

  get board(): LoopBoard {
    return this.#board;
  }

  /** Starts recording rounds and the heartbeat. */
  start(): void {
    if (this.#unsubscribe) return;
    this.#unsubscribe = this.#board.onRound((track, end) => {
      if (end === "joined") this.#heartbeatSoon();
      else if (track.held) this.#record(track, end === "progress");
    });
    this.#heartbeat();
    this.#timer = setInterval(() => this.#heartbeat(), this.#options.heartbeatMs ?? 10_000);
    this.#timer.unref();
  }

  /** Stops; this process leaves the list at once (its loops go to whoever takes them over). */
  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearInterval(this.#timer);
    clearTimeout(this.#soon);
    this.#timer = undefined;
    this.#soon = undefined;
    await this.settled();
    await this.#options.store.delete(PROCESS_PREFIX + this.processId).catch(() => undefined);
  }

  /** Resolves once the writes begun so far ended (tests, stop). */
  async settled(): Promise<void> {
    while (this.#writes.size > 0) await Promise.allSettled([...this.#writes]);
  }

  /** Ozon pushed something for a store (at most one write every 10 s per store). */
  pushArrived(shopId: string): void {
    const now = this.#now();
    if (now - (this.#pushWrittenAt.get(shopId) ?? Number.NEGATIVE_INFINITY) < PUSH_WRITE_EVERY_MS) {
      return;
    }
    this.#pushWrittenAt.set(shopId, now);
    this.#write(() => this.#options.store.set(PUSH_PREFIX + shopId, now, { ttlMs: LOOP_TTL_MS }));
  }

  async lastPushAt(shopId: string): Promise<number | undefined> {
    const at = await this.#options.store.get<number>(PUSH_PREFIX + shopId);
    return typeof at === "number" ? at : undefined;
  }

  /** The processes alive now (this one first). */
  async processes(): Promise<ProcessRecord[]> {
    const entries = await this.#options.store.list<ProcessRecord>(PROCESS_PREFIX);
    const now = this.#now();
    const ttl = 3 * (this.#options.heartbeatMs ?? 10_000);
    const alive = entries
      .map((e) => e.value)
      .filter((p) => p && typeof p.id === "string" && now - p.at <= ttl && Array.isArray(p.loops));
    return alive.sort(
      (a, b) =>
        Number(b.id === this.processId) - Number(a.id === this.processId) ||
        a.startedAt - b.startedAt,
    );
  }

  /** Every loop some live process has, with its last rounds and who runs them. */
  async loops(processes?: ProcessRecord[]): Promise<LoopStatus[]> {
    const alive = processes ?? (await this.processes());
    const records = new Map(
      (await this.#options.store.list<LoopRecord>(LOOP_PREFIX)).map((e) => [
        e.key.slice(LOOP_PREFIX.length),
        e.value,
      ]),
    );
    const local = new Map(this.#board.list().map((t) => [loopId(t.shopId, t.name), t]));
    const out = new Map<string, LoopStatus>();
    const seen = [
      ...alive.flatMap((p) => p.loops.map((l) => ({ ...l, process: p.id }))),
      ...[...local.entries()].map(([id, t]) => ({
        id,
        shopId: t.shopId,
        name: t.name,
        held: t.held,
        process: this.processId,
      })),
    ];
    for (const loop of seen) {
      const record = records.get(loop.id);
      const mine = local.get(loop.id);
      const known = out.get(loop.id);
      const status: LoopStatus = known ?? {
        shopId: loop.shopId,
        name: loop.name,
        okAt: record?.okAt,
        since: record?.since ?? mine?.startedAt ?? this.#now(),
        cycleMs: record?.cycleMs ?? mine?.cycleMs,
        durationMs: record?.durationMs,
        failures: record?.failures ?? 0,
        progressAt: record?.progressAt,
        holder: undefined,
      };
      if (loop.held) status.holder = loop.process;
      if (mine?.held) {
        // What runs here is fresher than its last write.
        status.okAt = newest(status.okAt, mine.lastOkAt);
        status.cycleMs = mine.cycleMs ?? status.cycleMs;
        status.durationMs = mine.lastDurationMs ?? status.durationMs;
        status.failures = mine.failures;
        status.progressAt = mine.progressAt;
      }
      out.set(loop.id, status);
    }
    return [...out.values()];
  }

  #record(track: LoopView, progress: boolean): void {
    const id = loopId(track.shopId, track.name);
    const now = this.#now();
    const every = this.#options.writeEveryMs ?? 1_000;
    const since = now - (this.#writtenAt.get(id) ?? Number.NEGATIVE_INFINITY);
    // The first failure after a success is written at once; the rest at most every `every`; a
    // busy round's progress (many a second) at most every PROGRESS_WRITE_MS.
    const due = progress
      ? since >= Math.max(every, Math.min(PROGRESS_WRITE_MS, this.stallFloorMs / 4))
      : track.failures === 1 || since >= every;
    if (!due) return;
    this.#writtenAt.set(id, now);
    const { store } = this.#options;
    this.#write(async () => {
      const before = await store.get<LoopRecord>(LOOP_PREFIX + id);
      const record: LoopRecord = {
        ...(track.shopId ? { shopId: track.shopId } : {}),
        name: track.name,
        since: before?.since ?? track.startedAt,
        failures: track.failures,
        at: now,
        by: this.processId,
      };
      const okAt = newest(before?.okAt, track.lastOkAt);
      if (okAt !== undefined) record.okAt = okAt;
      if (track.cycleMs !== undefined) record.cycleMs = track.cycleMs;
      if (track.lastDurationMs !== undefined) record.durationMs = Math.round(track.lastDurationMs);
      if (track.progressAt !== undefined) record.progressAt = track.progressAt;
      await store.set(LOOP_PREFIX + id, record, { ttlMs: LOOP_TTL_MS });
    });
  }

  /** One heartbeat for loops that join together (every store's at start). */
  #heartbeatSoon(): void {
    if (this.#soon) return;
    this.#soon = setTimeout(() => {
      this.#soon = undefined;
      if (this.#unsubscribe) this.#heartbeat();
    }, 0);
  }

  #heartbeat(): void {
    const now = this.#now();
    const record: ProcessRecord = {
      id: this.processId,
      host: this.processId.split("|")[0] ?? "",
      pid: process.pid,
      version: this.#options.version,
      startedAt: this.startedAt,
      rssBytes: process.memoryUsage.rss(),
      at: now,
      ...(this.#options.ozonFailures ? { ozonFailures: this.#options.ozonFailures() } : {}),
      loops: this.#board.list().map((t) => ({
        id: loopId(t.shopId, t.name),
        ...(t.shopId ? { shopId: t.shopId } : {}),
        name: t.name,
        held: t.held,
      })),
    };
    const ttlMs = 3 * (this.#options.heartbeatMs ?? 10_000);
    this.#write(() => this.#options.store.set(PROCESS_PREFIX + this.processId, record, { ttlMs }));
  }

  #write(work: () => Promise<unknown>): void {
    const done = work()
      .catch((error: unknown) => {
        this.#options.logger?.warn({ err: error }, "recording the loops' health failed");
      })
      .finally(() => this.#writes.delete(done));
    this.#writes.add(done);
  }
}

function newest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}
