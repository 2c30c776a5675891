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
 */
import { LeaseLostError } from "../services/background-loop.ts";
import { leaseKey, type StoreLease } from "./lease.ts";
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
