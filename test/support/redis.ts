/**
 * Real Redis for tests that are about Redis.
 *
 * ```ts
 * import { redisAvailability, uniquePrefix, removeKeys } from "./redis.ts";
 * const redis = await redisAvailability();
 * redis.describe("my feature with Redis", () => {
 *   const prefix = uniquePrefix("my-feature");
 *   afterAll(() => removeKeys(redis.url, prefix));
 *   it("...", async () => { ... RedisStore.open({ url: redis.url, prefix }) ... });
 * });
 * ```
 *
 * Redis is probed once per test process at `TEST_REDIS_URL` (default redis://127.0.0.1:6379).
 * When it does not answer: with `REQUIRE_REDIS=1` (CI) every `redis.describe` block fails with a
 * clear message; otherwise its tests are skipped, a notice says how many, and the run ends with
 * "N tests skipped: Redis not reachable at <url>" (redis-skip-reporter.ts).
 * `describe.runIf(redis.available)` works too, without the notice and without failing in CI.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe, it } from "vitest";
import { maskRedisUrl } from "../../src/store/redis.ts";

type Task = { type: string; mode?: string; tasks?: Task[] };

declare module "vitest" {
  interface TaskMeta {
    /** Tests of a `redis.describe` block skipped for want of Redis (redis-skip-reporter.ts). */
    redisSkipped?: number;
    /** Requests and answers a test's sandboxes checked against Ozon's documents (setup.ts). */
    ozonChecked?: number;
    /** Where Redis was looked for (password masked). */
    redisUrl?: string;
  }
}

export interface RedisAvailability {
  /** The URL tests should connect to. */
  readonly url: string;
  readonly available: boolean;
  /** Why Redis is not available (never holds a password). */
  readonly reason?: string;
  /** describe() for Redis tests: runs them, skips them with a notice, or fails (REQUIRE_REDIS=1). */
  describe(name: string, factory: () => void): void;
}

export function redisTestUrl(): string {
  return process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
}

export function redisRequired(): boolean {
  return process.env.REQUIRE_REDIS === "1";
}

let probe: Promise<RedisAvailability> | undefined;

/** Probes Redis once per process and returns what the tests need to know. */
export function redisAvailability(): Promise<RedisAvailability> {
  probe ??= probeRedis(redisTestUrl()).then((reason) => availability(redisTestUrl(), reason));
  return probe;
}

/** A key prefix no other test run uses: `test:<name>:<pid>:<random>:`. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${process.pid}:${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key starting with `prefix` (tests clean up after themselves); returns how many. */
export async function removeKeys(url: string, prefix: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    let removed = 0;
    let cursor = "0";
    const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      if (keys.length > 0) removed += await client.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
    return removed;
  } finally {
    client.disconnect();
  }
}

/** Undefined when Redis answers PING, else the reason. */
async function probeRedis(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  let lastError: string | undefined;
  client.on("error", (error: Error) => {
    lastError = error.message;
  });
  try {
    await client.connect();
    const reply = await client.ping();
    return reply === "PONG" ? undefined : `PING answered ${reply}`;
  } catch (error) {
    return lastError ?? (error as Error).message;
  } finally {
    client.disconnect();
  }
}

function availability(url: string, reason: string | undefined): RedisAvailability {
  const shownUrl = maskRedisUrl(url);
  return {
    url,
    available: reason === undefined,
    reason,
    describe(name, factory) {
      if (reason === undefined) {
        describe(name, factory);
        return;
      }
      if (redisRequired()) {
        describe(name, () => {
          it("needs a reachable Redis (REQUIRE_REDIS=1)", () => {
            throw new Error(
              `Redis not reachable at ${shownUrl} (${reason}) and REQUIRE_REDIS=1: start Redis or point TEST_REDIS_URL at one.`,
            );
          });
        });
        return;
      }
      const skipped = describe.skip(name, factory);
      // Skipped tests run no code, so a notice test counts them once collection is complete.
      // It checks that skipping is still justified: it fails when Redis answers after all.
      it(`Redis not reachable at ${shownUrl}: "${name}" skipped`, async ({ task }) => {
        const count = countTests(skipped.suite as Task | undefined);
        // The run's last line adds these up (redis-skip-reporter.ts).
        task.meta.redisSkipped = count;
        task.meta.redisUrl = shownUrl;
        console.info(`Redis not reachable at ${shownUrl}: skipping ${count} Redis tests (${name})`);
        const again = await probeRedis(url);
        if (again === undefined)
          throw new Error(`Redis at ${shownUrl} answers now; rerun the tests`);
      });
    },
  };
}

function countTests(task: Task | undefined): number {
  if (!task) return 0;
  if (task.type === "test") return 1;
  return (task.tasks ?? []).reduce((sum, child) => sum + countTests(child), 0);
}
