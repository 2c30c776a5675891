/** Tests: test/store/redis.test.ts, test/store/lease.test.ts and 31 more */
import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import {
  checkIncrement,
  checkPageLimit,
  decodeValue,
  type EncodedChange,
  encodeChanges,
  encodeValue,
  pageRange,
  prefixUpperBound,
  ttlOf,
} from "./codec.ts";
import { StoreOpenError } from "./errors.ts";
import type { Change, PageOptions, SetOptions, Store } from "./port.ts";
import { LOCK_SCRIPTS, type LockingStore } from "./redis-locks.ts";
import { SCRIPTS } from "./redis-scripts.ts";
import { escapeGlob, maskRedisUrl, scrub, urlSecrets } from "./redis-text.ts";

// Kept importable from here, where they always were.
export { escapeGlob, maskRedisUrl } from "./redis-text.ts";

export const DEFAULT_REDIS_PREFIX = "ozonbot:";
const SCAN_BATCH = 5_000;
const MGET_BATCH = 500;
const SWEEP_BATCH = 500;
const PING_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 5_000;

export interface RedisStoreOptions {
  /** redis:// or rediss:// URL; it may hold a password, which never reaches a message. */
  url: string;
  /** Namespace in front of every key, so several bots (or test runs) share one Redis. */
  prefix?: string;
  /** Where lost and regained connections are reported once the store is open. */
  logger?: Pick<Logger, "warn" | "info">;
  connectTimeoutMs?: number;
  /** A command with no answer by then fails (Redis paused, a half-dead connection). */
  commandTimeoutMs?: number;
  /** How often index members of expired keys are removed; they are never listed regardless. */
  sweepIntervalMs?: number;
  /** Told about a failed background sweep (the store keeps working). */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * State in Redis, for one or several bot processes. Each port operation is one Redis command
 * (GET, MGET) or one Lua script, so each is atomic across processes. Values are stored as JSON
 * text; counters too (INCRBY writes the plain integer, which is JSON).
 *
 * Writes keep an index of the keys in two sorted sets beside the data (redis-scripts.ts), so
 * list() reads only the keys it returns instead of scanning every key of the Redis database.
 * Keys written by an older version, without the index, are indexed once when a store opens on a
 * namespace that has no index yet; all processes sharing a namespace must run a version that
 * keeps the index.
 */
export class RedisStore implements Store, LockingStore {
  readonly kind = "redis" as const;
  readonly prefix: string;
  /** The URL with its password masked, fit for logs. */
  readonly safeUrl: string;
  readonly #client: Redis;
  /** The index and expiry sorted sets (see redis-scripts.ts). */
  readonly #indexKeys: readonly [string, string];
  /** Present while keys written before the index are being indexed. */
  readonly #migrationKey: string;
  readonly #sweeper: NodeJS.Timeout;
  readonly #onBackgroundError: (error: unknown) => void;

  /** Connects (failing fast when Redis does not answer) and returns the store. */
  static async open(options: RedisStoreOptions): Promise<RedisStore> {
    const safeUrl = maskRedisUrl(options.url);
    const secrets = urlSecrets(options.url);
    const state = { opened: false, lastError: undefined as string | undefined, down: false };
    const client = new Redis(options.url, {
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 5_000,
      // An open connection that stops answering must not hang updates or shutdown for ever.
      commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
      // Before the store is open a failure is final; afterwards reconnect with a capped backoff.
      retryStrategy: (times) => (state.opened ? Math.min(times * 100, 2_000) : null),
      // A command waits for a few reconnects, then fails instead of hanging the update.
      maxRetriesPerRequest: 3,
      // Commands of updates handled side by side go out in one write (one system call) per tick
      // of the event loop instead of one each: most of an update's cost was these writes
      // (bench/ingress.ts). Order on the connection is kept.
      enableAutoPipelining: true,
    });
    client.on("error", (error: Error) => {
      state.lastError = scrub(error.message, secrets);
      if (state.opened && !state.down) {
        state.down = true;
        options.logger?.warn({ redis: safeUrl, problem: state.lastError }, "Redis connection lost");
      }
    });
    client.on("ready", () => {
      if (state.down) options.logger?.info({ redis: safeUrl }, "Redis connection back");
      state.down = false;
    });
    try {
      await client.connect();
      await client.ping();
    } catch (error) {
      client.disconnect();
      const reason = state.lastError ?? scrub((error as Error).message, secrets);
      throw new StoreOpenError(
        "unreachable",
        safeUrl,
        `Cannot reach Redis at ${safeUrl} (${reason}). Check REDIS_URL and that Redis is running; unset REDIS_URL to use the file store instead.`,
      );
    }
    const store = new RedisStore(client, options.prefix ?? DEFAULT_REDIS_PREFIX, safeUrl, options);
    try {
      await store.#indexOlderKeys();
    } catch (error) {
      await store.close();
      throw error;
    }
    state.opened = true;
    return store;
  }

  /** Use `RedisStore.open`, which connects first. */
  private constructor(client: Redis, prefix: string, safeUrl: string, options: RedisStoreOptions) {
    this.#client = client;
    this.prefix = prefix;
    this.safeUrl = safeUrl;
    this.#indexKeys = [`${prefix}\0index`, `${prefix}\0expiry`];
    this.#migrationKey = `${prefix}\0indexing`;
    this.#onBackgroundError = options.onBackgroundError ?? (() => {});
    this.#sweeper = setInterval(() => this.#sweep(), options.sweepIntervalMs ?? 5_000);
    this.#sweeper.unref();
  }

  /**
   * Removes index members of keys Redis has expired (at most one batch); returns how many
   * members were looked at. The background sweep calls it; list() is right without it.
   */
  async purgeExpired(): Promise<number> {
    const args = [this.prefix, String(SWEEP_BATCH)];
    return Number(await SCRIPTS.sweep.run(this.#client, this.#indexKeys, args));
  }

  #sweep(): void {
    if (this.#client.status !== "ready") return;
    this.purgeExpired().then(
      // A full batch means more are waiting: continue soon, without one long script.
      (seen) => {
        if (seen === SWEEP_BATCH) setImmediate(() => this.#sweep());
      },
      this.#onBackgroundError,
    );
  }

  /** Members of the key index, expired keys not yet swept included (tests check the sweep). */
  async indexedCount(): Promise<number> {
    return this.#client.zcard(this.#indexKeys[0]);
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.#client.get(this.prefix + key);
    return text === null ? undefined : decodeValue<T>(text);
  }

  async set(key: string, value: unknown, options?: SetOptions): Promise<void> {
    const json = encodeValue(key, value);
    await this.#run(SCRIPTS.set, key, [json, ttlArg(ttlOf(options))]);
  }

  async setIfAbsent(key: string, value: unknown, options?: SetOptions): Promise<boolean> {
    const json = encodeValue(key, value);
    return (await this.#run(SCRIPTS.setIfAbsent, key, [json, ttlArg(ttlOf(options))])) === 1;
  }

  async delete(key: string): Promise<boolean> {
    return Number(await this.#run(SCRIPTS.delete, key, [])) > 0;
  }

  async take<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.#run(SCRIPTS.take, key, []);
    return typeof text === "string" ? decodeValue<T>(text) : undefined;
  }

  async list<T = unknown>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    // The index is ordered by bytes, which for UTF-8 is code point order, as the port asks.
    const bound = prefixUpperBound(prefix);
    const keys = await this.#client.zrangebylex(
      this.#indexKeys[0],
      prefix === "" ? "-" : `[${prefix}`,
      bound === undefined ? "+" : `(${bound}`,
    );
    const entries: Array<{ key: string; value: T }> = [];
    for (let i = 0; i < keys.length; i += MGET_BATCH) {
      const batch = keys.slice(i, i + MGET_BATCH);
      const texts = await this.#client.mget(batch.map((key) => this.prefix + key));
      batch.forEach((key, j) => {
        const text = texts[j];
        // Expired (not swept from the index yet) or deleted meanwhile: not live, not listed.
        if (text !== null && text !== undefined) entries.push({ key, value: decodeValue<T>(text) });
      });
    }
    return entries;
  }

  async listPage<T = unknown>(
    prefix: string,
    options: PageOptions,
  ): Promise<Array<{ key: string; value: T }>> {
    checkPageLimit(options.limit);
    const reverse = options.reverse === true;
    const range = pageRange(prefix, reverse, options.after);
    let low = `${range.lowerOpen ? "(" : "["}${range.lower}`;
    let high = range.upper === undefined ? "+" : `(${range.upper}`;
    if (range.lower === "" && !range.lowerOpen) low = "-";
    const entries: Array<{ key: string; value: T }> = [];
    // Expired keys not yet swept from the index are skipped: read on until the page is full.
    while (entries.length < options.limit) {
      const want = options.limit - entries.length;
      const keys = reverse
        ? await this.#client.zrevrangebylex(this.#indexKeys[0], high, low, "LIMIT", 0, want)
        : await this.#client.zrangebylex(this.#indexKeys[0], low, high, "LIMIT", 0, want);
      if (keys.length === 0) break;
      const texts = await this.#client.mget(keys.map((key) => this.prefix + key));
      keys.forEach((key, j) => {
        const text = texts[j];
        if (text !== null && text !== undefined) entries.push({ key, value: decodeValue<T>(text) });
      });
      if (keys.length < want) break;
      const last = keys[keys.length - 1] as string;
      if (reverse) high = `(${last}`;
      else low = `(${last}`;
    }
    return entries;
  }

  async increment(key: string, by = 1): Promise<number> {
    checkIncrement(by);
    try {
      return Number(await this.#run(SCRIPTS.increment, key, [String(by)]));
    } catch (error) {
      if (/UNSAFE sum/.test((error as Error).message)) {
        throw new RangeError(`Incrementing "${key}" would leave the safe integer range`);
      }
      if (/not an integer|out of range/.test((error as Error).message)) {
        throw new TypeError(`Store value for "${key}" is not an integer, cannot increment it`);
      }
      throw error;
    }
  }

  async compareAndSet(
    key: string,
    expected: unknown,
    next: unknown,
    options?: SetOptions,
  ): Promise<boolean> {
    const change: EncodedChange = {
      key,
      expected: encodeValue(key, expected),
      next: next === undefined ? undefined : encodeValue(key, next),
      ttlMs: ttlOf(options),
    };
    return this.#compareAndSetMany([change]);
  }

  async compareAndSetMany(changes: readonly Change[]): Promise<boolean> {
    return this.#compareAndSetMany(encodeChanges(changes));
  }

  async #compareAndSetMany(changes: readonly EncodedChange[]): Promise<boolean> {
    if (changes.length === 0) return true;
    const keys = changes.map((c) => this.prefix + c.key);
    const args = changes.flatMap((c) => [
      c.key,
      c.expected === undefined ? "" : `=${c.expected}`,
      c.next === undefined ? "" : `=${c.next}`,
      ttlArg(c.ttlMs),
    ]);
    const changed = await SCRIPTS.compareAndSetMany.run(
      this.#client,
      [...this.#indexKeys, ...keys],
      args,
    );
    return changed === 1;
  }

  /** See LockingStore (redis-locks.ts): the lock's SET NX PX and a GET, one script. */
  async lockAndRead(key: string, token: string, ttlMs: number, readKeys?: readonly string[]) {
    const keys = [this.prefix + key];
    for (const readKey of readKeys ?? []) keys.push(this.prefix + readKey);
    const args = [encodeValue(key, token), String(ttlMs)];
    const reply = (await LOCK_SCRIPTS.lockAndRead.run(this.#client, keys, args)) as Array<
      number | string | null
    >;
    const values: unknown[] = [];
    for (let i = 2; i < keys.length + 1; i++) values.push(decodeText(reply[i]));
    return { locked: reply[0] === 1, values, holder: decodeText(reply[1]) };
  }

  async renewLock(key: string, token: string, ttlMs: number): Promise<boolean> {
    const args = [encodeValue(key, token), String(ttlMs)];
    return (await LOCK_SCRIPTS.renew.run(this.#client, [this.prefix + key], args)) === 1;
  }

  async unlock(key: string, token: string): Promise<boolean> {
    const args = [encodeValue(key, token)];
    return (await LOCK_SCRIPTS.unlock.run(this.#client, [this.prefix + key], args)) === 1;
  }

  /** Runs a one-key script: KEYS index, expiry, the key; ARGV the key without prefix, then args. */
  #run(script: (typeof SCRIPTS)[keyof typeof SCRIPTS], key: string, args: readonly string[]) {
    return script.run(this.#client, [...this.#indexKeys, this.prefix + key], [key, ...args]);
  }

  /**
   * Indexes the keys an older version wrote (it kept no index), once per namespace: when there is
   * no index yet, or an earlier indexing did not finish. Idempotent, so stores opening together
   * may both do it.
   */
  async #indexOlderKeys(): Promise<void> {
    const [index, expiry] = this.#indexKeys;
    const [indexed, unfinished] = await Promise.all([
      this.#client.exists(index, expiry),
      this.#client.exists(this.#migrationKey),
    ]);
    if (indexed > 0 && unfinished === 0) return;
    await this.#client.set(this.#migrationKey, "1");
    const own = `${this.prefix}\0`;
    let cursor = "0";
    do {
      const [next, found] = await this.#client.scan(
        cursor,
        "MATCH",
        `${escapeGlob(this.prefix)}*`,
        "COUNT",
        SCAN_BATCH,
      );
      const keys = found.filter((key) => !key.startsWith(own));
      if (keys.length > 0) {
        const pipeline = this.#client.pipeline();
        for (const key of keys) pipeline.pttl(key);
        const ttls = (await pipeline.exec()) ?? [];
        const args = keys.flatMap((key, i) => [
          key.slice(this.prefix.length),
          String(ttls[i]?.[1] ?? -2),
        ]);
        await SCRIPTS.adopt.run(this.#client, this.#indexKeys, args);
      }
      cursor = next;
    } while (cursor !== "0");
    await this.#client.del(this.#migrationKey);
  }

  async ping(): Promise<boolean> {
    if (this.#client.status !== "ready") return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((done) => {
      timer = setTimeout(() => done(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.#client.ping().then((reply) => reply === "PONG"), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    if (this.#client.status === "end") return;
    if (this.#client.status !== "ready") {
      this.#client.disconnect();
      return;
    }
    try {
      await this.#client.quit();
    } catch {
      // No answer to QUIT (it timed out): drop the connection instead.
      this.#client.disconnect();
    }
  }
}

/** A TTL as a script argument: the milliseconds, or '' for none. */
function ttlArg(ttlMs: number | undefined): string {
  return ttlMs === undefined ? "" : String(ttlMs);
}

function decodeText(text: number | string | null | undefined): unknown {
  return typeof text === "string" ? decodeValue(text) : undefined;
}
