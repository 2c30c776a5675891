/**
 * Leases after a crash, with Redis: a bot killed with SIGKILL leaves its pollers' leases behind
 * (TTL 15 s). The bot started again on the same host takes them over at once (their holder's
 * process is provably gone) instead of waiting them out.
 * The bot uses its default key prefix, so it runs in a Redis database of its own (a random one
 * of 1-15), emptied of that prefix afterwards.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { DEFAULT_LEASE_TTL_MS } from "../../src/store/lease.ts";
import { DEFAULT_REDIS_PREFIX } from "../../src/store/redis.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  sellerEnv,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { redisAvailability, removeKeys } from "../support/redis.ts";
import { waitFor } from "../support/wait.ts";

const redis = await redisAvailability();
const database = 1 + Math.floor(Math.random() * 15);
const url = `${redis.url.replace(/\/\d*$/, "")}/${database}`;
const LEASE = `${DEFAULT_REDIS_PREFIX}lease:chat-relay`;
/**
 * How long a bot process may take to start: generous, as a loaded machine (the suite's files run
 * in parallel) once took over 20 s, but finite, so a bot that never starts fails the test. The
 * test's own deadline (150 s) covers its two starts and the checks.
 */
const START_DEADLINE_MS = 60_000;

let sandbox: Sandbox;
let fake: FakeBotApi;
let client: Redis;

redis.describe("leases after a crash (Redis)", () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 31, initialPostings: 0, initialChats: 2 });
    fake = await FakeBotApi.start();
    client = new Redis(url, { lazyConnect: true });
    await client.connect();
  });
  afterEach(() => stopMainProcesses());
  afterAll(async () => {
    await removeKeys(url, DEFAULT_REDIS_PREFIX);
    client.disconnect();
    await fake.close();
    await sandbox.close();
  });

  async function startBot(): Promise<MainProcess> {
    const run = startMain({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      REDIS_URL: url,
      ...sellerEnv(sandbox),
      CHATS_POLL_SECONDS: "0.2",
      PORT: String(await freePort()),
    });
    await run.waitForLog((line) => line.msg.startsWith("Bot @"), START_DEADLINE_MS);
    return run;
  }

  /** The pid in the relay lease's holder id (`host|pid|start|random`). */
  const holderPid = async () => Number((await client.get(LEASE))?.split("|")[1]);

  it("the restarted bot takes the relay lease of the killed one at once", async () => {
    const first = await startBot();
    await waitFor(async () => (await holderPid()) === first.child.pid, {
      message: "the first bot holding the relay lease",
    });
    first.child.kill("SIGKILL");
    await first.exit;
    expect(await client.pttl(LEASE)).toBeGreaterThan(0); // left behind

    const second = await startBot();
    const restartedAt = Date.now();
    const listings = sandbox.requests.filter((r) => r.path.includes("/chat/list")).length;
    await waitFor(async () => (await holderPid()) === second.child.pid, {
      timeoutMs: DEFAULT_LEASE_TTL_MS / 3,
      message: "the restarted bot taking the lease over",
    });
    await waitFor(
      () => sandbox.requests.filter((r) => r.path.includes("/chat/list")).length > listings,
      { message: "the restarted bot polling" },
    );
    expect(Date.now() - restartedAt).toBeLessThan(DEFAULT_LEASE_TTL_MS / 3);
    second.child.kill("SIGTERM");
    expect((await second.exit).code).toBe(0);
    expect(await client.exists(LEASE)).toBe(0); // given up on a polite stop
  }, 150_000);
});
