/**
 * The cost of one update (node bench/ingress.ts, or npm run bench -- ingress): issue 25, part 5.
 *
 * Webhook mode with Redis, over HTTP, two bots in the same run under the same load:
 *  - ours: `node src/main.ts` as in production (BOT_MODE=webhook, STORE=redis, a store of its own
 *    in an Ozon sandbox child process polled once a minute, its people from ADMIN_IDS);
 *  - bare: grammY with a Redis session that answers every message (bench/ingress-bare.ts).
 * Both reply through the fake Bot API of test/support, in a child process of its own
 * (bench/ingress-telegram.ts). This process only sends the updates: BENCH_INGRESS_UPDATES `/help`
 * messages, each from one of BENCH_INGRESS_PEOPLE people in their private chat, at most
 * BENCH_INGRESS_CONCURRENCY at a time, as Telegram's webhook deliveries would come. An update is
 * done when its POST is answered (grammY answers after the update was handled, reply included).
 * Each round runs both bots one after the other (the order alternates) after a warm-up; printed:
 * updates/s per bot and round, and ours/bare time per round and its median; then each bot's CPU
 * with no load over the wall time of a round (background work, included in the figures above).
 *
 * BENCH_INGRESS_PROFILE=<dir>: both bots run with --cpu-prof, ours into that folder and the bare
 * one into <dir>/bare (written when they stop); the benchmark then prints each one's busy time,
 * the share of self time per place and the functions with the most self time, then both side by
 * side in µs of CPU per update from the first update on, by place and by the functions where
 * ours spends the most more (bench/cpu-profile.ts).
 *
 * BENCH_INGRESS_BARE_REPLY=ours: the bare bot answers /help with our bot's own /help (text and
 * keyboard, as the fake Bot API got it), so that both send and parse replies of the same size and
 * the ratio shows what the bot adds around its reply.
 *
 * BENCH_INGRESS_BARE_TRANSPORT=ours: the bare bot sends its calls as ours does (undici, the
 * markup as JSON text: src/bot/core/telegram-transport.ts), so that the ratio shows
 * what the bot costs beyond the way it talks to Telegram.
 *
 * Settings: BENCH_INGRESS_UPDATES (4000), BENCH_INGRESS_CONCURRENCY (40), BENCH_INGRESS_PEOPLE
 * (500), BENCH_INGRESS_ROUNDS (5), BENCH_INGRESS_WARMUP (800), BENCH_REDIS_URL
 * (redis://127.0.0.1:6379), BENCH_INGRESS_BOT_FLAGS (more Node flags, for both bots).
 * Both bots run with the same Node flags (`npm start`'s, see nodeFlags) and the fake Bot API
 * keeps connections open as Telegram does (bench/ingress-telegram.ts).
 * Target (issue 25): ours ≤ 1.2 × the bare bot's time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { freePort } from "../test/support/main-process.ts";
import { command, person } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";
import { compareProfiles, summarizeProfiles } from "./cpu-profile.ts";
import { startFlags } from "./start-flags.ts";

const UPDATES = Number(process.env.BENCH_INGRESS_UPDATES ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_INGRESS_CONCURRENCY ?? 40);
const PEOPLE = Number(process.env.BENCH_INGRESS_PEOPLE ?? 500);
const ROUNDS = Number(process.env.BENCH_INGRESS_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_INGRESS_WARMUP ?? 800);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const PROFILE_DIR = process.env.BENCH_INGRESS_PROFILE;
const SAME_REPLY = process.env.BENCH_INGRESS_BARE_REPLY === "ours";
const SAME_TRANSPORT = process.env.BENCH_INGRESS_BARE_TRANSPORT === "ours";
const TARGET = 1.2;
const SECRET = "bench-ingress-secret";
const FIRST_PERSON = 700_000_000;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const MAIN = here("../src/main.ts");

function lines(child: ChildProcess): () => string[] {
  const seen: string[] = [];
  if (child.stdout) createInterface({ input: child.stdout }).on("line", (line) => seen.push(line));
  return () => seen;
}

function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

interface Telegram {
  apiRoot: string;
  token: string;
}

interface SandboxInfo {
  url: string;
  stores: Array<{ credentials: { sellerClientId: string; sellerApiKey: string } }>;
}

async function startJson<T>(args: string[], what: string) {
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
  const seen = lines(child);
  const first = await waitFor(() => seen()[0], { timeoutMs: 60_000, message: what });
  return { child, info: JSON.parse(first) as T, seen };
}

/**
 * Node flags of both bots: `npm start`'s (a young generation of 8 MB) and BENCH_INGRESS_BOT_FLAGS.
 * The same for both, so that neither gains from the runtime's settings: Node's own default
 * young generation is four times larger here, which alone saves the bare bot a good part of its
 * garbage collection.
 */
function nodeFlags(): string[] {
  return [
    ...startFlags(),
    ...(process.env.BENCH_INGRESS_BOT_FLAGS ?? "").split(" ").filter(Boolean),
  ];
}

const people = Array.from({ length: PEOPLE }, (_, i) => person(FIRST_PERSON + i));

async function startOurs(telegram: Telegram, sandbox: SandboxInfo, prefix: string) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "ozon-bot-ingress-"));
  const [store] = sandbox.stores;
  if (!store) throw new Error("the sandbox has no store");
  const flags = nodeFlags();
  if (PROFILE_DIR) flags.push("--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`);
  const child = spawn(process.execPath, [...flags, MAIN], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bench.invalid/telegram",
      WEBHOOK_SECRET: SECRET,
      STORE: "redis",
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ADMIN_IDS: people.map((p) => p.id).join(","),
      OZON_SANDBOX: "0",
      OZON_SELLER_URL: sandbox.url,
      OZON_CLIENT_ID: store.credentials.sellerClientId,
      OZON_API_KEY: store.credentials.sellerApiKey,
      POSTINGS_POLL_SECONDS: "60",
      CHATS_POLL_SECONDS: "60",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const log = lines(child);
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`our bot exited with ${child.exitCode}`);
      return log().some((line) => line.includes('"Webhook set"'));
    },
    { timeoutMs: 120_000, message: "our bot started", rethrow: true },
  );
  return { child, url: `http://127.0.0.1:${port}/telegram`, dir };
}

async function startBare(telegram: Telegram, prefix: string, reply?: string) {
  const port = await freePort();
  const flags = nodeFlags();
  if (PROFILE_DIR) flags.push("--cpu-prof", `--cpu-prof-dir=${join(PROFILE_DIR, "bare")}`);
  const child = spawn(process.execPath, [...flags, here("./ingress-bare.ts"), String(port)], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      WEBHOOK_SECRET: SECRET,
      ...(reply ? { BENCH_BARE_REPLY: reply } : {}),
      ...(SAME_TRANSPORT ? { BENCH_BARE_TRANSPORT: "ours" } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const log = lines(child);
  await waitFor(() => log().includes("ready"), { timeoutMs: 60_000, message: "bare bot started" });
  return { child, url: `http://127.0.0.1:${port}/telegram` };
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-telegram-bot-api-secret-token": SECRET,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** CPU time a process has used so far (user + system), in ms (/proc/<pid>/stat, clock ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are 12th and 13th.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Bench {
  url: string;
  child: ChildProcess;
}

/** Updates per second, and the bot's CPU ms per update. */
async function load(bot: Bench, count: number): Promise<{ rate: number; cpu: number }> {
  const before = cpuMs(bot.child.pid as number);
  const rate = await send(bot.url, count);
  return { rate, cpu: (cpuMs(bot.child.pid as number) - before) / count };
}

/** Each process's CPU ms over `seconds` of no load. */
async function idleCpu(processes: ChildProcess[], seconds: number): Promise<number[]> {
  const before = processes.map((child) => cpuMs(child.pid as number));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return processes.map((child, i) => cpuMs(child.pid as number) - (before[i] as number));
}

let sent = 0;
/** `count` /help updates, CONCURRENCY at a time; updates per second. */
async function send(url: string, count: number): Promise<number> {
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify(command("help", { from: people[(sent + i) % PEOPLE] as (typeof people)[0] })),
  );
  sent += count;
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++] as string;
        if ((await post(url, body)) !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`${failed} of ${count} updates were not answered 200`);
  return count / seconds;
}

async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  let cursor = "0";
  do {
    const [nextCursor, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = nextCursor;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
}

const run = randomBytes(4).toString("hex");
const oursPrefix = `bench-ingress:${run}:ours:`;
const barePrefix = `bench-ingress:${run}:bare:`;
const children: ChildProcess[] = [];
type Figures = { rate: number; cpu: number };
let idle: number[] = [];
const rounds: Array<{ ours: Figures; bare: Figures }> = [];
let oursDir: string | undefined;
try {
  const telegram = await startJson<Telegram>([here("./ingress-telegram.ts")], "fake Bot API");
  children.push(telegram.child);
  const sandbox = await startJson<SandboxInfo>([here("./memory-sandbox.ts"), "0", "0"], "sandbox");
  children.push(sandbox.child);
  const ours = await startOurs(telegram.info, sandbox.info, oursPrefix);
  children.push(ours.child);
  oursDir = ours.dir;
  await load(ours, WARMUP);
  let reply: string | undefined;
  if (SAME_REPLY) {
    const line = await waitFor(() => telegram.seen().find((l) => l.startsWith('{"reply"')), {
      timeoutMs: 10_000,
      message: "our /help reply seen by the fake Bot API",
    });
    reply = JSON.stringify((JSON.parse(line) as { reply: unknown }).reply);
  }
  const bare = await startBare(telegram.info, barePrefix, reply);
  children.push(bare.child);
  await load(bare, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const oursFigures = await load(ours, UPDATES);
      rounds.push({ ours: oursFigures, bare: await load(bare, UPDATES) });
    } else {
      const bareFigures = await load(bare, UPDATES);
      rounds.push({ ours: await load(ours, UPDATES), bare: bareFigures });
    }
  }
  // Background work (pollers, lease renewals, sweeps, timers) is in the figures above too: each
  // bot's CPU with no load, over the wall time of a round of ours, shows how much.
  const roundSeconds = rounds.reduce((sum, r) => sum + UPDATES / r.ours.rate, 0) / rounds.length;
  idle = await idleCpu([ours.child, bare.child], roundSeconds);
  // SIGTERM: both stop on their own, and write their CPU profiles when asked to.
  await stop(ours.child, "SIGTERM");
  await stop(bare.child, "SIGTERM");
} finally {
  agent.destroy();
  for (const child of children.reverse()) await stop(child);
  await dropKeys(`bench-ingress:${run}:`).catch(() => undefined);
  if (oursDir) rmSync(oursDir, { recursive: true, force: true });
}

console.log(
  `Webhook over HTTP, Redis; ${UPDATES} /help updates from ${PEOPLE} people, ${CONCURRENCY} at a time, per bot and round${SAME_REPLY ? "; the bare bot answers with our /help" : ""}${SAME_TRANSPORT ? "; the bare bot sends as ours does" : ""}`,
);
console.log("round   ours upd/s   bare upd/s   ours/bare time   CPU ms/update ours  bare");
const ratios: number[] = [];
const cpuRatios: number[] = [];
rounds.forEach((r, i) => {
  const ratio = r.bare.rate / r.ours.rate;
  ratios.push(ratio);
  cpuRatios.push(r.ours.cpu / r.bare.cpu);
  console.log(
    `${String(i + 1).padStart(5)} ${r.ours.rate.toFixed(0).padStart(12)} ${r.bare.rate.toFixed(0).padStart(12)} ${`${ratio.toFixed(2)}x`.padStart(16)} ${r.ours.cpu.toFixed(2).padStart(19)} ${r.bare.cpu.toFixed(2).padStart(5)}`,
  );
});
const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const median = medianOf(ratios);
console.log(
  `median ours/bare time: ${median.toFixed(2)}x (target ≤ ${TARGET}x: ${median <= TARGET ? "met" : "NOT met"}); CPU per update ours/bare: ${medianOf(cpuRatios).toFixed(2)}x`,
);
const [oursIdle = 0, bareIdle = 0] = idle;
console.log(
  `idle, over the wall time of a round of ours: ours ${oursIdle.toFixed(0)} ms CPU (${(oursIdle / UPDATES).toFixed(3)} ms per update of a round), bare ${bareIdle.toFixed(0)} ms (${(bareIdle / UPDATES).toFixed(3)})`,
);
if (PROFILE_DIR) {
  summarizeProfiles(PROFILE_DIR, "our bot");
  summarizeProfiles(join(PROFILE_DIR, "bare"), "the bare bot", 10);
  compareProfiles(
    { dir: PROFILE_DIR, title: "ours (first)" },
    { dir: join(PROFILE_DIR, "bare"), title: "bare (second)" },
    WARMUP + ROUNDS * UPDATES,
  );
}
