/** Tests: test/bot/core/session.test.ts */
import { type Context, type MiddlewareFn, type StorageAdapter, session } from "grammy";
import type { ReadAlong } from "./chat-lock.ts";
import type { BotContext, SessionData } from "./context.ts";

/**
 * Wraps a session storage so that a session which did not change is not written back: grammY
 * writes every session it touched, and most updates (a command, a button) change nothing. The
 * JSON of each value read (or created empty) is remembered beside the object and compared when
 * grammY writes. A new chat whose empty session stays empty costs no write at all.
 */
export function skipUnchangedWrites<T extends object>(
  storage: StorageAdapter<T>,
): { storage: StorageAdapter<T>; initial: () => T } {
  // Kept under a symbol, which JSON ignores (cheaper for the garbage collector than a WeakMap).
  // A copy of the object carries the snapshot along, which is still right: the snapshot says
  // what the store holds, and equal JSON needs no write whichever object it comes from.
  const remember = (value: T) => {
    (value as Snapshotted)[STORED] = JSON.stringify(value);
    return value;
  };
  return {
    storage: {
      read: async (key) => {
        const value = await storage.read(key);
        return value === undefined || value === null ? undefined : remember(value);
      },
      write: async (key, value) => {
        if ((value as Snapshotted)[STORED] === JSON.stringify(value)) return;
        await storage.write(key, value);
      },
      delete: (key) => storage.delete(key),
    },
    initial: () => remember({} as T),
  };
}

const STORED = Symbol("session as stored");
type Snapshotted = { [STORED]?: string };

/** The per-chat session (grammY's own) over the store's StorageAdapter. */
export function chatSession(storage: StorageAdapter<SessionData>): MiddlewareFn<BotContext> {
  const wrapped = skipUnchangedWrites(storage);
  return session<SessionData, BotContext>({ initial: wrapped.initial, storage: wrapped.storage });
}

/**
 * Sessions read ahead by the chat lock (chat-lock.ts `readAlong`: on Redis, taken in the same
 * round trip as the lock), handed to the session's read of the same update instead of asking the
 * store again. Keyed by grammY's session key (the chat id); sequentialize lets one update per chat
 * run at a time, and the lock keeps other processes from writing it meanwhile.
 */
export class SessionPrefetch {
  readonly #values = new Map<string, unknown>();
  readonly #prefix: string;

  /** `prefix`: the store adapter's (storeAdapter's default "session:"). */
  constructor(prefix = "session:") {
    this.#prefix = prefix;
  }

  /** For chatLock's `readAlong`. */
  readonly readAlong: ReadAlong = {
    keyOf: (ctx: Context) => {
      // grammY's default session key.
      const chat = ctx.chatId?.toString();
      return chat === undefined ? undefined : this.#prefix + chat;
    },
    onRead: (_ctx: Context, key: string, value: unknown) => {
      this.#values.set(key, value);
    },
    done: (_ctx: Context, key: string) => {
      this.#values.delete(key);
    },
  };

  /** `storage` whose reads take a value read ahead first (once), else ask `storage`. */
  wrap<T>(storage: StorageAdapter<T>): StorageAdapter<T> {
    return {
      read: (key) => {
        const storeKey = this.#prefix + key;
        if (!this.#values.has(storeKey)) return storage.read(key);
        const value = this.#values.get(storeKey) as T | undefined;
        this.#values.delete(storeKey);
        return value;
      },
      write: (key, value) => storage.write(key, value),
      delete: (key) => storage.delete(key),
    };
  }
}
