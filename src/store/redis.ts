import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import { checkIncrement, compareKeys, decodeValue, encodeValue, ttlOf } from "./codec.ts";
import { StoreOpenError } from "./errors.ts";
import type { SetOptions, Store } from "./port.ts";

export const DEFAULT_REDIS_PREFIX = "ozonbot:";
const SCAN_BATCH = 5_000;
const MGET_BATCH = 500;
const PING_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 5_000;

/** Replaces a value only while the current one equals ARGV[1]; ARGV[2] = "del" deletes instead. */
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == 'del' then
  redis.call('DEL', KEYS[1])
elseif ARGV[4] == '' then
  redis.call('SET', KEYS[1], ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
end
return 1`;

/**
 * INCRBY, undone when the result leaves JavaScript's safe integer range (the other stores refuse
 * it too). The sum is read back as text: Lua numbers are doubles and would round it.
 */
const INCREMENT = `
redis.call('INCRBY', KEYS[1], ARGV[1])
local text = redis.call('GET', KEYS[1])
local digits = string.gsub(text, '^%-', '')
if #digits > 16 or (#digits == 16 and digits > '9007199254740991') then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return redis.error_reply('UNSAFE sum beyond the safe integer range')
end
return text`;

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
}

/**
 * State in Redis, for one or several bot processes. Each port operation is one Redis command
 * (SET NX PX, GETDEL, INCRBY...) or one Lua script, so each is atomic across processes.
 * Values are stored as JSON text; counters too (INCRBY writes the plain integer, which is JSON).
 */
export class RedisStore implements Store {
  readonly kind = "redis" as const;
  readonly prefix: string;
  /** The URL with its password masked, fit for logs. */
  readonly safeUrl: string;
  readonly #client: Redis;

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
    state.opened = true;
    return new RedisStore(client, options.prefix ?? DEFAULT_REDIS_PREFIX, safeUrl);
  }

  /** Use `RedisStore.open`, which connects first. */
  private constructor(client: Redis, prefix: string, safeUrl: string) {
    this.#client = client;
    this.prefix = prefix;
    this.safeUrl = safeUrl;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.#client.get(this.prefix + key);
    return text === null ? undefined : decodeValue<T>(text);
  }

  async set(key: string, value: unknown, options?: SetOptions): Promise<void> {
    const json = encodeValue(key, value);
    const ttlMs = ttlOf(options);
    if (ttlMs === undefined) await this.#client.set(this.prefix + key, json);
    else await this.#client.set(this.prefix + key, json, "PX", ttlMs);
  }

  async setIfAbsent(key: string, value: unknown, options?: SetOptions): Promise<boolean> {
    const json = encodeValue(key, value);
    const ttlMs = ttlOf(options);
    const reply =
      ttlMs === undefined
        ? await this.#client.set(this.prefix + key, json, "NX")
        : await this.#client.set(this.prefix + key, json, "PX", ttlMs, "NX");
    return reply === "OK";
  }

  async delete(key: string): Promise<boolean> {
    return (await this.#client.del(this.prefix + key)) > 0;
  }

  async take<T = unknown>(key: string): Promise<T | undefined> {
    const text = await this.#client.getdel(this.prefix + key);
    return text === null ? undefined : decodeValue<T>(text);
  }

  async list<T = unknown>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    const pattern = `${escapeGlob(this.prefix + prefix)}*`;
    const found = new Set<string>(); // SCAN may return a key more than once
    let cursor = "0";
    do {
      const [next, keys] = await this.#client.scan(cursor, "MATCH", pattern, "COUNT", SCAN_BATCH);
      for (const key of keys) found.add(key.slice(this.prefix.length));
      cursor = next;
    } while (cursor !== "0");
    const keys = [...found].sort(compareKeys);
    const entries: Array<{ key: string; value: T }> = [];
    for (let i = 0; i < keys.length; i += MGET_BATCH) {
      const batch = keys.slice(i, i + MGET_BATCH);
      const texts = await this.#client.mget(batch.map((key) => this.prefix + key));
      batch.forEach((key, j) => {
        const text = texts[j];
        // Expired or deleted between SCAN and MGET: not live any more, so not listed.
        if (text !== null && text !== undefined) entries.push({ key, value: decodeValue<T>(text) });
      });
    }
    return entries;
  }

  async increment(key: string, by = 1): Promise<number> {
    checkIncrement(by);
    try {
      return Number(await this.#client.eval(INCREMENT, 1, this.prefix + key, by));
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
    const expectedJson = encodeValue(key, expected);
    const nextJson = next === undefined ? "" : encodeValue(key, next);
    const ttlMs = ttlOf(options);
    const changed = await this.#client.eval(
      COMPARE_AND_SET,
      1,
      this.prefix + key,
      expectedJson,
      next === undefined ? "del" : "set",
      nextJson,
      ttlMs === undefined ? "" : String(ttlMs),
    );
    return changed === 1;
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

/** A Redis URL fit for logs and messages: the password (or a lone user part) becomes ***. */
export function maskRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    else if (parsed.username) parsed.username = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable Redis URL)";
  }
}

/** Escapes Redis glob characters so a prefix matches only itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

/** What maskRedisUrl hides, raw and percent-decoded, to strip it from driver messages too. */
function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secret = parsed.password || parsed.username;
    return [secret, decodeURIComponent(secret)].filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

function scrub(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join("***");
  return clean;
}
