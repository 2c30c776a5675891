/** Tests: test/store/memory.test.ts, test/store/lease.test.ts and 59 more */
import {
  checkedSum,
  checkIncrement,
  checkPageLimit,
  compareKeys,
  counterValue,
  decodeValue,
  encodeChanges,
  encodeValue,
  pageRange,
  ttlOf,
} from "./codec.ts";
import type { Change, PageOptions, SetOptions, Store } from "./port.ts";

interface Entry {
  /** JSON text: storing text, not the object, is what makes every read a fresh copy. */
  json: string;
  /** Epoch milliseconds, or undefined for a permanent entry. */
  expiresAt: number | undefined;
}

export interface MemoryStoreOptions {
  /** How often expired entries are purged; they are invisible at once regardless. */
  sweepIntervalMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/**
 * Everything in a Map: lost when the process ends. For tests and throwaway trials only.
 * All operations run synchronously inside one promise, so each is atomic.
 */
export class MemoryStore implements Store {
  readonly kind = "memory" as const;
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweeper = setInterval(() => this.purgeExpired(), options.sweepIntervalMs ?? 1_000);
    this.#sweeper.unref();
  }

  /** Removes expired entries now; returns how many. The background sweep calls this. */
  purgeExpired(): number {
    const now = this.#now();
    let purged = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
        this.#entries.delete(key);
        purged++;
      }
    }
    return purged;
  }

  /** Entries held, expired or not (tests check that the sweep purges). */
  rawCount(): number {
    return this.#entries.size;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const entry = this.#live(key);
    return entry ? decodeValue<T>(entry.json) : undefined;
  }

  async set(key: string, value: unknown, options?: SetOptions): Promise<void> {
    this.#write(key, encodeValue(key, value), ttlOf(options));
  }

  async setIfAbsent(key: string, value: unknown, options?: SetOptions): Promise<boolean> {
    const json = encodeValue(key, value);
    const ttlMs = ttlOf(options);
    if (this.#live(key)) return false;
    this.#write(key, json, ttlMs);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.#live(key) !== undefined;
    this.#entries.delete(key);
    return existed;
  }

  async take<T = unknown>(key: string): Promise<T | undefined> {
    const entry = this.#live(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    return decodeValue<T>(entry.json);
  }

  async list<T = unknown>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    const keys: string[] = [];
    for (const key of this.#entries.keys()) {
      if (key.startsWith(prefix) && this.#live(key)) keys.push(key);
    }
    keys.sort(compareKeys);
    return keys.map((key) => ({ key, value: decodeValue<T>(this.#entries.get(key)?.json ?? "") }));
  }

  async listPage<T = unknown>(
    prefix: string,
    options: PageOptions,
  ): Promise<Array<{ key: string; value: T }>> {
    checkPageLimit(options.limit);
    const reverse = options.reverse === true;
    const { lower, lowerOpen, upper } = pageRange(prefix, reverse, options.after);
    const inRange = (key: string) => {
      const low = compareKeys(key, lower);
      return (
        (lowerOpen ? low > 0 : low >= 0) && (upper === undefined || compareKeys(key, upper) < 0)
      );
    };
    // Memory is for tests and trials: sorting what matches is as good as an index here.
    const keys = [...this.#entries.keys()].filter((key) => inRange(key) && this.#live(key));
    keys.sort(compareKeys);
    if (reverse) keys.reverse();
    return keys
      .slice(0, options.limit)
      .map((key) => ({ key, value: decodeValue<T>(this.#entries.get(key)?.json ?? "") }));
  }

  async increment(key: string, by = 1): Promise<number> {
    checkIncrement(by);
    const entry = this.#live(key);
    const next = checkedSum(key, entry ? counterValue(key, entry.json) : 0, by);
    this.#entries.set(key, { json: JSON.stringify(next), expiresAt: entry?.expiresAt });
    return next;
  }

  async compareAndSet(
    key: string,
    expected: unknown,
    next: unknown,
    options?: SetOptions,
  ): Promise<boolean> {
    const expectedJson = encodeValue(key, expected);
    const nextJson = next === undefined ? undefined : encodeValue(key, next);
    const ttlMs = ttlOf(options);
    if (this.#live(key)?.json !== expectedJson) return false;
    if (nextJson === undefined) this.#entries.delete(key);
    else this.#write(key, nextJson, ttlMs);
    return true;
  }

  async compareAndSetMany(changes: readonly Change[]): Promise<boolean> {
    const encoded = encodeChanges(changes);
    if (encoded.some((c) => this.#live(c.key)?.json !== c.expected)) return false;
    for (const change of encoded) {
      if (change.next === undefined) this.#entries.delete(change.key);
      else this.#write(change.key, change.next, change.ttlMs);
    }
    return true;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
  }

  /** The entry when present and not expired; an expired one is dropped on sight. */
  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #write(key: string, json: string, ttlMs: number | undefined) {
    this.#entries.set(key, {
      json,
      expiresAt: ttlMs === undefined ? undefined : this.#now() + ttlMs,
    });
  }
}
