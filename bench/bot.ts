/**
 * Update throughput of the bot's whole middleware stack (node bench/bot.ts, or npm run bench -- bot).
 *
 * N synthetic updates from many chats (text messages, /start, /help, menu button presses, all
 * from invited people) go through `bot.handleUpdate`, at most CONCURRENCY at a time as the grammY
 * runner would feed them, in four set-ups measured in the same run:
 *   ours + memory store, ours + Redis, bare grammY + Redis session, bare grammY + memory session.
 * The bare bot is grammY with its session plugin over the same store adapter, answering the same
 * updates, and counting text messages in its session (what a session is for).
 *
 * The bot's outgoing calls are answered by an in-process API transformer, not by the fake Bot API
 * over HTTP: the point is the cost of our stack (sequentialize, session, roles, i18n, callback
 * check, conversations), and an HTTP round trip per reply would mostly measure node-fetch and the
 * fake server. No conversation is entered (their Api objects bypass transformers), so the
 * conversations plugin is skipped as in production for updates that neither continue nor enter a
 * dialog.
 *
 * Store work per update: the bare bot reads the session and writes it back when the handler
 * changed it (text messages); ours reads the session (conversation state lives there) and looks
 * the person up (served from AccessService's 2-second cache after the first update of a person),
 * and writes the session only when it changed.
 *
 * Settings: BENCH_UPDATES per round (20000), BENCH_ROUNDS (5), BENCH_CHATS (2000),
 * BENCH_CONCURRENCY (100), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_MAX_SECONDS per run (60).
 * Targets: ≥ 2 000 updates/s with Redis, and ours ≤ 1.5 × the bare bot's time with Redis.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Bot, type Context, type SessionFlavor, session, type Transformer } from "grammy";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { createCallbackCodec } from "../src/bot/core/callback-data.ts";
import { storeAdapter } from "../src/bot/core/session-storage.ts";
import { createBot } from "../src/bot/index.ts";
import { loadConfig } from "../src/config.ts";
import { createLogger } from "../src/logger.ts";
import { AccessService } from "../src/services/access/index.ts";
import { MemoryStore } from "../src/store/memory.ts";
import type { Store } from "../src/store/port.ts";
import { RedisStore } from "../src/store/redis.ts";
import { SqliteStore } from "../src/store/sqlite.ts";
import { botInfoFor } from "../test/support/bot-info.ts";
import { removeKeys } from "../test/support/redis.ts";

const UPDATES = Number(process.env.BENCH_UPDATES ?? 20_000);
const CHATS = Number(process.env.BENCH_CHATS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TOKEN = "7000001:AAFakeTokenForBenchmarksOnly_abcdefghijkl";

const BOT_INFO = botInfoFor(7000001, "bench_bot", "Bench Bot");

/** Answers every Bot API call in process, as Telegram would, without the network. */
function telegramInProcess(): Transformer {
  let messageId = 1;
  return async (_prev, method, payload) => {
    const p = payload as { chat_id?: number; text?: string };
    if (method === "sendMessage" || method === "editMessageText") {
      return {
        ok: true,
        result: {
          message_id: messageId++,
          date: 0,
          chat: { id: p.chat_id ?? 0, type: "private", first_name: "U" },
          text: p.text,
        },
      } as never;
    }
    return { ok: true, result: true } as never;
  };
}

function userOf(chat: number) {
  const id = 100_000 + chat;
  return {
    id,
    is_bot: false as const,
    first_name: `User${id}`,
    language_code: chat % 2 ? "en" : "ru",
  };
}

/** The synthetic stream: update i comes from chat i % CHATS, kinds in a fixed rotation. */
function makeUpdates(count: number, firstId: number): Update[] {
  const codec = createCallbackCodec(TOKEN);
  const menuData = codec.encode("m", "language");
  const updates: Update[] = [];
  for (let i = 0; i < count; i++) {
    const chat = i % CHATS;
    const from = userOf(chat);
    const chatObj = { id: from.id, type: "private" as const, first_name: from.first_name };
    const base = { message_id: i + 1, date: 0, chat: chatObj, from };
    const kind = Math.floor(i / CHATS) % 5;
    let update: Update;
    if (kind === 0 || kind === 3) {
      update = { update_id: firstId + i, message: { ...base, text: `hello ${i}` } } as Update;
    } else if (kind === 1 || kind === 4) {
      const text = kind === 1 ? "/help" : "/start";
      update = {
        update_id: firstId + i,
        message: {
          ...base,
          text,
          entities: [{ type: "bot_command", offset: 0, length: text.length }],
        },
      } as Update;
    } else {
      update = {
        update_id: firstId + i,
        callback_query: {
          id: `cb${i}`,
          from,
          chat_instance: `ci${chat}`,
          data: menuData,
          message: {
            ...base,
            from: { id: BOT_INFO.id, is_bot: true, first_name: "Bench Bot" },
            text: "menu",
          },
        },
      } as Update;
    }
    updates.push(update);
  }
  return updates;
}

interface Result {
  name: string;
  updates: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function feed(
  name: string,
  handle: (u: Update) => Promise<void>,
  updates: Update[],
): Promise<Result> {
  const latencies = new Float64Array(updates.length);
  let next = 0;
  let done = 0;
  const deadline = Date.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (next < updates.length && Date.now() < deadline) {
      const index = next++;
      const update = updates[index] as Update;
      const t0 = performance.now();
      await handle(update);
      latencies[index] = performance.now() - t0;
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Array.from(latencies.subarray(0, done)).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { name, updates: done, seconds, perSecond: done / seconds, p50: at(0.5), p99: at(0.99) };
}

const silent = createLogger({ level: "silent" });

/** Every chat's person is invited (warehouse, seller or manager), so role checks pass. */
async function seedPeople(access: AccessService) {
  for (let chat = 0; chat < CHATS; chat++) {
    const user = userOf(chat);
    await access.grant(
      user.id,
      chat % 3 === 0 ? "warehouse" : chat % 3 === 1 ? "seller" : "manager",
    );
    await access.rememberProfile({ id: user.id, firstName: user.first_name });
  }
}

function ourBot(store: Store) {
  const config = loadConfig({ BOT_TOKEN: TOKEN, STORE: "memory", LOG_LEVEL: "silent" });
  const access = new AccessService({ store, adminIds: [] });
  const bot = createBot({ config, logger: silent, store, access, botInfo: BOT_INFO });
  bot.api.config.use(telegramInProcess());
  return { bot, access };
}

type BareContext = Context & SessionFlavor<{ count: number }>;

function bareBot(store: Store) {
  const bot = new Bot<BareContext>(TOKEN, { botInfo: BOT_INFO });
  bot.api.config.use(telegramInProcess());
  bot.use(
    session({
      initial: () => ({ count: 0 }),
      storage: storeAdapter<{ count: number }>(store, { prefix: "bare-session:" }),
    }),
  );
  bot.command("start", (ctx) =>
    ctx.reply("Hello! Here is what you can do.", {
      reply_markup: { inline_keyboard: [[{ text: "Help", callback_data: "help" }]] },
    }),
  );
  bot.command("help", (ctx) => ctx.reply("Commands: /start /help"));
  bot.on("callback_query:data", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply("Choose a language");
  });
  bot.on("message:text", async (ctx) => {
    ctx.session.count++;
    await ctx.reply(`You wrote ${ctx.session.count} messages`);
  });
  return bot;
}

interface Setup {
  name: string;
  handle: (u: Update) => Promise<void>;
  close: () => Promise<void>;
}

async function setup(
  name: string,
  store: Store,
  build: (store: Store) => { handleUpdate: (u: Update) => Promise<void> },
  seed?: (store: Store) => Promise<void>,
): Promise<Setup> {
  if (seed) await seed(store);
  const bot = build(store);
  const handle = (u: Update) => bot.handleUpdate(u);
  // Warm-up: every chat once (first session write, JIT), not measured.
  await feed(`${name} warm-up`, handle, makeUpdates(CHATS, 1));
  return { name, handle, close: () => store.close() };
}

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const seedOurs = (store: Store) => seedPeople(new AccessService({ store, adminIds: [] }));

console.log(
  `bench/bot.ts: ${UPDATES} updates from ${CHATS} chats, ${CONCURRENCY} in flight, ${ROUNDS} rounds (node ${process.version})`,
);

const fileDir = mkdtempSync(join(tmpdir(), "bench-bot-file-"));
const setups: Setup[] = [
  await setup("ours, memory store", new MemoryStore(), (s) => ourBot(s).bot, seedOurs),
  await setup(
    "ours, file store",
    await SqliteStore.open({ dataDir: fileDir }),
    (s) => ourBot(s).bot,
    seedOurs,
  ),
  await setup("bare grammY, memory session", new MemoryStore(), bareBot),
];
const prefix = `bench:bot:${process.pid}:${randomBytes(3).toString("hex")}:`;
const redisOk = await redisReachable();
if (redisOk) {
  const ours = await RedisStore.open({ url: REDIS_URL, prefix: `${prefix}ours:` });
  setups.push(await setup("ours, Redis", ours, (s) => ourBot(s).bot, seedOurs));
  const bare = await RedisStore.open({ url: REDIS_URL, prefix: `${prefix}bare:` });
  setups.push(await setup("bare grammY, Redis session", bare, bareBot));
} else {
  console.log(`Redis not reachable at ${REDIS_URL}: the Redis runs are skipped`);
}

// Rounds interleave the set-ups, so a busy moment of the machine hits all of them alike; each
// figure below is the median over the rounds.
const rounds = new Map<string, Result[]>(setups.map((s) => [s.name, []]));
let nextUpdateId = CHATS + 1;
for (let round = 0; round < ROUNDS; round++) {
  for (const s of setups) {
    const updates = makeUpdates(UPDATES, nextUpdateId);
    nextUpdateId += UPDATES;
    rounds.get(s.name)?.push(await feed(s.name, s.handle, updates));
  }
}
for (const s of setups) await s.close();
rmSync(fileDir, { recursive: true, force: true });
if (redisOk) await removeKeys(REDIS_URL, prefix);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const results: Result[] = setups.map((s) => {
  const runs = rounds.get(s.name) ?? [];
  return {
    name: s.name,
    updates: Math.min(...runs.map((r) => r.updates)),
    seconds: median(runs.map((r) => r.seconds)),
    perSecond: median(runs.map((r) => r.perSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  };
});
/** Median over rounds of (our time / bare time) in the same round. */
const ratioOf = (ours: string, bare: string) =>
  median(
    (rounds.get(ours) ?? []).map(
      (r, i) => (rounds.get(bare)?.[i]?.perSecond ?? Number.NaN) / r.perSecond,
    ),
  );

console.log("");
console.log("set-up                          updates   seconds   updates/s   p50 ms   p99 ms");
for (const r of results) {
  console.log(
    `${r.name.padEnd(30)}  ${String(r.updates).padStart(7)}  ${r.seconds.toFixed(2).padStart(8)}  ${Math.round(r.perSecond).toString().padStart(10)}  ${r.p50.toFixed(2).padStart(7)}  ${r.p99.toFixed(2).padStart(7)}`,
  );
}

let failed = false;
const memoryRatio = ratioOf("ours, memory store", "bare grammY, memory session");
console.log(`\nours / bare time, memory: ${memoryRatio.toFixed(2)}x`);
// Issue 7: the default file store must not make update handling slower than 1.5x memory.
const fileRatio = ratioOf("ours, file store", "ours, memory store");
console.log(`ours file store / ours memory store time: ${fileRatio.toFixed(2)}x (target ≤ 1.5x)`);
if (!(fileRatio <= 1.5)) failed = true;
if (redisOk) {
  const ours = results.find((r) => r.name === "ours, Redis");
  const redisRatio = ratioOf("ours, Redis", "bare grammY, Redis session");
  console.log(`ours / bare time, Redis:  ${redisRatio.toFixed(2)}x (target ≤ 1.5x)`);
  console.log(`ours with Redis: ${Math.round(ours?.perSecond ?? 0)} updates/s (target ≥ 2000)`);
  if (!(redisRatio <= 1.5) || (ours?.perSecond ?? 0) < 2000) failed = true;
}
if (results.some((r) => r.updates < UPDATES)) {
  console.log(`A run hit the ${MAX_SECONDS} s bound before all updates were handled.`);
  failed = true;
}
console.log(failed ? "\nTARGETS MISSED" : "\nTargets met");
process.exit(failed ? 1 : 0);
