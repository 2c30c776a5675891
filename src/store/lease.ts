/** Tests: test/store/lease.test.ts, test/store/open-store.test.ts and 8 more */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Store } from "./port.ts";

/**
 * Leases: "one poller per stream at a time" across processes sharing a store. A lease is a key
 * `lease:<name>` holding the holder's id with a TTL; whoever holds it does the work, renewing it
 * every third of the TTL, and if that process dies the lease runs out and another takes over.
 *
 * ```ts
 * const lease = createStoreLease(store, { name: "postings", ttlMs: DEFAULT_LEASE_TTL_MS });
 * if (await lease.acquire()) await pollPostings(); // lease.token: this hold's fencing number
 * // on shutdown: await lease.release();
 * ```
 *
 * Renewing and releasing use the port's compareAndSet, so a holder whose lease already ran out
 * can never extend or delete the lease that another holder has taken since.
 *
 * A dead holder need not always be waited out. Holder ids made here (`holderIdFor`) name the
 * process: `<host>|<pid>|<start id>|<random>`. A lease whose holder has this host name and
 *  - this process id, but another start id: our own previous life (a container restarted by its
 *    restart policy comes back as pid 1 with the same host name), or
 *  - a process id that no longer exists on this host
 * is provably gone and is taken over at once. Anything else (another host, a live process, a
 * holder id in another form) waits for the TTL. This relies on processes sharing one store having
 * distinct host names or running on one host; Docker and Kubernetes give each container its own.
 *
 * Fencing: every time a holder takes the lease (not when it renews), `token` becomes a number
 * from the counter `lease-generation:<name>`, drawn before taking, so a later holder always has a
 * higher one. The pollers' writes are fenced by the lease itself (fenced-store.ts, `fencedLease`):
 * each write checks, in the same atomic step, that the lease key still names this holder.
 * The lease is not a fence by itself: work started under a lease may still be finishing just
 * after it expired, so the work itself stays idempotent.
 */

/** TTL of the pollers' leases: a holder renews every third of it, so it outlives two missed renewals. */
export const DEFAULT_LEASE_TTL_MS = 15_000;

export function leaseKey(name: string): string {
  return `lease:${name}`;
}

function generationKey(name: string): string {
  return `lease-generation:${name}`;
}

/** The process as lease holders name it: host name, process id and an id of this start. */
export interface ProcessIdentity {
  host: string;
  pid: number;
  start: string;
}

export const THIS_PROCESS: ProcessIdentity = {
  host: hostname(),
  pid: process.pid,
  start: randomUUID().slice(0, 8),
};

/** A holder id naming this process (see the file comment), unique per call. */
export function holderIdFor(self: ProcessIdentity = THIS_PROCESS): string {
  return [self.host, self.pid, self.start, randomUUID().slice(0, 8)].join("|");
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** True when `holderId` names a process that is provably gone (see the file comment). */
export function isHolderGone(
  holderId: string,
  self: ProcessIdentity = THIS_PROCESS,
  alive: (pid: number) => boolean = isProcessAlive,
): boolean {
  const parts = holderId.split("|");
  const [host, pidText, start] = parts;
  const pid = Number(pidText);
  if (parts.length !== 4 || host !== self.host || !start) return false;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === self.pid) return start !== self.start;
  return !alive(pid);
}

/**
 * Takes the lease when it is free or its holder is provably gone, or extends it when `holderId`
 * already holds it. True when `holderId` holds the lease for the next `ttlMs`.
 */
export async function acquireLease(
  store: Store,
  name: string,
  holderId: string,
  ttlMs: number,
): Promise<boolean> {
  checkHolder(holderId);
  if (await store.setIfAbsent(leaseKey(name), holderId, { ttlMs })) return true;
  if (await renewLease(store, name, holderId, ttlMs)) return true;
  const holder = await leaseHolder(store, name);
  if (holder === undefined) return store.setIfAbsent(leaseKey(name), holderId, { ttlMs });
  if (!isHolderGone(holder)) return false;
  return store.compareAndSet(leaseKey(name), holder, holderId, { ttlMs });
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
 * One named lease held by one holder, as a background loop uses it (src/services/background-loop.ts):
 * `acquire` takes or renews it and says whether it is held for the next `ttlMs`; `release` gives
 * it up on stop.
 */
export interface Lease {
  readonly ttlMs: number;
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface StoreLeaseOptions {
  /** The key is `lease:<name>`. */
  name: string;
  ttlMs: number;
  /** Default: `holderIdFor()`, naming this process. */
  holderId?: string;
}

/** A lease in the store, with the fencing token of the current hold. */
export interface StoreLease extends Lease {
  readonly holderId: string;
  /** Fencing number of the current hold; undefined while not held. */
  readonly token: number | undefined;
}

export function createStoreLease(store: Store, options: StoreLeaseOptions): StoreLease {
  const { name, ttlMs } = options;
  const holderId = options.holderId ?? holderIdFor();
  let token: number | undefined;
  return {
    ttlMs,
    holderId,
    get token() {
      return token;
    },
    async acquire() {
      if (token !== undefined && (await renewLease(store, name, holderId, ttlMs))) return true;
      token = undefined;
      const next = await store.increment(generationKey(name));
      if (!(await acquireLease(store, name, holderId, ttlMs))) return false;
      token = next;
      return true;
    },
    async release() {
      token = undefined;
      await releaseLease(store, name, holderId);
    },
  };
}

/**
 * The lease a background loop runs under: none (`false`), the one given, or else the store's
 * lease `name` (DEFAULT_LEASE_TTL_MS and a holder id naming this process, unless set).
 */
export function loopLease(
  store: Store,
  name: string,
  option: false | Lease | { holderId?: string | undefined; ttlMs?: number | undefined } = {},
): Lease | undefined {
  if (option === false) return undefined;
  if ("acquire" in option) return option;
  return createStoreLease(store, {
    name,
    ttlMs: option.ttlMs ?? DEFAULT_LEASE_TTL_MS,
    ...(option.holderId ? { holderId: option.holderId } : {}),
  });
}

/**
 * A background loop's store lease `name` held for `ttlMs`, or none when `ttlMs` is 0. Unset, it
 * is DEFAULT_LEASE_TTL_MS where several processes may share the store, and none where one owns it.
 */
export function ttlLoopLease(
  store: Store,
  name: string,
  ttlMs: number = sharedByProcesses(store) ? DEFAULT_LEASE_TTL_MS : 0,
): Lease | undefined {
  return loopLease(store, name, ttlMs > 0 && { ttlMs });
}

/**
 * Whether several processes may share this store, so that pollers need a lease to take turns.
 * Only Redis is; the file store is locked to one process and memory belongs to one. Without
 * this, a lease left by a killed process would hold the restarted bot back until it ran out.
 */
export function sharedByProcesses(store: Store): boolean {
  return store.kind === "redis";
}

/** The reason a round's signal aborts, or a fenced write fails, when another process took the lease over. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor(loop: string) {
    super(`${loop}: the lease passed to another process during the round`);
  }
}
