/**
 * "One poller at a time" for the posting watcher, over the store's lease (src/store/lease.ts):
 * with several processes on one Redis only the holder polls and sends; if it dies, the lease runs
 * out and another process takes over from the marks in the store.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { acquireLease, releaseLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";

/**
 * `acquire` takes or renews the lease and says whether this process holds it for the next `ttlMs`;
 * `release` gives it up on stop.
 */
export interface PollLease {
  readonly ttlMs: number;
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface StoreLeaseOptions {
  /** Lease name; the key is `lease:<name>`. Default "postings". */
  name?: string;
  ttlMs: number;
  /** Default `<host>:<pid>:<random>`. */
  holderId?: string;
}

export function createStoreLease(store: Store, options: StoreLeaseOptions): PollLease {
  const name = options.name ?? "postings";
  const holderId = options.holderId ?? `${hostname()}:${process.pid}:${randomUUID()}`;
  const ttlMs = options.ttlMs;
  return {
    ttlMs,
    acquire: () => acquireLease(store, name, holderId, ttlMs),
    release: async () => {
      await releaseLease(store, name, holderId);
    },
  };
}
