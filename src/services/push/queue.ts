/**
 * The durable hints between Ozon's push and the pollers. A push is answered `{"result": true}`
 * only after its hint is written here (Ozon never resends an acknowledged event).
 *
 * What a push leaves is bounded per shop and area, not per push: one record per shop and area
 * (`push:queue:<shop>:<area>`) says that area needs a pass, with the latest MAX_SUBJECTS of the
 * postings or chats named (beyond that it also says "overflow": the pass is a whole one anyway),
 * the digests of the latest MAX_SEEN pushes (an exact repeat is Ozon's retry: a duplicate), and
 * the backoff of forced passes that failed. The hint and the digest that marks the push as taken
 * are one value written in one atomic step (setIfAbsent, then compareAndSet), so a crash can
 * never leave a digest without its hint — Ozon's retry would then be refused as a duplicate.
 *
 * A hint is cleared only after a pass that began after it was written (the record's `seq` did
 * not move during the pass), so a crash in between repeats a pass, never loses one. Records
 * expire two days after their last write: polling has long since caught up by then.
 *
 * Pushes arriving together for one area are written together, so a flood costs few writes: a
 * push that finds the area quiet is written at once, and the next write of that area starts
 * WRITE_SPACING_MS after the one before at the earliest, taking every push that came meanwhile
 * in one store round trip — at most one write per area in that time, whatever the store. (Waiting
 * only for the write in flight gathers nothing on a store in this process: it has answered before
 * the next push is even read, and a flood would cost a write per push.)
 * Tests: test/services/push/queue-stores.test.ts, test/services/push/dispatcher.test.ts and 3 more
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Store } from "../../store/port.ts";
import type { PushArea, PushHint } from "./events.ts";

const PREFIX = "push:queue:";
const TTL_MS = 2 * 24 * 3_600_000;
/** Postings or chats named in one area's hint: the latest; more and it says "overflow". */
export const MAX_SUBJECTS = 20;
/**
 * SKUs named by the waiting pushes of one area, kept for the stock watcher's next read (one
 * stocks-by-warehouse request); more and the record says "every SKU" (a whole pass, which the
 * watcher allows once a minute).
 */
export const MAX_STOCK_SKUS = 1_000;
/** Digests of the latest pushes kept to answer Ozon's retries as duplicates. */
export const MAX_SEEN = 64;
/** A digest is cut to this many characters (96 bits: no accidental collision). */
const DIGEST_CHARS = 16;
/** Tries of a compare-and-set against writers in other processes before giving up. */
const MAX_TRIES = 50;
/**
 * One area's writes start at least this far apart (monotonic time); pushes in between wait for
 * the next one, at most this long before it begins (Ozon wants its answer within 5 s).
 */
export const WRITE_SPACING_MS = 50;

interface AreaRecord {
  shopId: string;
  area: PushArea;
  /** Pushes accepted over the record's life: a pass clears only what it saw. */
  seq: number;
  /** Pushes waiting for a pass (0: nothing waits). */
  waiting: number;
  /** When the oldest waiting push arrived (ISO). */
  since?: string;
  subjects: Array<{ type: string; subject?: string }>;
  overflow: boolean;
  /** SKUs the waiting pushes named (stock pushes, new postings); absent on older records. */
  skus?: string[];
  /** A waiting push was about stock but named no SKU (or too many were named): read every SKU. */
  everySku?: boolean;
  seen: string[];
  /** Forced passes that failed in a row, and the time before which none is tried again. */
  failures: number;
  retryAt?: number;
}

/** What waits for one shop's area. */
export interface WaitingHint {
  shopId: string;
  area: PushArea;
  /** The record's version when read: pass it back to `passed` / `failed`. */
  seq: number;
  /** Pushes it stands for. */
  count: number;
  /** The postings or chats they named (at most MAX_SUBJECTS), oldest first. */
  hints: PushHint[];
  /** More were named than kept: the pass must look at everything. */
  overflow: boolean;
  /** What the waiting pushes said of stock, when any was about it (the stock watcher's read). */
  stock?: NamedStock;
  failures: number;
  retryAt?: number;
}

/** The SKUs whose stock pushes said changed, or that one of them named none (`every`). */
export interface NamedStock {
  skus: string[];
  every: boolean;
}

interface PendingAdd {
  hint: Omit<PushHint, "receivedAt">;
  digest: string;
  resolve(fresh: boolean): void;
  reject(error: unknown): void;
}

export class PushQueue {
  readonly #store: Store;
  readonly #now: () => number;
  /**
   * Per area key, while its writer runs (a write in flight, or the spacing after one): the pushes
   * waiting for its next write.
   */
  readonly #batches = new Map<string, PendingAdd[]>();

  constructor(store: Store, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  /** False when this exact push (by its digest) was taken before. */
  add(hint: Omit<PushHint, "receivedAt">, digest: string): Promise<boolean> {
    const key = keyOf(hint.shopId, hint.area);
    return new Promise<boolean>((resolve, reject) => {
      const entry = { hint, digest: digest.slice(0, DIGEST_CHARS), resolve, reject };
      const batch = this.#batches.get(key);
      if (batch) {
        batch.push(entry);
        return;
      }
      this.#batches.set(key, [entry]);
      void this.#writeBatches(key);
    });
  }

  /** What waits for one shop's area, or undefined when nothing does. */
  async waiting(shopId: string, area: PushArea): Promise<WaitingHint | undefined> {
    const record = await this.#store.get<AreaRecord>(keyOf(shopId, area));
    return record && record.waiting > 0 ? waitingOf(record) : undefined;
  }

  /** The hints waiting for one shop's area, oldest first. */
  async pending(shopId: string, area: PushArea): Promise<Array<{ hint: PushHint }>> {
    const waiting = await this.waiting(shopId, area);
    return (waiting?.hints ?? []).map((hint) => ({ hint }));
  }

  /** Every shop and area with a hint waiting. */
  async areasWaiting(): Promise<Array<{ shopId: string; area: PushArea }>> {
    const records = await this.#store.list<AreaRecord>(PREFIX);
    return records
      .filter(({ value }) => value.waiting > 0)
      .map(({ value }) => ({ shopId: value.shopId, area: value.area }));
  }

  /**
   * A pass that began after the record was at `seq` succeeded: the hint is cleared unless a push
   * came since (that one waits for the next pass), and the backoff starts over. True when cleared.
   */
  async passed(shopId: string, area: PushArea, seq: number): Promise<boolean> {
    let covered = false;
    await this.#update(keyOf(shopId, area), (record) => {
      if (!record) return undefined;
      covered = record.seq === seq;
      const { retryAt: _retry, ...rest } = record;
      return covered ? { ...withNothingWaiting(rest), failures: 0 } : { ...rest, failures: 0 };
    });
    return covered;
  }

  /**
   * A forced pass failed: the next one waits `delays[failures - 1]`; after the last delay the
   * hint is dropped (the regular poll catches up) and pushes keep waiting the last delay until a
   * pass succeeds. Says what was decided.
   */
  async failed(
    shopId: string,
    area: PushArea,
    delays: readonly number[],
  ): Promise<{ retryInMs: number; gaveUp: boolean }> {
    const now = this.#now();
    let decided = { retryInMs: delays.at(-1) ?? 0, gaveUp: false };
    await this.#update(keyOf(shopId, area), (record) => {
      if (!record) return undefined;
      const failures = record.failures + 1;
      const gaveUp = failures > delays.length;
      const retryInMs = delays[Math.min(failures, delays.length) - 1] ?? 0;
      decided = { retryInMs, gaveUp };
      const next = { ...record, failures, retryAt: now + retryInMs };
      return gaveUp ? withNothingWaiting(next) : next;
    });
    return decided;
  }

  /** Forgets a shop's area altogether (the shop no longer exists). */
  async drop(shopId: string, area: PushArea): Promise<void> {
    await this.#store.delete(keyOf(shopId, area));
  }

  /**
   * Writes every push gathered for `key`; then, WRITE_SPACING_MS after that write began, those
   * that came since, and so on until a spacing passes with none.
   */
  async #writeBatches(key: string): Promise<void> {
    for (;;) {
      const batch = this.#batches.get(key) ?? [];
      if (batch.length === 0) {
        this.#batches.delete(key);
        return;
      }
      // New arrivals gather in a fresh batch while this one is written and the spacing runs.
      this.#batches.set(key, []);
      const nextWriteAt = performance.now() + WRITE_SPACING_MS;
      await this.#writeBatch(key, batch);
      // A timer may fire a little early: the spacing is waited out in full.
      for (let left = nextWriteAt - performance.now(); left > 0; ) {
        await sleep(Math.ceil(left));
        left = nextWriteAt - performance.now();
      }
    }
  }

  /** One store round trip (tried again only against other writers) for the pushes of `batch`. */
  async #writeBatch(key: string, batch: PendingAdd[]): Promise<void> {
    let fresh: boolean[] = [];
    try {
      await this.#update(key, (record) => {
        const next = record ? structuredClone(record) : emptyRecord(batch[0] as PendingAdd);
        fresh = batch.map((entry) => this.#apply(next, entry));
        return next;
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, i) => {
      entry.resolve(fresh[i] ?? false);
    });
  }

  /** Adds one push to the record; false when its digest is among the latest seen. */
  #apply(record: AreaRecord, { hint, digest }: PendingAdd): boolean {
    if (record.seen.includes(digest)) return false;
    record.seen.push(digest);
    if (record.seen.length > MAX_SEEN) record.seen.splice(0, record.seen.length - MAX_SEEN);
    record.seq += 1;
    if (record.waiting === 0) record.since = new Date(this.#now()).toISOString();
    record.waiting += 1;
    if (hint.skus !== undefined) addSkus(record, hint.skus);
    const named = { type: hint.type, ...(hint.subject ? { subject: hint.subject } : {}) };
    const known = record.subjects.some((s) => s.type === named.type && s.subject === named.subject);
    if (!known) {
      record.subjects.push(named);
      // The latest are kept (a real push after a flood keeps its name); the pass is whole anyway.
      if (record.subjects.length > MAX_SUBJECTS) {
        record.subjects.shift();
        record.overflow = true;
      }
    }
    return true;
  }

  /**
   * Reads, changes and writes one record in one atomic step: created with setIfAbsent, replaced
   * with compareAndSet; tried again when another writer came in between.
   */
  async #update(
    key: string,
    change: (record: AreaRecord | undefined) => AreaRecord | undefined,
  ): Promise<void> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const record = await this.#store.get<AreaRecord>(key);
      const next = change(record);
      if (next === undefined) return;
      const written = record
        ? await this.#store.compareAndSet(key, record, next, { ttlMs: TTL_MS })
        : await this.#store.setIfAbsent(key, next, { ttlMs: TTL_MS });
      if (written) return;
    }
    throw new Error(`push hint ${key}: too many concurrent writers`);
  }
}

/** A push's SKUs into the record: none named, or more than kept, makes it "every SKU". */
function addSkus(record: AreaRecord, skus: readonly string[]): void {
  if (skus.length === 0 || record.everySku) {
    record.everySku = true;
    record.skus = [];
    return;
  }
  const all = new Set([...(record.skus ?? []), ...skus]);
  if (all.size > MAX_STOCK_SKUS) {
    record.everySku = true;
    record.skus = [];
    return;
  }
  record.skus = [...all];
}

function keyOf(shopId: string, area: PushArea): string {
  return `${PREFIX}${shopId}:${area}`;
}

function emptyRecord({ hint }: PendingAdd): AreaRecord {
  return {
    shopId: hint.shopId,
    area: hint.area,
    seq: 0,
    waiting: 0,
    subjects: [],
    overflow: false,
    seen: [],
    failures: 0,
  };
}

/** The record with nothing waiting (the digests and the backoff stay). */
function withNothingWaiting(record: AreaRecord): AreaRecord {
  const { since: _since, skus: _skus, everySku: _every, ...rest } = record;
  return { ...rest, waiting: 0, subjects: [], overflow: false };
}

function waitingOf(record: AreaRecord): WaitingHint {
  const receivedAt = record.since ?? new Date(0).toISOString();
  return {
    shopId: record.shopId,
    area: record.area,
    seq: record.seq,
    count: record.waiting,
    hints: record.subjects.map((s) => ({
      shopId: record.shopId,
      area: record.area,
      ...s,
      receivedAt,
    })),
    overflow: record.overflow,
    ...(record.skus?.length || record.everySku
      ? { stock: { skus: record.skus ?? [], every: record.everySku === true } }
      : {}),
    failures: record.failures,
    ...(record.retryAt !== undefined ? { retryAt: record.retryAt } : {}),
  };
}
