/** Tests: test/store/session-storage.test.ts */
import type { ConversationData, ConversationKeyStorage } from "@grammyjs/conversations";
import type { Context, StorageAdapter } from "grammy";
import type { Store } from "../../store/port.ts";

export interface StoreAdapterOptions {
  /** Put in front of grammY's key (e.g. the chat id) to form the store key. */
  prefix?: string;
  /** Forget an entry this long after its last write (each write restarts the clock). */
  ttlMs?: number;
}

/**
 * A grammY StorageAdapter over the Store, for `session({ storage })`. Values must be JSON
 * (see port.ts). With the file store or Redis, sessions survive a restart.
 *
 * ```ts
 * bot.use(session({ initial: () => ({}), storage: storeAdapter(store, { prefix: "session:" }) }));
 * ```
 */
export function storeAdapter<T>(
  store: Store,
  options: StoreAdapterOptions = {},
): StorageAdapter<T> {
  const prefix = options.prefix ?? "session:";
  const setOptions = options.ttlMs === undefined ? undefined : { ttlMs: options.ttlMs };
  return {
    read: (key) => store.get<T>(prefix + key),
    write: (key, value) => store.set(prefix + key, value, setOptions),
    delete: async (key) => {
      await store.delete(prefix + key);
    },
  };
}

export interface ConversationStorageOptions extends StoreAdapterOptions {
  /**
   * Bump when a conversation's code changes in a way that invalidates saved replay state:
   * state saved under another version is dropped and the conversation starts over.
   */
  version?: string | number;
}

/**
 * The `storage` option of @grammyjs/conversations v2 (`conversations({ storage })`): state is
 * kept per chat under `conversation:<chat id>`, versioned by the plugin, so a conversation
 * continues at its step after a restart. Whatever `conversation.external` returns is stored,
 * so it must be JSON too.
 */
export function conversationStorage<C extends Context>(
  store: Store,
  options: ConversationStorageOptions = {},
): ConversationKeyStorage<C, ConversationData> {
  return {
    type: "key",
    version: options.version ?? 0,
    adapter: storeAdapter(store, {
      prefix: options.prefix ?? "conversation:",
      ttlMs: options.ttlMs,
    }),
  };
}
