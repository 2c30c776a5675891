/**
 * Fencing for a poller's writes: a view of the store whose every write happens only while this
 * holder still holds the lease, checked in the same atomic step as the write (compareAndSetMany
 * with the lease key expected to hold our holder id). A process that was paused or cut off past
 * its lease's TTL, and so lost it to another process, wakes up mid-round believing it still
 * leads; its next cursor or mark write fails with LeaseLostError instead of overwriting what the
 * new holder wrote. The background loop's renewal (every third of the TTL) notices the loss a few
 * seconds later; this closes the window in between.
 *
 * Reads go straight to the store. A write that passes the check also extends the lease by its
 * TTL (the compare-and-set writes the lease back), which is what a renewal would do.
 *
 * `increment` keeps the entry's TTL, which a compare-and-set cannot say: it checks the lease and
 * then increments, not atomically. Nothing fenced uses it today.
 * Tests: test/store/lease.test.ts, test/processes/fenced-store.test.ts and 2 more
 */
import {
  createStoreLease,
  DEFAULT_LEASE_TTL_MS,
  type Lease,
  LeaseLostError,
  leaseKey,
  type StoreLease,
  sharedByProcesses,
} from "./lease.ts";
import type { Change, SetOptions, Store } from "./port.ts";

/** Tries of a read-then-compare-and-set write whose key another writer changed in between. */
const MAX_TRIES = 20;

export function fencedStore(store: Store, lease: StoreLease, name: string): Store {
  const key = leaseKey(name);
  const held = (): Change => ({
    key,
    expected: lease.holderId,
    next: lease.holderId,
    ttlMs: lease.ttlMs,
  });
  const lost = () => new LeaseLostError(`${name} (fenced write)`);

  /** Applies `changes` with the lease check; false when a key (not the lease) differed. */
  async function fenced(changes: Change[]): Promise<boolean> {
    if (await store.compareAndSetMany([held(), ...changes])) return true;
    if ((await store.get(key)) !== lease.holderId) throw lost();
    return false;
  }

  /** Read, then compare-and-set against what was read, until no other writer came between. */
  async function readThenWrite<T>(
    entry: string,
    change: (current: unknown) => { next: unknown; ttlMs?: number; result: T } | { skip: T },
  ): Promise<T> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const current = await store.get(entry);
      const step = change(current);
      if ("skip" in step) {
        // Nothing to write, but a holder that lost the lease still must not believe it wrote.
        if ((await store.get(key)) !== lease.holderId) throw lost();
        return step.skip;
      }
      const { ttlMs } = step;
      const write: Change = {
        key: entry,
        expected: current,
        next: step.next,
        ...(ttlMs === undefined ? {} : { ttlMs }),
      };
      if (await fenced([write])) return step.result;
    }
    throw new Error(`Fenced write of "${entry}" kept meeting other writers`);
  }

  return {
    kind: store.kind,
    get: (entry) => store.get(entry),
    list: (prefix) => store.list(prefix),
    listPage: (prefix, options) => store.listPage(prefix, options),
    ping: () => store.ping(),
    close: () => store.close(),
    set: (entry, value, options?: SetOptions) =>
      readThenWrite(entry, () => ({ next: value, ttlMs: options?.ttlMs, result: undefined })),
    async setIfAbsent(entry, value, options?: SetOptions) {
      const ttl = options?.ttlMs === undefined ? {} : { ttlMs: options.ttlMs };
      return fenced([{ key: entry, expected: undefined, next: value, ...ttl }]);
    },
    delete: (entry) =>
      readThenWrite<boolean>(entry, (current) =>
        current === undefined ? { skip: false } : { next: undefined, result: true },
      ),
    take: <T>(entry: string) =>
      readThenWrite<T | undefined>(entry, (current) =>
        current === undefined ? { skip: undefined } : { next: undefined, result: current as T },
      ),
    async increment(entry, by) {
      if ((await store.get(key)) !== lease.holderId) throw lost();
      return store.increment(entry, by);
    },
    async compareAndSet(entry, expected, next, options?: SetOptions) {
      const ttl = options?.ttlMs === undefined ? {} : { ttlMs: options.ttlMs };
      return fenced([{ key: entry, expected, next, ...ttl }]);
    },
    compareAndSetMany: (changes) => fenced([...changes]),
  };
}

/**
 * A poller's lease with its fenced view of `store` (fenced-store.ts): give the loop `lease` and
 * the poller `store`, so its writes fail once another process took the lease over.
 */
export function fencedLease(
  store: Store,
  name: string,
  ttlMs: number = DEFAULT_LEASE_TTL_MS,
): { lease: StoreLease; store: Store } {
  const lease = createStoreLease(store, { name, ttlMs });
  return { lease, store: fencedStore(store, lease, name) };
}

/** What a background loop takes as its `lease` option (see `loopLease`). */
export type LoopLeaseOption = false | Lease | { holderId?: string; ttlMs?: number };

/** The lease a per-store watcher runs under and the store it writes through. */
export interface StoreLoopLease<Override extends LoopLeaseOption> {
  /** The loop's `lease` option. */
  lease: Override | StoreLease | false;
  /** `shopStore`, or its view fenced by `lease` (`fencedLease`). */
  store: Store;
  /** Whether `store` is the fenced view, so state written through it must be built on it. */
  fenced: boolean;
}

/**
 * The one choice every per-store watcher makes at start: the lease `override` when one is given
 * (a test's), else where several processes share the store a fenced lease `name` whose writes
 * fail once another process took it over, else none (one process owns the store, and a lease a
 * killed process left would only hold the restarted bot back). A shop's store is a view of the
 * bot's store and of the same kind, so it tells whether processes share it.
 */
export function storeLoopLease<Override extends LoopLeaseOption>(
  shopStore: Store,
  name: string,
  override: Override | undefined,
): StoreLoopLease<Override> {
  if (override !== undefined) return { lease: override, store: shopStore, fenced: false };
  if (!sharedByProcesses(shopStore)) return { lease: false, store: shopStore, fenced: false };
  return { ...fencedLease(shopStore, name), fenced: true };
}
