/**
 * The bot's memory (node bench/memory.ts, or npm run bench -- memory).
 *
 * For each load (idle; 2 000 awaiting postings + 500 buyer chats; 10 000 + 2 000; 20 stores of
 * 100 postings + 20 chats each) the Ozon
 * sandbox runs in a child process of its own (bench/memory-sandbox.ts, so its memory is not the
 * bot's), and the bot runs as `npm start` and the Docker image run it, `node dist/main.js` with
 * npm start's flags (compiled first with npm run build; BENCH_MEMORY_SOURCE=1 runs
 * `node src/main.ts` instead, as `npm run start:sources`): file store in a
 * temporary DATA_DIR, postings and chats polled every 5 s, Telegram answered by the fake Bot API
 * of test/support in this process. Once the first full pass of both pollers is over (the second
 * pass's first list request arrived at the sandbox), /proc/<pid>/status VmRSS is sampled for a
 * while. Printed per load: peak (VmHWM, the kernel's high-water mark since the start, first pass
 * included) and steady (median, min and max of the samples after the first pass), plus the list
 * calls one pass of postings costs. For reference, the same for Node itself (an empty script) and
 * for the bot's dependencies alone (bench/memory-deps.ts imports every one and idles).
 *
 * Settings: BENCH_MEMORY_SAMPLE_SECONDS (20), BENCH_MEMORY_LOADS
 * ("0:0,2000:500,10000:2000,100:20x20", postings:chats per store, xN for N stores),
 * BENCH_MEMORY_REFERENCE (1; 0 leaves out Node bare and deps-only),
 * BENCH_MEMORY_SEMI_SPACE (the bot's --max-semi-space-size in MB; default: as npm start and the
 * Docker image run it; 0 runs it with Node's default, to show what the flag buys).
 * BENCH_MEMORY_SNAPSHOT_DIR=<dir>: the bot writes a heap snapshot there halfway through the
 * samples (SIGUSR2, --heapsnapshot-signal); open it in Chrome DevTools › Memory. Writing one
 * costs memory itself, so the figures of such a run are not the bot's.
 * BENCH_MEMORY_BOT_FLAGS: more Node flags for the bot, e.g. "--import ./probe.mjs" or "--trace-gc".
 * Targets (issues 12 and 25): idle ≤ 150 MB steady, 10 000 postings + 2 000 chats ≤ 250 MB,
 * 20 stores ≤ 200 MB.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import { freePort } from "../test/support/main-process.ts";
import { waitFor } from "../test/support/wait.ts";
import { startSemiSpaceMb } from "./start-flags.ts";

const SAMPLE_SECONDS = Number(process.env.BENCH_MEMORY_SAMPLE_SECONDS ?? 20);
const TARGET_MB = Number(process.env.BENCH_MEMORY_TARGET_MB ?? 250);
const IDLE_TARGET_MB = 150;
const STORES_TARGET_MB = 200;
const SEMI_SPACE_MB = Number(process.env.BENCH_MEMORY_SEMI_SPACE ?? startSemiSpaceMb());
const REFERENCE = process.env.BENCH_MEMORY_REFERENCE !== "0";
/** "postings:chats" or "postings:chatsxstores". */
const LOADS = (process.env.BENCH_MEMORY_LOADS ?? "0:0,2000:500,10000:2000,100:20x20")
  .split(",")
  .map((load) => {
    const [pair = "", stores = "1"] = load.split("x");
    const [postings, chats] = pair.split(":").map(Number);
    return { postings: postings ?? 0, chats: chats ?? 0, stores: Number(stores) };
  });
const POLL_SECONDS = 5;
/** A pause this long between two list requests of one kind separates two passes. */
const PASS_GAP_MS = POLL_SECONDS * 1000 * 0.6;
const SAMPLE_EVERY_MS = 250;
const SNAPSHOT_DIR = process.env.BENCH_MEMORY_SNAPSHOT_DIR;

const FROM_SOURCE = process.env.BENCH_MEMORY_SOURCE === "1";
const MAIN = fileURLToPath(
  new URL(FROM_SOURCE ? "../src/main.ts" : "../dist/main.js", import.meta.url),
);
const SANDBOX = fileURLToPath(new URL("./memory-sandbox.ts", import.meta.url));
const DEPS = fileURLToPath(new URL("./memory-deps.ts", import.meta.url));

interface SandboxInfo {
  url: string;
  stores: Array<{
    name: string;
    credentials: {
      sellerClientId: string;
      sellerApiKey: string;
      performanceClientId: string;
      performanceClientSecret: string;
    };
  }>;
}

type ListKind = "postings" | "chats";

/** List requests seen at the sandbox, split into passes (per store) by the pause between them. */
class Passes {
  readonly #last = new Map<string, number>();
  /** Calls of each pass, per kind and store; the last entry is the pass under way. */
  readonly calls = new Map<string, number[]>();
  readonly #expected: number;

  constructor(stores: number) {
    this.#expected = stores * 2;
  }

  record(kind: ListKind, store: string | undefined, at: number): void {
    const key = `${kind}:${store ?? ""}`;
    const passes = this.calls.get(key) ?? [];
    this.calls.set(key, passes);
    const last = this.#last.get(key);
    if (last === undefined || at - last >= PASS_GAP_MS) passes.push(0);
    passes[passes.length - 1] = (passes.at(-1) ?? 0) + 1;
    this.#last.set(key, at);
  }

  /** Both pollers of every store finished a pass (and started the next). */
  firstPassDone(): boolean {
    return (
      this.calls.size >= this.#expected &&
      [...this.calls.values()].every((passes) => passes.length >= 2)
    );
  }

  /** List calls of the first postings pass, summed over the stores. */
  postingsCallsPerPass(): number {
    let sum = 0;
    for (const [key, passes] of this.calls) if (key.startsWith("postings:")) sum += passes[0] ?? 0;
    return sum;
  }
}

function startSandboxProcess(postings: number, chats: number, stores: number) {
  const child = spawn(
    process.execPath,
    [SANDBOX, String(postings), String(chats), String(stores)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const passes = new Passes(stores);
  let info: SandboxInfo | undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line) as
      | SandboxInfo
      | { list: ListKind; store?: string; at: number };
    if ("url" in message) info = message;
    else passes.record(message.list, message.store, message.at);
  });
  return { child, passes, info: () => info };
}

/** The bot's Node flags: as `npm start` and the Docker image run it, unless told otherwise. */
function botFlags(): string[] {
  const flags = SNAPSHOT_DIR
    ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${SNAPSHOT_DIR}`]
    : [];
  if (SEMI_SPACE_MB > 0) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  flags.push(...(process.env.BENCH_MEMORY_BOT_FLAGS ?? "").split(" ").filter(Boolean));
  return flags;
}

/** Ozon settings for the bot: one store as OZON_CLIENT_ID..., several as OZON_STORES. */
function ozonEnv(sandbox: SandboxInfo): Record<string, string> {
  const [first, ...rest] = sandbox.stores;
  if (!first) throw new Error("the sandbox has no store");
  const base = {
    OZON_SANDBOX: "0",
    OZON_SELLER_URL: sandbox.url,
    OZON_PERFORMANCE_URL: sandbox.url,
  };
  if (rest.length === 0) {
    const { credentials } = first;
    return {
      ...base,
      OZON_CLIENT_ID: credentials.sellerClientId,
      OZON_API_KEY: credentials.sellerApiKey,
      OZON_PERFORMANCE_CLIENT_ID: credentials.performanceClientId,
      OZON_PERFORMANCE_CLIENT_SECRET: credentials.performanceClientSecret,
    };
  }
  const stores = sandbox.stores.map(({ name, credentials }) => ({
    name,
    clientId: credentials.sellerClientId,
    apiKey: credentials.sellerApiKey,
    performanceClientId: credentials.performanceClientId,
    performanceClientSecret: credentials.performanceClientSecret,
  }));
  return { ...base, OZON_STORES: JSON.stringify(stores) };
}

function startBot(sandbox: SandboxInfo, telegram: FakeBotApi, port: number, dataDir: string) {
  const flags = botFlags();
  return spawn(process.execPath, [...flags, MAIN], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ...ozonEnv(sandbox),
      STORE: "file",
      DATA_DIR: join(dataDir, "data"),
      POSTINGS_POLL_SECONDS: String(POLL_SECONDS),
      CHATS_POLL_SECONDS: String(POLL_SECONDS),
      PORT: String(port),
    },
    // The log is not read; it must not fill a pipe and stall the bot.
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

interface Figures {
  label: string;
  stores: number;
  postings: number;
  chats: number;
  firstPassSeconds: number;
  callsPerPass: number;
  peak: number;
  steady: number;
  low: number;
  high: number;
}

async function sampleSteady(pid: number, exited: () => boolean, seconds: number) {
  const samples: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (exited()) throw new Error("the process exited");
    samples.push(memoryOf(pid).rss);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  samples.sort((a, b) => a - b);
  return {
    steady: samples[Math.floor(samples.length / 2)] ?? Number.NaN,
    low: samples[0] ?? Number.NaN,
    high: samples.at(-1) ?? Number.NaN,
  };
}

/** Node bare (an empty script that idles) or the dependencies alone (memory-deps.ts). */
async function measureReference(label: string, args: string[]): Promise<Figures> {
  const child = spawn(process.execPath, [...botFlags(), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let ready = false;
    createInterface({ input: child.stdout }).on("line", () => {
      ready = true;
    });
    await waitFor(() => ready, { timeoutMs: 60_000, message: `${label} ready` });
    const pid = child.pid as number;
    const figures = await sampleSteady(pid, () => child.exitCode !== null, 5);
    return {
      label,
      stores: 0,
      postings: 0,
      chats: 0,
      firstPassSeconds: 0,
      callsPerPass: 0,
      peak: memoryOf(pid).hwm,
      ...figures,
    };
  } finally {
    await stopChild(child);
  }
}

async function measure(
  { postings, chats, stores }: { postings: number; chats: number; stores: number },
  telegram: FakeBotApi,
): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), "ozon-bot-memory-"));
  const sandbox = startSandboxProcess(postings, chats, stores);
  let bot: ChildProcess | undefined;
  try {
    const info = await waitFor(sandbox.info, { timeoutMs: 60_000, message: "sandbox started" });
    const started = Date.now();
    bot = startBot(info, telegram, await freePort(), dir);
    const pid = bot.pid as number;
    let peakDuringStart = 0;
    await waitFor(
      () => {
        if (bot?.exitCode !== null) throw new Error(`the bot exited with ${bot?.exitCode}`);
        peakDuringStart = Math.max(peakDuringStart, memoryOf(pid).rss);
        return sandbox.passes.firstPassDone();
      },
      { timeoutMs: 120_000, intervalMs: SAMPLE_EVERY_MS, message: "first pass", rethrow: true },
    );
    const firstPassSeconds = (Date.now() - started) / 1000;
    const running = bot;
    const snapshot = SNAPSHOT_DIR
      ? setTimeout(() => running.kill("SIGUSR2"), (SAMPLE_SECONDS * 1000) / 2)
      : undefined;
    const figures = await sampleSteady(pid, () => running.exitCode !== null, SAMPLE_SECONDS);
    clearTimeout(snapshot);
    const { hwm } = memoryOf(pid);
    const label =
      stores > 1
        ? `${stores} stores × (${postings} postings + ${chats} chats)`
        : postings === 0 && chats === 0
          ? "idle (1 store, nothing to do)"
          : `${postings} postings + ${chats} chats`;
    return {
      label,
      stores,
      postings,
      chats,
      firstPassSeconds,
      callsPerPass: sandbox.passes.postingsCallsPerPass(),
      peak: Math.max(hwm, peakDuringStart),
      ...figures,
    };
  } finally {
    if (bot) await stopChild(bot);
    await stopChild(sandbox.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!FROM_SOURCE) {
  // The JavaScript the Docker image runs, compiled from the sources of this checkout.
  const built = spawnSync("npx", ["tsc", "-p", "tsconfig.build.json"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("npm run build failed");
}
const results: Figures[] = [];
if (REFERENCE) {
  results.push(
    await measureReference("Node bare", [
      "-e",
      "console.log('ready'); setInterval(() => {}, 1000)",
    ]),
  );
  results.push(await measureReference("dependencies only", [DEPS]));
}
const telegram = await FakeBotApi.start();
try {
  for (const load of LOADS) {
    results.push(await measure(load, telegram));
    telegram.reset();
  }
} finally {
  await telegram.close();
}

const mb = (value: number) => `${value.toFixed(0)} MB`.padStart(7);
console.log(
  `Bot as ${FROM_SOURCE ? "node src/main.ts (type stripping)" : "node dist/main.js (built, as npm start and the Docker image run it)"}; file store, polls every ${POLL_SECONDS} s, ${SEMI_SPACE_MB > 0 ? `--max-semi-space-size=${SEMI_SPACE_MB}` : "Node's default semi-space"}; steady = median of ${SAMPLE_SECONDS} s after the first full pass`,
);
console.log(`${"load".padEnd(44)} first pass  list calls/pass    peak  steady (min..max)`);
for (const r of results) {
  console.log(
    [
      r.label.padEnd(44),
      (r.stores > 0 ? `${r.firstPassSeconds.toFixed(1)} s` : "").padStart(10),
      (r.stores > 0 ? String(r.callsPerPass) : "").padStart(16),
      mb(r.peak),
      mb(r.steady),
      `(${r.low.toFixed(0)}..${r.high.toFixed(0)})`,
    ].join(" "),
  );
}
const verdict = (figures: Figures | undefined, target: number, what: string) => {
  if (!figures) return;
  const ok = figures.steady <= target;
  console.log(
    `target: ${what} ≤ ${target} MB steady RSS: ${ok ? "met" : "NOT met"} (${figures.steady.toFixed(0)} MB)`,
  );
};
const bots = results.filter((r) => r.stores > 0);
verdict(
  bots.find((r) => r.stores === 1 && r.postings === 0 && r.chats === 0),
  IDLE_TARGET_MB,
  "idle",
);
verdict(
  bots.filter((r) => r.stores === 1).sort((a, b) => b.postings - a.postings)[0],
  TARGET_MB,
  "largest one-store load",
);
verdict(
  bots.find((r) => r.stores > 1),
  STORES_TARGET_MB,
  "several stores",
);
