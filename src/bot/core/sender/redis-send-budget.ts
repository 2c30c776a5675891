/**
 * The send budget of every process sharing one Redis: Telegram counts the bot's messages, not a
 * process's, so with N processes a budget per process would let N × 30 messages a second go.
 *
 * The same GCRA arithmetic as MemorySendBudget, kept in Redis and run as one Lua script per
 * question, so "a token from the chat's bucket and one from the global bucket, both or neither"
 * holds across processes, and Redis's clock (TIME) is the only clock, so skewed hosts agree.
 *
 * Why a script and not rate-limiter-flexible's RateLimiterRedis: it counts points in windows of
 * whole seconds per key and consumes each limiter on its own (RateLimiterUnion takes from every
 * limiter and gives nothing back when one refuses), so "both or neither" and a 1/30 s global
 * interval cannot be said with it; and it has no notion of a 429 hold. The script is 40 lines.
 *
 * Keys (under the store's prefix, outside the store's index: nothing lists them):
 *   send-budget:global                 the global bucket's "full again at" (ms, Redis time)
 *   send-budget:<kind>:<chat>          a chat's bucket
 *   send-budget:hold:global|<kind>:<chat>   a 429's hold, as a key with that TTL
 *   send-budget:last-hold              the chat the latest 429 held (see memory-budget.ts)
 * Every key expires when its bucket is full again, so resting chats cost nothing.
 *
 * Redis unreachable: take() answers "everyone waits a second" (logged), so the sender neither
 * crashes nor sends beyond the limits; it asks again then.
 * Tests: test/processes/redis-send-budget.test.ts
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import {
  type BucketLimit,
  type SendBudget,
  type SendBudgetGrant,
  type SendLimits,
  type SendTarget,
  TELEGRAM_LIMITS,
} from "./send-budget.ts";

const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local function wait_of(bucket, hold, interval, capacity)
  local full_at = tonumber(redis.call('GET', bucket) or '0')
  local token_at = full_at - (capacity - 1) * interval
  local held = redis.call('PTTL', hold)
  if held < 0 then held = 0 end
  return math.max(0, token_at - now, held), full_at
end
local g_wait, g_full = wait_of(KEYS[1], KEYS[3], tonumber(ARGV[1]), tonumber(ARGV[2]))
if g_wait > 0 then return {0, tostring(g_wait), 'global'} end
local c_wait, c_full = wait_of(KEYS[2], KEYS[4], tonumber(ARGV[3]), tonumber(ARGV[4]))
if c_wait > 0 then return {0, tostring(c_wait), 'chat'} end
local function use(bucket, full_at, interval)
  local next_full = math.max(full_at, now) + interval
  local ttl = math.ceil(next_full - now)
  if ttl > 0 then redis.call('SET', bucket, string.format('%.3f', next_full), 'PX', ttl) end
end
use(KEYS[1], g_full, tonumber(ARGV[1]))
use(KEYS[2], c_full, tonumber(ARGV[3]))
return {1}`;

/** KEYS: chat hold, global hold, last hold. ARGV: retry ms, the chat's name. */
const BACK_OFF = `
local ms = tonumber(ARGV[1])
if ms <= 0 then return 0 end
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
local last = redis.call('GET', KEYS[3])
if last and last ~= ARGV[2] and redis.call('PTTL', KEYS[2]) < ms then
  redis.call('SET', KEYS[2], '1', 'PX', ms)
end
redis.call('SET', KEYS[3], ARGV[2], 'PX', redis.call('PTTL', KEYS[1]))
return 1`;

export interface RedisSendBudgetOptions {
  /** redis:// or rediss:// (REDIS_URL); a connection of the budget's own. */
  url: string;
  /** The store's key prefix, so bots sharing one Redis keep separate budgets. */
  prefix: string;
  /** Over TELEGRAM_LIMITS. */
  limits?: Partial<SendLimits>;
  logger?: { warn(object: object, message?: string): void };
}

/** How long everyone waits when Redis cannot be asked. */
const UNREACHABLE_WAIT_MS = 1_000;

export class RedisSendBudget implements SendBudget {
  readonly #client: Redis;
  readonly #prefix: string;
  readonly #limits: SendLimits;
  readonly #logger: RedisSendBudgetOptions["logger"];
  #failing = false;

  /** Connects (failing when Redis does not answer) and returns the budget. */
  static async open(options: RedisSendBudgetOptions): Promise<RedisSendBudget> {
    const client = new Redis(options.url, {
      lazyConnect: true,
      connectTimeout: 5_000,
      commandTimeout: 2_000,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    // Reported by take() when a command fails; the connection retries by itself.
    client.on("error", () => {});
    await client.connect();
    return new RedisSendBudget(client, options);
  }

  private constructor(client: Redis, options: RedisSendBudgetOptions) {
    this.#client = client;
    this.#prefix = `${options.prefix}send-budget:`;
    this.#limits = { ...TELEGRAM_LIMITS, ...options.limits };
    this.#logger = options.logger;
    for (const limit of Object.values(this.#limits)) checkLimit(limit);
  }

  async take(target: SendTarget): Promise<SendBudgetGrant> {
    const chat = this.#chatLimit(target);
    const name = chatName(target);
    const keys = [
      `${this.#prefix}global`,
      `${this.#prefix}${name}`,
      `${this.#prefix}hold:global`,
      `${this.#prefix}hold:${name}`,
    ];
    const args = [this.#limits.global, chat].flatMap((l) => [
      String(l.intervalMs),
      String(l.capacity),
    ]);
    try {
      const answer = (await this.#eval(TAKE, keys, args)) as [number, string?, string?];
      this.#failing = false;
      if (answer[0] === 1) return { granted: true };
      const waitMs = Math.max(0.001, Number(answer[1]));
      return { granted: false, waitMs, scope: answer[2] === "chat" ? "chat" : "global" };
    } catch (error) {
      if (!this.#failing) {
        this.#failing = true;
        this.#logger?.warn({ err: error }, "Send budget: Redis did not answer; sends wait");
      }
      return { granted: false, waitMs: UNREACHABLE_WAIT_MS, scope: "global" };
    }
  }

  async backOff(target: SendTarget, retryAfterMs: number): Promise<void> {
    const name = chatName(target);
    const keys = [
      `${this.#prefix}hold:${name}`,
      `${this.#prefix}hold:global`,
      `${this.#prefix}last-hold`,
    ];
    try {
      await this.#eval(BACK_OFF, keys, [String(Math.ceil(retryAfterMs)), name]);
    } catch (error) {
      // The sender waits retry_after on this chat anyway; only the other processes do not know.
      this.#logger?.warn({ err: error }, "Send budget: could not record a 429 in Redis");
    }
  }

  async close(): Promise<void> {
    try {
      await this.#client.quit();
    } catch {
      this.#client.disconnect();
    }
  }

  #chatLimit(target: SendTarget): BucketLimit {
    return target.kind === "group" ? this.#limits.group : this.#limits.private;
  }

  async #eval(lua: string, keys: string[], args: string[]): Promise<unknown> {
    const sha = shaOf(lua);
    try {
      return await this.#client.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
      return this.#client.eval(lua, keys.length, ...keys, ...args);
    }
  }
}

const shas = new Map<string, string>();
function shaOf(lua: string): string {
  let sha = shas.get(lua);
  if (!sha) {
    sha = createHash("sha1").update(lua).digest("hex");
    shas.set(lua, sha);
  }
  return sha;
}

function chatName(target: SendTarget): string {
  return `${target.kind}:${target.chatId}`;
}

function checkLimit(limit: BucketLimit): void {
  if (!(limit.capacity >= 1) || !(limit.intervalMs >= 0)) {
    throw new RangeError("a bucket needs capacity >= 1 and intervalMs >= 0");
  }
}
