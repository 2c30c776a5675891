/**
 * Draws report charts off the event loop: a worker thread (chart-worker.ts) draws them one after
 * another and ends itself after `rendersPerWorker` charts or `idleMs` without one, which gives
 * back the native memory resvg keeps (bench/report-charts.ts measures it). A chart that takes
 * longer than `timeoutMs` ends its worker and fails; the next chart starts a new worker.
 * Tests: test/services/ads/reports/chart-renderer.test.ts and 4 more
 */
import { Worker } from "node:worker_threads";
import { type ReportChartOptions, reportChartData } from "./chart.ts";
import type { ChartAnswer, ChartJob } from "./chart-worker.ts";
import type { ReportTable } from "./table.ts";

/** The worker beside this file: TypeScript when run from src/, JavaScript when built (npm run build). */
const CHART_WORKER_FILE = import.meta.url.endsWith(".ts")
  ? "./chart-worker.ts"
  : "./chart-worker.js";

export interface ChartRendererOptions {
  /** Charts one worker draws before it ends (default 8). */
  rendersPerWorker?: number;
  /** A worker with nothing to draw this long ends (default 30 s). */
  idleMs?: number;
  /** Longest a chart may take, the worker's start included (default 30 s). */
  timeoutMs?: number;
}

interface Pending {
  resolve(png: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One worker thread and the charts it was given. */
class ChartWorker {
  readonly #worker: Worker;
  readonly #options: Required<ChartRendererOptions>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #idle: NodeJS.Timeout | undefined;
  /** Charts given to this worker so far. */
  given = 0;
  ended = false;

  constructor(options: Required<ChartRendererOptions>) {
    this.#options = options;
    // ECharts and one chart need some 80 MB of heap; a runaway chart dies at the cap, not the bot.
    // A small young generation means frequent minor GCs, which free resvg's pictures early:
    // peak RSS for 24 charts ~390 MB without it, ~230 MB with it (bench/report-charts.ts).
    this.#worker = new Worker(new URL(CHART_WORKER_FILE, import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
    });
    // A chart in progress holds the process by its timer, not by the worker.
    this.#worker.unref();
    this.#worker.on("message", (answer: ChartAnswer) => this.#answer(answer));
    this.#worker.on("error", (error) => void this.end(error));
    this.#worker.on("exit", () => {
      this.ended = true;
      this.#failAll(new Error("report chart: the drawing worker stopped"));
    });
  }

  get full(): boolean {
    return this.given >= this.#options.rendersPerWorker;
  }

  draw(job: Omit<ChartJob, "id">): Promise<Buffer> {
    clearTimeout(this.#idle);
    this.given++;
    const id = this.#nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.end(new Error(`report chart: not drawn within ${this.#options.timeoutMs} ms`));
      }, this.#options.timeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      this.#worker.postMessage({ id, ...job } satisfies ChartJob);
    });
  }

  #answer(answer: ChartAnswer): void {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    clearTimeout(pending.timer);
    if ("error" in answer) pending.reject(new Error(`report chart: ${answer.error}`));
    else {
      const { buffer, byteOffset, byteLength } = answer.png;
      pending.resolve(Buffer.from(buffer, byteOffset, byteLength));
    }
    if (this.#pending.size > 0) return;
    if (this.full) void this.end();
    else {
      this.#idle = setTimeout(() => void this.end(), this.#options.idleMs);
      this.#idle.unref();
    }
  }

  #failAll(error: Error): void {
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  async end(error?: Error): Promise<void> {
    this.ended = true;
    clearTimeout(this.#idle);
    this.#failAll(error ?? new Error("report chart: renderer closed"));
    await this.#worker.terminate();
  }
}

export class ChartRenderer {
  readonly #options: Required<ChartRendererOptions>;
  #current: ChartWorker | undefined;

  constructor(options: ChartRendererOptions = {}) {
    this.#options = { rendersPerWorker: 8, idleMs: 30_000, timeoutMs: 30_000, ...options };
  }

  /** The report's chart as a PNG, as renderReportChart draws it, drawn in the worker. */
  async render(table: ReportTable, options: Omit<ReportChartOptions, "fonts">): Promise<Buffer> {
    // Refused here, before any worker, when there is nothing to draw (ReportChartEmptyError).
    const data = reportChartData(table, options);
    if (!this.#current || this.#current.ended || this.#current.full) {
      // A full worker ends by itself once its last chart is back.
      this.#current = new ChartWorker(this.#options);
    }
    return this.#current.draw({ data, options });
  }

  /** Ends the current worker (shutdown); a chart still being drawn fails. */
  async close(): Promise<void> {
    await this.#current?.end();
    this.#current = undefined;
  }
}

let shared: ChartRenderer | undefined;
/** The process's renderer: the bot's deliveries and scheduled reports share one worker. */
export function sharedChartRenderer(): ChartRenderer {
  shared ??= new ChartRenderer();
  return shared;
}
