/**
 * One chat's updates handled one at a time across every process sharing the store.
 *
 * `sequentialize` orders a chat's updates inside one process only; behind a load balancer
 * Telegram's concurrent webhook deliveries put two updates of one chat (a double tap, the next
 * step of a dialog) on two processes at once. Both would read the same session, both would act
 * (ship twice), and the later session write would undo the earlier. This middleware holds a lock
 * in the store (`chat-lock:<chat>`) around the rest of the update's handling, so the session and
 * the dialog state are read only once the other process has written them back.
 *
 * The lock: set-if-absent with a TTL and a token of this hold (holderIdFor: host, pid, start,
 * random, and a count of holds); renewed every third of the TTL while the update runs (one timer for all locks held);
 * released by compare-and-delete, so a holder whose lock ran out never deletes the next holder's.
 * A process that died holding it leaves it to run out (TTL), or, on the same host, it is taken
 * over at once (isHolderGone).
 * A waiter polls with a growing pause until it gets the lock or its deadline passes
 * (ChatBusyError: the update fails and the person is told, rather than acting unlocked).
 *
 * On Redis (a LockingStore) the lock is one plain key outside the store's index, taken with the
 * chat's session read in the same script (`readAlong`), so an update costs one round trip for
 * both; released and renewed by compare-and-delete / compare-and-expire.
 * Tests: test/processes/chat-lock.test.ts
 */
import type { Context, MiddlewareFn } from "grammy";
import { systemClock } from "../../clock.ts";
import { holderIdFor, isHolderGone } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { isLockingStore, type LockingStore } from "../../store/redis-locks.ts";

export const DEFAULT_CHAT_LOCK_TTL_MS = 8_000;
export const DEFAULT_CHAT_LOCK_WAIT_MS = 10_000;
const FIRST_RETRY_MS = 4;
const LONGEST_RETRY_MS = 80;

export interface ChatLockOptions {
  store: Store;
  /** The lock runs out this long after its last renewal (a dead holder's, too). */
  ttlMs?: number;
  /** Longest wait for another process's update of the chat to finish. */
  waitMs?: number;
  /** Which chat an update belongs to; undefined: not locked. Default: chat id, else sender. */
  keyOf?: (ctx: Context) => string | undefined;
  logger?: { warn(object: object, message?: string): void };
  /**
   * Store keys to read together with taking the lock (the chat's session, the person acting),
   * each handed to its `onRead` before the rest of the update runs. Only where the store can do
   * both in one step (Redis); elsewhere each reader's own code reads as usual.
   */
  readAlong?: ReadAlong | readonly ReadAlong[];
}

/** A key read along with taking a chat's lock. */
export interface ReadAlong {
  /** The key to read for this update; undefined: none. */
  keyOf: (ctx: Context) => string | undefined;
  onRead: (ctx: Context, key: string, value: unknown) => void;
  /** After the update, read or not. */
  done?: (ctx: Context, key: string) => void;
}

/** The chat's lock was not free within the wait: the update was not handled. */
export class ChatBusyError extends Error {
  override name = "ChatBusyError";
  constructor(key: string, waitMs: number) {
    super(`${key} stayed locked by another process for ${waitMs} ms`);
  }
}

export function chatLockKey(chat: string): string {
  return `chat-lock:${chat}`;
}

/** The key `sequentialize` uses too: the chat, or the person for updates without a chat. */
export function chatOf(ctx: Context): string | undefined {
  if (ctx.chatId !== undefined) return `chat:${ctx.chatId}`;
  if (ctx.from) return `user:${ctx.from.id}`;
  return undefined;
}

export function chatLock<C extends Context>(options: ChatLockOptions): MiddlewareFn<C> {
  const lock = new ChatLocks(options);
  const keyOf = options.keyOf ?? chatOf;
  const along: readonly ReadAlong[] =
    options.readAlong === undefined
      ? []
      : Array.isArray(options.readAlong)
        ? options.readAlong
        : [options.readAlong as ReadAlong];
  return async (ctx, next) => {
    const chat = keyOf(ctx);
    if (chat === undefined) return next();
    const readers: ReadAlong[] = [];
    const keys: string[] = [];
    for (const reader of along) {
      const key = reader.keyOf(ctx);
      if (key === undefined) continue;
      readers.push(reader);
      keys.push(key);
    }
    if (keys.length === 0) return lock.around(chat, next);
    try {
      await lock.around(
        chat,
        (values) => {
          if (values) {
            for (let i = 0; i < readers.length; i++) {
              (readers[i] as ReadAlong).onRead(ctx, keys[i] as string, values[i]);
            }
          }
          return next();
        },
        keys,
      );
    } finally {
      for (let i = 0; i < readers.length; i++) {
        (readers[i] as ReadAlong).done?.(ctx, keys[i] as string);
      }
    }
  };
}

/** The locks themselves, usable without grammY (tests, benchmarks). */
export class ChatLocks {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #waitMs: number;
  readonly #logger: ChatLockOptions["logger"];
  /** The store's own locks (Redis): one command each, and a read along with taking. */
  readonly #locking: LockingStore | undefined;
  /**
   * The locks held now (token → lock key), all renewed by one timer every third of the TTL
   * while any is held, rather than a timer made and cleared on every update.
   */
  readonly #held = new Map<string, string>();
  #renewals: ReturnType<typeof setInterval> | undefined;
  /** This process's holder id (host, pid, start, random), made once: tokens add a count to it. */
  readonly #holder = holderIdFor();
  #taken = 0;

  constructor(options: ChatLockOptions) {
    this.#store = options.store;
    this.#locking = isLockingStore(options.store) ? options.store : undefined;
    this.#ttlMs = options.ttlMs ?? DEFAULT_CHAT_LOCK_TTL_MS;
    this.#waitMs = options.waitMs ?? DEFAULT_CHAT_LOCK_WAIT_MS;
    this.#logger = options.logger;
  }

  /**
   * Runs `work` while holding the chat's lock. With `readKeys`, on a store that can, those keys
   * are read in the same step as the lock is taken and their values given to `work`, in their
   * order (else `work` gets undefined).
   */
  async around<T>(
    chat: string,
    work: (values?: unknown[]) => Promise<T>,
    readKeys?: readonly string[],
  ): Promise<T> {
    const key = chatLockKey(chat);
    const { token, values } = await this.#acquire(key, readKeys);
    this.#held.set(token, key);
    if (this.#renewals === undefined) {
      this.#renewals = setInterval(() => this.#renewHeld(), this.#ttlMs / 3);
      this.#renewals.unref();
    }
    try {
      return await work(values);
    } finally {
      this.#held.delete(token);
      if (this.#held.size === 0) {
        clearInterval(this.#renewals);
        this.#renewals = undefined;
      }
      const released = this.#locking
        ? this.#locking.unlock(key, token)
        : this.#store.compareAndSet(key, token, undefined);
      await released.catch((error: unknown) => {
        // It runs out by itself; the next update of the chat waits at most the TTL.
        this.#logger?.warn({ err: error, lock: key }, "Could not release a chat lock");
      });
    }
  }

  async #acquire(
    key: string,
    readKeys: readonly string[] | undefined,
  ): Promise<{ token: string; values?: unknown[] }> {
    // Unique per hold (a count in this process), and still in holderIdFor's form for isHolderGone.
    const token = `${this.#holder}.${(++this.#taken).toString(36)}`;
    const ttl = { ttlMs: this.#ttlMs };
    const deadline = Date.now() + this.#waitMs;
    let pause = FIRST_RETRY_MS;
    for (;;) {
      let holder: unknown;
      if (this.#locking) {
        const taken = await this.#locking.lockAndRead(key, token, this.#ttlMs, readKeys);
        if (taken.locked) return { token, values: readKeys ? taken.values : undefined };
        holder = taken.holder;
      } else {
        if (await this.#store.setIfAbsent(key, token, ttl)) return { token };
        holder = await this.#store.get<string>(key);
      }
      if (typeof holder === "string" && isHolderGone(holder)) {
        // Rare (a process of this host died holding it): the store's own compare-and-set, and
        // the read along, if any, is left to the caller.
        if (await this.#store.compareAndSet(key, holder, token, ttl)) return { token };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new ChatBusyError(key, this.#waitMs);
      // Jitter: two waiters of one chat do not ask in step.
      await systemClock.sleep(Math.min(left, pause * (0.5 + Math.random())));
      pause = Math.min(LONGEST_RETRY_MS, pause * 2);
    }
  }

  /** Every lock held now; one taken since the last tick is renewed early, which is harmless. */
  #renewHeld(): void {
    for (const [token, key] of this.#held) void this.#renew(key, token);
  }

  async #renew(key: string, token: string): Promise<void> {
    try {
      const held = this.#locking
        ? await this.#locking.renewLock(key, token, this.#ttlMs)
        : await this.#store.compareAndSet(key, token, token, { ttlMs: this.#ttlMs });
      if (!held) {
        this.#logger?.warn(
          { lock: key },
          "A chat lock ran out while its update was still being handled",
        );
      }
    } catch (error) {
      this.#logger?.warn({ err: error, lock: key }, "Could not renew a chat lock");
    }
  }
}
