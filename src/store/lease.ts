import type { Store } from "./port.ts";

/**
 * Leases: "one poller per stream at a time" across processes sharing a store. A lease is a key
 * `lease:<name>` holding the holder's id with a TTL; whoever holds it does the work, and if that
 * process dies the lease runs out and another takes over.
 *
 * The simplest use is to call `acquireLease` at every tick, with a TTL of a few ticks:
 *
 * ```ts
 * const me = `${hostname()}:${process.pid}:${randomUUID()}`;
 * setInterval(async () => {
 *   if (await acquireLease(store, "postings", me, 3 * periodMs)) await pollPostings();
 * }, periodMs);
 * // on shutdown: await releaseLease(store, "postings", me);
 * ```
 *
 * Renewing and releasing use the port's compareAndSet, so a holder whose lease already ran out
 * can never extend or delete the lease that another holder has taken since.
 * The lease is not a fence: work started under a lease may still be finishing just after it
 * expired, so keep the TTL well above one tick and make the work itself idempotent.
 */

export function leaseKey(name: string): string {
  return `lease:${name}`;
}

/**
 * Takes the lease when it is free, or extends it when `holderId` already holds it.
 * True when `holderId` holds the lease for the next `ttlMs`.
 */
export async function acquireLease(
  store: Store,
  name: string,
  holderId: string,
  ttlMs: number,
): Promise<boolean> {
  checkHolder(holderId);
  if (await store.setIfAbsent(leaseKey(name), holderId, { ttlMs })) return true;
  return renewLease(store, name, holderId, ttlMs);
}

/** Extends the lease by `ttlMs` from now; false when `holderId` no longer holds it. */
export async function renewLease(
  store: Store,
  name: string,
  holderId: string,
  ttlMs: number,
): Promise<boolean> {
  checkHolder(holderId);
  return store.compareAndSet(leaseKey(name), holderId, holderId, { ttlMs });
}

/** Gives the lease up at once (on shutdown); false when `holderId` did not hold it. */
export async function releaseLease(store: Store, name: string, holderId: string): Promise<boolean> {
  checkHolder(holderId);
  return store.compareAndSet(leaseKey(name), holderId, undefined);
}

/** Who holds the lease now, if anyone. */
export async function leaseHolder(store: Store, name: string): Promise<string | undefined> {
  return store.get<string>(leaseKey(name));
}

function checkHolder(holderId: string) {
  if (typeof holderId !== "string" || holderId.length === 0) {
    throw new TypeError("A lease holder id must be a non-empty string");
  }
}

/**
 * Whether several processes may share this store, so that pollers need a lease to take turns.
 * Only Redis is; the file store is locked to one process and memory belongs to one. Without
 * this, a lease left by a killed process would hold the restarted bot back until it ran out.
 */
export function sharedByProcesses(store: Store): boolean {
  return store.kind === "redis";
}
