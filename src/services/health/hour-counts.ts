/**
 * Counts per key over the last hour, in one-minute buckets: adding is an in-memory increment, and
 * reading sums at most 60 buckets. Keys are few and bounded by the caller (kinds of failure).
 * Tests: none directly
 */
const MINUTE_MS = 60_000;
const BUCKETS = 60;

export class HourCounts<K extends string = string> {
  /** Per key: the minute each bucket holds, and its count. */
  readonly #buckets = new Map<K, { minutes: number[]; counts: number[] }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  add(key: K, by = 1): void {
    const minute = Math.floor(this.#now() / MINUTE_MS);
    let entry = this.#buckets.get(key);
    if (!entry) {
      entry = {
        minutes: new Array<number>(BUCKETS).fill(-1),
        counts: new Array<number>(BUCKETS).fill(0),
      };
      this.#buckets.set(key, entry);
    }
    const slot = minute % BUCKETS;
    if (entry.minutes[slot] !== minute) {
      entry.minutes[slot] = minute;
      entry.counts[slot] = 0;
    }
    entry.counts[slot] = (entry.counts[slot] ?? 0) + by;
  }

  /** The count of one key over the last 60 minutes (this one included). */
  of(key: K): number {
    const entry = this.#buckets.get(key);
    if (!entry) return 0;
    const oldest = Math.floor(this.#now() / MINUTE_MS) - BUCKETS + 1;
    let sum = 0;
    for (let i = 0; i < BUCKETS; i++) {
      if ((entry.minutes[i] ?? -1) >= oldest) sum += entry.counts[i] ?? 0;
    }
    return sum;
  }

  /** Every key with a count over the last hour. */
  all(): Array<[K, number]> {
    const out: Array<[K, number]> = [];
    for (const key of this.#buckets.keys()) {
      const count = this.of(key);
      if (count > 0) out.push([key, count]);
    }
    return out;
  }
}
