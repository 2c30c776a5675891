// Operations per second of the three stores on the bot's own access pattern, side by side.
// Run: node bench/store.ts   (Redis from BENCH_REDIS_URL or REDIS_URL, default
// redis://127.0.0.1:6379; skipped with a message when it does not answer).
// BENCH_SECONDS sets the time per cell (default 0.5; 1 or more gives steadier figures).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bot, type Context, type SessionFlavor, session } from "grammy";
import type { Update } from "grammy/types";
import { storeAdapter } from "../src/bot/core/session-storage.ts";
import { MemoryStore } from "../src/store/memory.ts";
import type { Store } from "../src/store/port.ts";
import { maskRedisUrl, RedisStore } from "../src/store/redis.ts";
import { SqliteStore } from "../src/store/sqlite.ts";
import { botInfoFor } from "../test/support/bot-info.ts";
import { removeKeys } from "../test/support/redis.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.5);
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";
const CHATS = 1_000;
const SUBSCRIBERS = 200;
/** Other keys beside the subscriptions: people, cursors, dedupe marks of a busy shop. */
const OTHER_KEYS = 20_000;
const DAY_MS = 86_400_000;

interface Scenario {
  name: string;
  /** Calls in flight at once: 1 is one update after another; more is the runner's parallelism. */
  concurrency: number;
  /** Prepares the store; returns one unit of work (`i` is unique per call). */
  setup: (store: Store) => Promise<(i: number) => Promise<unknown>>;
}

const sessionData = (i: number) => ({
  __language_code: "ru",
  step: "idle",
  lastCommand: "/postings",
  counter: i,
});

const sessions = (concurrency: number): Scenario => ({
  name: `update: session read + write (${concurrency} in flight)`,
  concurrency,
  setup: async (store) => async (i) => {
    const key = `session:${i % CHATS}`;
    const current = await store.get(key);
    await store.set(key, current ? sessionData(i) : sessionData(0));
  },
});

const BOT_INFO = botInfoFor(1, "bench_bot", "Bench");

const textUpdate = (i: number): Update => ({
  update_id: i,
  message: {
    message_id: i,
    date: 1_700_000_000,
    chat: { id: 1_000 + (i % CHATS), type: "private", first_name: "Seller" },
    from: { id: 1_000 + (i % CHATS), is_bot: false, first_name: "Seller" },
    text: "hello",
  },
});

/** A grammY bot with the session plugin over the store; the handler makes no Bot API call. */
function sessionBot(store: Store | undefined) {
  const bot = new Bot<Context & SessionFlavor<{ seen: number }>>("1:bench", {
    botInfo: BOT_INFO,
  });
  if (store) {
    bot.use(session({ initial: () => ({ seen: 0 }), storage: storeAdapter(store) }));
    bot.on("message:text", (ctx) => {
      ctx.session.seen++;
    });
  } else {
    bot.on("message:text", () => {});
  }
  return bot;
}

const grammyUpdates = (concurrency: number): Scenario => ({
  name: `grammY update, session in the store (${concurrency} in flight)`,
  concurrency,
  setup: async (store) => {
    const bot = sessionBot(store);
    return (i) => bot.handleUpdate(textUpdate(i));
  },
});

const relay = (concurrency: number): Scenario => ({
  name: `relayed message: dedupe + cursor (${concurrency} in flight)`,
  concurrency,
  setup: async (store) => async (i) => {
    if (await store.setIfAbsent(`relay:seen:${i}`, 1, { ttlMs: DAY_MS })) {
      await store.set(`relay:cursor:${i % CHATS}`, { lastMessageId: String(i), at: i });
    }
  },
});

const subscriptions: Scenario = {
  name: `list ${SUBSCRIBERS} subscriptions among ${OTHER_KEYS} other keys`,
  concurrency: 1,
  setup: async (store) => {
    for (let i = 0; i < SUBSCRIBERS; i++) {
      await store.set(`sub:postings:${100_000 + i}`, { chatId: 100_000 + i, since: i });
    }
    for (let i = 0; i < OTHER_KEYS; i++) {
      await store.set(`relay:seen:${i}`, 1, { ttlMs: DAY_MS });
    }
    return async () => {
      const found = await store.list("sub:postings:");
      if (found.length !== SUBSCRIBERS) throw new Error(`listed ${found.length} subscriptions`);
    };
  },
};

/** The report runner's look at its queue every few seconds, with no report asked for. */
const emptyQueue: Scenario = {
  name: `list an empty report queue among ${OTHER_KEYS} other keys`,
  concurrency: 1,
  setup: async (store) => {
    for (let i = 0; i < OTHER_KEYS; i += 100) {
      const batch = Array.from({ length: 100 }, (_, j) => `relay:seen:${i + j}`);
      await Promise.all(batch.map((key) => store.set(key, 1, { ttlMs: DAY_MS })));
    }
    return async () => {
      const found = await store.list("report-job:");
      if (found.length !== 0) throw new Error(`listed ${found.length} jobs`);
    };
  },
};

const SCENARIOS = [
  sessions(1),
  sessions(16),
  grammyUpdates(1),
  grammyUpdates(16),
  relay(1),
  relay(16),
  subscriptions,
  emptyQueue,
];

/** Runs `step` for SECONDS with `concurrency` loops; returns operations per second. */
async function measure(
  step: (i: number) => Promise<unknown>,
  concurrency: number,
): Promise<number> {
  let next = 0;
  const loop = async (until: number) => {
    let done = 0;
    while (performance.now() < until) {
      await step(next++);
      done++;
    }
    return done;
  };
  const runFor = async (seconds: number) => {
    const started = performance.now();
    const until = started + seconds * 1_000;
    const counts = await Promise.all(Array.from({ length: concurrency }, () => loop(until)));
    const total = counts.reduce((a, b) => a + b, 0);
    return total / ((performance.now() - started) / 1_000);
  };
  await runFor(Math.min(0.2, SECONDS / 5)); // warm-up: JIT, prepared statements, connections
  return runFor(SECONDS);
}

interface Column {
  label: string;
  open: () => Promise<Store>;
  cleanup: () => Promise<void>;
}

const dataDir = mkdtempSync(join(tmpdir(), "ozon-store-bench-"));
const redisPrefix = `bench:store:${process.pid}:`;

async function redisColumn(): Promise<Column | undefined> {
  try {
    const probe = await RedisStore.open({ url: REDIS_URL, prefix: redisPrefix });
    await probe.close();
  } catch (error) {
    console.log(`${(error as Error).message}\nRedis not reachable: the Redis column is skipped.`);
    return undefined;
  }
  return {
    label: "redis",
    open: () => RedisStore.open({ url: REDIS_URL, prefix: redisPrefix }),
    cleanup: async () => {
      await removeKeys(REDIS_URL, redisPrefix);
    },
  };
}

const columns: Column[] = [
  { label: "memory", open: async () => new MemoryStore(), cleanup: async () => {} },
  {
    label: "file (SQLite)",
    open: () => SqliteStore.open({ dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  },
];
const redisCol = await redisColumn();
if (redisCol) columns.push(redisCol);

console.log(
  `Store operations per second on the bot's access pattern (µs per operation in brackets)\n` +
    `${SECONDS} s per cell after a warm-up; Node ${process.version}; ` +
    `file in ${dataDir}; Redis ${redisCol ? maskRedisUrl(REDIS_URL) : "skipped"}\n`,
);

const results: number[][] = SCENARIOS.map(() => []);
for (const column of columns) {
  // A fresh store per scenario, so one scenario's keys (say a million dedupe marks written as
  // fast as possible) do not weigh on the next one's figures.
  for (const [row, scenario] of SCENARIOS.entries()) {
    const store = await column.open();
    results[row]?.push(await measure(await scenario.setup(store), scenario.concurrency));
    await store.close();
    await column.cleanup();
  }
}

const format = (opsPerSecond: number) =>
  `${Math.round(opsPerSecond).toLocaleString("en-US")} (${(1e6 / opsPerSecond).toFixed(1)})`;
const header = ["scenario", ...columns.map((c) => c.label), "file ÷ memory time"];
const rows = SCENARIOS.map((scenario, row) => {
  const cells = results[row] ?? [];
  const [memory = 0, file = 0] = cells;
  return [scenario.name, ...cells.map(format), `${(memory / file).toPrecision(2)}×`];
});
const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)));
console.log(line(header).join("  "));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row).join("  "));

// The same bot without a session: what a store-free update costs, for scale.
const bare = sessionBot(undefined);
const bareRate = await measure((i) => bare.handleUpdate(textUpdate(i)), 1);
console.log(`\nfor scale, the same grammY update without a session: ${format(bareRate)}`);
