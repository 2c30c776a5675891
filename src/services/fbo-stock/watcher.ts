/**
 * The days-of-stock watcher of one store: after each of Ozon's refreshes of the FBO stock
 * analytics it takes the store's read (snapshot.ts) and tells the chats that chose the store's
 * FBO alerts about each product that fell under the store's threshold of days in a cluster where
 * it sells — once, with the cluster — until it rises above again (then a later fall is told
 * again). All of one pass's falls go to a chat as one message. A fall is marked told only after
 * every chat has it (or is gone), so a restart repeats nothing and loses nothing.
 * Runs under the store's lease (several processes on one Redis: one tells).
 * Tests: test/services/fbo-stock/empty-read.test.ts
 */
import type { Logger } from "../../logger.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import type { ClusterStock, FboStockBook } from "./snapshot.ts";

export const FBO_STOCK_LEASE_NAME = "fbo-stock-watcher";
/** How often the watcher looks whether Ozon refreshed (a read happens only after a refresh). */
export const FBO_STOCK_POLL_MS = 10 * 60_000;
export const DEFAULT_DAYS_THRESHOLD = 14;
const LOW_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** The product–cluster pairs under the threshold that were told (`sku:cluster`). */
const LOWS_KEY = "fbo-stock:lows";
const THRESHOLD_KEY = "fbo-stock:threshold";

export interface DaysNotifier {
  /**
   * Tells every chat of the store the falls found in the read of `readAt` (a chat told them once
   * is not told again); throws when some chat may take it later.
   */
  tellLow(
    shopId: string,
    falls: readonly ClusterStock[],
    threshold: number,
    readAt: number,
  ): Promise<void>;
}

export interface FboStockWatcherOptions {
  shopId: string;
  book: FboStockBook;
  store: Store;
  notifier: DaysNotifier;
  pollMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
}

export interface FboStockPassReport {
  leader: boolean;
  read: number;
  fell: number;
  rose: number;
}

/** A store's threshold of days of stock (default 14). */
export class DaysThreshold {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }
  async get(): Promise<number> {
    const own = await this.#store.get<number>(THRESHOLD_KEY);
    return typeof own === "number" && own > 0 && own <= 365 ? own : DEFAULT_DAYS_THRESHOLD;
  }
  async set(days: number | undefined): Promise<void> {
    if (days === undefined) await this.#store.delete(THRESHOLD_KEY);
    else await this.#store.set(THRESHOLD_KEY, days);
  }
}

export class FboStockWatcher {
  readonly #o: FboStockWatcherOptions;
  readonly #loop: BackgroundLoop<FboStockPassReport>;
  readonly #threshold: DaysThreshold;
  /** The read and threshold last judged: a kept read is not judged twice. */
  #judged: string | undefined;

  constructor(options: FboStockWatcherOptions) {
    this.#o = options;
    this.#threshold = new DaysThreshold(options.store);
    this.#loop = new BackgroundLoop({
      name: "fbo stock watcher",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1000, options.pollMs ?? FBO_STOCK_POLL_MS),
      lease: loopLease(options.store, FBO_STOCK_LEASE_NAME, options.lease),
      logger: options.logger,
      shop: options.shopId,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<FboStockPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { leader: false, read: 0, fell: 0, rose: 0 };
  }

  async #pass(signal: AbortSignal): Promise<FboStockPassReport> {
    const { store, book, notifier, shopId } = this.#o;
    const report: FboStockPassReport = { leader: true, read: 0, fell: 0, rose: 0 };
    const snapshot = await book.current(signal);
    report.read = snapshot.rows.length;
    const threshold = await this.#threshold.get();
    // The same read judged by the same threshold: nothing can have changed.
    const judging = `${snapshot.at}:${threshold}`;
    if (this.#judged === judging) return report;
    // Which product–cluster pairs are under the threshold and told: one record for the store.
    const marked = new Set((await store.get<string[]>(LOWS_KEY)) ?? []);
    // An empty read while some are told says nothing (see the book): not judged, nothing cleared,
    // or every told fall would be told again once the rows come back.
    if (snapshot.rows.length === 0 && marked.size > 0) return report;
    const low = new Set<string>();
    const falls: ClusterStock[] = [];
    for (const row of snapshot.rows) {
      if (!(row.dailySales > 0 && row.days < threshold)) continue;
      const key = `${row.sku}:${row.clusterId}`;
      low.add(key);
      if (!marked.has(key)) falls.push(row);
    }
    report.rose = [...marked].filter((key) => !low.has(key)).length;
    if (falls.length > 0) {
      falls.sort((a, b) => a.days - b.days);
      await notifier.tellLow(shopId, falls, threshold, snapshot.at);
      report.fell = falls.length;
    }
    if (falls.length > 0 || report.rose > 0) {
      await store.set(LOWS_KEY, [...low], { ttlMs: LOW_TTL_MS });
    }
    this.#judged = judging;
    return report;
  }
}
