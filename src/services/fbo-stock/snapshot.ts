/**
 * A store's FBO stock per product and cluster, as Ozon's stock analytics (`/v1/analytics/stocks`)
 * say it: available units, units in transit, the sales pace of 28 days, days of stock and the
 * turnover grade. Ozon refreshes them about 07:00 and 16:00 UTC, so a read is kept (in the store's
 * part of the store, shared by processes) until the next refresh, taken as half an hour after
 * each, and never repeated within a minute: /stock, a restock file and the watcher all take it.
 *
 * Calls per read of a store with N products: ⌈N/1000⌉ `/v3/product/list` and ⌈N/1000⌉
 * `/v3/product/info/list` (the catalogue's SKUs), then ⌈N/100⌉ `/v1/analytics/stocks`.
 * Tests: test/services/fbo-stock/empty-read.test.ts
 */
import type { FboStockRow } from "../../ozon/seller/fbo.ts";
import type { Store } from "../../store/port.ts";

/** One product in one cluster (its warehouses there summed). */
export interface ClusterStock {
  sku: string;
  offerId: string | undefined;
  name: string;
  clusterId: string;
  clusterName: string;
  available: number;
  inTransit: number;
  /** Units sold a day on average over 28 days in the cluster. */
  dailySales: number;
  /** Days the cluster's stock lasts (Ozon's `idc_cluster`). */
  days: number;
  grade: string | undefined;
}

export interface FboStockSnapshot {
  /** Epoch ms of the read. */
  at: number;
  rows: ClusterStock[];
}

/** What a read needs from Ozon (the Seller client fits through `sellerFboStockSource`). */
export interface FboStockSource {
  skus(signal?: AbortSignal): Promise<string[]>;
  stocks(skus: readonly string[], signal?: AbortSignal): Promise<FboStockRow[]>;
}

/** Ozon's refreshes of the analytics, hours UTC. */
export const REFRESH_HOURS_UTC = [7, 16] as const;
/** Never more than one read a minute per store. */
export const MIN_READ_GAP_MS = 60_000;
const KEY = "fbo-stock:snapshot";
const TURN_KEY = "fbo-stock:read-turn";
const HOUR_MS = 60 * 60 * 1000;

/** Ozon says "about" 07:00 and 16:00: a read is taken as the new one this long after. */
export const REFRESH_LAG_MS = 30 * 60_000;

/** The latest refresh (with its lag) at or before `now` (epoch ms). */
export function lastRefresh(now: number): number {
  const day = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const candidates = [
    ...REFRESH_HOURS_UTC.map((h) => day + h * HOUR_MS + REFRESH_LAG_MS),
    ...REFRESH_HOURS_UTC.map((h) => day - 24 * HOUR_MS + h * HOUR_MS + REFRESH_LAG_MS),
  ];
  return Math.max(...candidates.filter((at) => at <= now));
}

/** Sums a product's warehouses in each cluster into one row. */
export function byCluster(rows: readonly FboStockRow[]): ClusterStock[] {
  const out = new Map<string, ClusterStock>();
  for (const row of rows) {
    const clusterId = row.clusterId ?? row.clusterName ?? "?";
    const key = `${row.sku}:${clusterId}`;
    const old = out.get(key);
    if (old) {
      old.available += row.available;
      old.inTransit += row.inTransit;
      continue;
    }
    out.set(key, {
      sku: row.sku,
      offerId: row.offerId,
      name: row.name ?? row.offerId ?? row.sku,
      clusterId,
      clusterName: row.clusterName ?? clusterId,
      available: row.available,
      inTransit: row.inTransit,
      dailySales: row.dailySalesCluster ?? 0,
      days: row.daysCluster ?? 0,
      grade: row.gradeCluster,
    });
  }
  return [...out.values()];
}

export class FboStockBook {
  readonly #store: Store;
  readonly #source: FboStockSource;
  readonly #now: () => number;
  #reading: Promise<FboStockSnapshot> | undefined;

  constructor(store: Store, source: FboStockSource, now: () => number = Date.now) {
    this.#store = store;
    this.#source = source;
    this.#now = now;
  }

  /** The kept read when it is still Ozon's latest (or under a minute old), else a new one. */
  async current(signal?: AbortSignal): Promise<FboStockSnapshot> {
    const now = this.#now();
    const kept = await this.#store.get<FboStockSnapshot>(KEY);
    if (kept && Array.isArray(kept.rows) && this.#fresh(kept.at, now)) return kept;
    // One read a minute per store over every process: a process that finds the turn taken
    // keeps to what is kept (or waits briefly for the read in progress elsewhere).
    if (!this.#reading) {
      if (!(await this.#takeTurn(now))) return this.#waitForOther(kept, signal);
    }
    this.#reading ??= this.#read(signal).finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** The store's read turn for a minute (by this book's clock), unless another has it. */
  async #takeTurn(now: number): Promise<boolean> {
    const ttl = { ttlMs: MIN_READ_GAP_MS };
    if (await this.#store.setIfAbsent(TURN_KEY, now, ttl)) return true;
    const held = await this.#store.get<number>(TURN_KEY);
    const lapsed = typeof held !== "number" || now - held >= MIN_READ_GAP_MS || now < held;
    return lapsed && this.#store.compareAndSet(TURN_KEY, held, now, ttl);
  }

  async #waitForOther(
    kept: FboStockSnapshot | undefined,
    signal?: AbortSignal,
  ): Promise<FboStockSnapshot> {
    if (kept && Array.isArray(kept.rows)) return kept;
    for (let i = 0; i < 40; i++) {
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = await this.#store.get<FboStockSnapshot>(KEY);
      if (now && Array.isArray(now.rows)) return now;
    }
    throw new Error("the store's FBO stock is being read by another process");
  }

  /** The kept read, whatever its age (none: never read). */
  kept(): Promise<FboStockSnapshot | undefined> {
    return this.#store.get<FboStockSnapshot>(KEY);
  }

  /** True when a read at `at` is still the one to use at `now`. */
  #fresh(at: number, now: number): boolean {
    if (now - at < MIN_READ_GAP_MS && now >= at) return true;
    return at >= lastRefresh(now);
  }

  async #read(signal?: AbortSignal): Promise<FboStockSnapshot> {
    const skus = await this.#source.skus(signal);
    const rows = skus.length > 0 ? byCluster(await this.#source.stocks(skus, signal)) : [];
    // Nothing at all after something: a catalogue or analytics answer gone empty says nothing
    // of the stock (a store does not sell out of every product at once). The kept read stays,
    // and the next turn reads again.
    const kept = await this.#store.get<FboStockSnapshot>(KEY);
    if (rows.length === 0 && kept && Array.isArray(kept.rows) && kept.rows.length > 0) {
      return kept;
    }
    const snapshot: FboStockSnapshot = { at: this.#now(), rows };
    await this.#store.set(KEY, snapshot, { ttlMs: 24 * HOUR_MS });
    return snapshot;
  }
}
