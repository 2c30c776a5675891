/**
 * The one persistence port. Everything the bot keeps (people, invites, subscriptions, sessions,
 * conversation state, relay cursors, message links, announced postings, report jobs) goes
 * through it, so the memory, SQLite-file and Redis adapters behave the same.
 *
 * Values are JSON-serialisable. Keys are plain strings such as `user:42`; each adapter adds its
 * own namespace prefix (tests give every suite its own prefix).
 */
export interface SetOptions {
  /** Time to live in milliseconds; the entry disappears after it, as a Redis key with PX would. */
  ttlMs?: number;
}

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
  /** Atomically adds `by` to a number stored at key (missing counts as 0) and returns the result. */
  increment(key: string, by?: number): Promise<number>;
  /** True when the backing service answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
