/**
 * The one persistence port. Everything the bot keeps (people, invites, subscriptions, sessions,
 * conversation state, relay cursors, message links, announced postings, report jobs) goes
 * through it, so the memory, SQLite-file and Redis adapters behave the same.
 *
 * Values are JSON-serialisable. Keys are plain strings such as `user:42`; each adapter adds its
 * own namespace prefix (tests give every suite its own prefix).
 *
 * What every adapter guarantees (the contract suite in test/store checks each one):
 * - Values go in and come out as JSON copies: later changes to the object you stored, or to the
 *   one you read, never reach the store. `bigint`, functions, `undefined` and symbols are not
 *   JSON: `set(key, 10n)` throws a TypeError; `undefined` inside objects is dropped, as
 *   `JSON.stringify` does. `null` is a value like any other (distinct from a missing key).
 * - Expiry behaves as in Redis: an entry is invisible from the millisecond its TTL runs out
 *   (to get, list, take, delete, setIfAbsent...), and adapters purge expired entries in the
 *   background. `set` without `ttlMs` makes the entry permanent (clears an earlier TTL);
 *   `increment` keeps the TTL the entry already has.
 * - Keys are compared and listed in Unicode code point order (= UTF-8 byte order).
 * Tests: test/store/open-store.test.ts
 */
export interface SetOptions {
  /**
   * Time to live in milliseconds; the entry disappears after it, as a Redis key with PX would.
   * Must be a positive finite number (fractions are rounded up to the next millisecond).
   */
  ttlMs?: number;
}

/** One key's part in `compareAndSetMany`. */
export interface Change {
  key: string;
  /**
   * What the key must hold for the step to happen, compared by JSON text as in compareAndSet;
   * `undefined`: the key must be absent (or expired).
   */
  expected: unknown;
  /** The value written; `undefined` deletes the key. */
  next: unknown;
  /** TTL of the written value (none: permanent), as in `set`. */
  ttlMs?: number;
}

/** One page of `listPage`. */
export interface PageOptions {
  /** Most entries returned: an integer from 1 to MAX_PAGE. */
  limit: number;
  /** False (default): up from the first key; true: down from the last. */
  reverse?: boolean;
  /**
   * A cursor: start strictly past this key in the direction of travel (the last key of the page
   * before, or a bound such as `audit:t:<time>`).
   */
  after?: string;
}

/** The largest page `listPage` returns. */
export const MAX_PAGE = 1000;

export interface Store {
  readonly kind: "memory" | "file" | "redis";
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, options?: SetOptions): Promise<void>;
  /** Sets only when the key is absent; true when this call set it (dedupe, one-time tokens, leases). */
  setIfAbsent(key: string, value: unknown, options?: SetOptions): Promise<boolean>;
  /** Deletes; true when the key existed. */
  delete(key: string): Promise<boolean>;
  /** Atomically reads and deletes: exactly one of several concurrent callers gets the value. */
  take<T = unknown>(key: string): Promise<T | undefined>;
  /** All live entries whose key starts with `prefix`, in key order. */
  list<T = unknown>(prefix: string): Promise<Array<{ key: string; value: T }>>;
  /**
   * At most `limit` live entries whose key starts with `prefix`, in key order or reversed, past
   * the cursor `after`. Reads only what it returns (plus expired keys not yet purged), so a
   * large prefix can be paged, newest first, without reading it whole.
   *
   * Added for the audit trail (src/services/audit/): "the last 20 entries" of 180 days.
   */
  listPage<T = unknown>(
    prefix: string,
    options: PageOptions,
  ): Promise<Array<{ key: string; value: T }>>;
  /**
   * Atomically adds `by` to a number stored at key (missing counts as 0) and returns the result.
   * `by` (default 1) and the stored number must be safe integers (Redis INCRBY semantics);
   * anything else at the key is an error and leaves it unchanged.
   */
  increment(key: string, by?: number): Promise<number>;
  /**
   * Atomically replaces the value at key with `next` only while the key is live and its value
   * still equals `expected`; `next === undefined` deletes the key instead. True when it changed.
   * Values are compared by their JSON text, so build `expected` the way the stored value was
   * built (a plain string is simplest). The TTL is replaced by `options.ttlMs` (none: permanent).
   *
   * Added for leases (src/store/lease.ts): renewing or releasing a lease with get-then-set would
   * let a holder whose lease just expired overwrite or delete the lease another holder took.
   */
  compareAndSet(
    key: string,
    expected: unknown,
    next: unknown,
    options?: SetOptions,
  ): Promise<boolean>;
  /**
   * All or nothing over several keys: applies every change only while every key still holds its
   * `expected` value, in one atomic step; true when it did. No other operation sees a state in
   * between, and a crash leaves either all changes or none. A key may appear only once.
   *
   * Added for invites (src/services/access/index.ts): taking the invite and granting its role in two
   * steps lost the invite when the process died between them.
   */
  compareAndSetMany(changes: readonly Change[]): Promise<boolean>;
  /** True when the backing service answers. */
  ping(): Promise<boolean>;
  /** Releases connections, timers and locks; the store must not be used afterwards. */
  close(): Promise<void>;
}
