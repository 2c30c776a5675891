/** Tests: test/store/open-store.test.ts */
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { StoreOpenError } from "./errors.ts";
import { MemoryStore } from "./memory.ts";
import type { Store } from "./port.ts";
import { SqliteStore } from "./sqlite.ts";

export { isStoreOpenError, StoreOpenError, type StoreOpenProblem } from "./errors.ts";
export { acquireLease, leaseHolder, leaseKey, releaseLease, renewLease } from "./lease.ts";
export { MemoryStore, type MemoryStoreOptions } from "./memory.ts";
export { type Change, MAX_PAGE, type PageOptions, type SetOptions, type Store } from "./port.ts";
// Types only: the Redis client (ioredis) is loaded when a Redis store is opened, not by a bot on
// the file store (memory at idle, bench/memory.ts). Import redis.ts itself for the class.
export type { RedisStore, RedisStoreOptions } from "./redis.ts";
export { SQLITE_FILE_NAME, SqliteStore, type SqliteStoreOptions } from "./sqlite.ts";

export interface OpenStoreOptions {
  /** Redis key namespace (default "ozonbot:"); the memory and file stores need none. */
  prefix?: string;
}

/**
 * Opens the store the configuration asks for and says in the log which one it is.
 * Throws StoreOpenError (file locked, damaged or not writable; Redis unreachable): the caller
 * should log its message and stop, since running on would lose or split the bot's state.
 */
export async function openStore(
  config: Config["store"],
  logger: Logger,
  options: OpenStoreOptions = {},
): Promise<Store> {
  switch (config.kind) {
    case "memory":
      logger.warn(
        "Store: in memory. Everything the bot keeps (people, roles, subscriptions, relay positions, conversations) is forgotten when it stops; use it for tests and throwaway trials only",
      );
      return new MemoryStore();
    case "file": {
      const store = await SqliteStore.open({
        dataDir: config.dataDir,
        onBackgroundError: (error) =>
          logger.warn({ err: error }, "Store: purging expired entries failed; will retry"),
      });
      logger.info(
        { file: store.file },
        "Store: SQLite file (one process only; state survives restarts)",
      );
      return store;
    }
    case "redis": {
      if (!config.redisUrl) {
        throw new StoreOpenError(
          "unreachable",
          "(none)",
          "STORE is redis but REDIS_URL is not set",
        );
      }
      const { DEFAULT_REDIS_PREFIX, RedisStore } = await import("./redis.ts");
      const store = await RedisStore.open({
        url: config.redisUrl,
        prefix: options.prefix ?? config.redisPrefix ?? DEFAULT_REDIS_PREFIX,
        logger,
        onBackgroundError: (error) =>
          logger.warn(
            { err: error },
            "Store: sweeping expired keys from the index failed; will retry",
          ),
      });
      logger.info({ redis: store.safeUrl, prefix: store.prefix }, "Store: Redis");
      return store;
    }
  }
}
