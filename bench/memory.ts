/**
 * The bot's memory with one store (node bench/memory.ts, or npm run bench -- memory).
 *
 * For each load (idle; 2 000 awaiting postings + 500 buyer chats; 10 000 + 2 000) the Ozon
 * sandbox runs in a child process of its own (bench/memory-sandbox.ts, so its memory is not the
 * bot's), and the bot runs as `node src/main.ts` the way it runs in production: file store in a
 * temporary DATA_DIR, postings and chats polled every 5 s, Telegram answered by the fake Bot API
 * of test/support in this process. Once the first full pass of both pollers is over (the second
 * pass's first list request arrived at the sandbox), /proc/<pid>/status VmRSS is sampled for a
 * while. Printed per load: peak (VmHWM, the kernel's high-water mark since the start, first pass
 * included) and steady (median, min and max of the samples after the first pass), plus the list
 * calls one pass of postings costs.
 *
 * Settings: BENCH_MEMORY_SAMPLE_SECONDS (20), BENCH_MEMORY_LOADS ("0:0,2000:500,10000:2000",
 * postings:chats), BENCH_MEMORY_TARGET_MB (250, for the largest load's peak and steady).
 * BENCH_MEMORY_SNAPSHOT_DIR=<dir>: the bot writes a heap snapshot there halfway through the
 * samples (SIGUSR2, --heapsnapshot-signal); open it in Chrome DevTools › Memory. Writing one
 * costs memory itself, so the figures of such a run are not the bot's.
 * BENCH_MEMORY_BOT_FLAGS: more Node flags for the bot, e.g. "--import ./probe.mjs" or "--trace-gc".
 * Target (issue 12): 10 000 postings + 2 000 chats ≤ 250 MB RSS.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import { freePort } from "../test/support/main-process.ts";
import { waitFor } from "../test/support/wait.ts";

const SAMPLE_SECONDS = Number(process.env.BENCH_MEMORY_SAMPLE_SECONDS ?? 20);
const TARGET_MB = Number(process.env.BENCH_MEMORY_TARGET_MB ?? 250);
const LOADS = (process.env.BENCH_MEMORY_LOADS ?? "0:0,2000:500,10000:2000")
  .split(",")
  .map((pair) => pair.split(":").map(Number) as [number, number]);
const POLL_SECONDS = 5;
/** A pause this long between two list requests of one kind separates two passes. */
const PASS_GAP_MS = POLL_SECONDS * 1000 * 0.6;
const SAMPLE_EVERY_MS = 250;
const SNAPSHOT_DIR = process.env.BENCH_MEMORY_SNAPSHOT_DIR;

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const SANDBOX = fileURLToPath(new URL("./memory-sandbox.ts", import.meta.url));

interface SandboxInfo {
  url: string;
  credentials: {
    sellerClientId: string;
    sellerApiKey: string;
    performanceClientId: string;
    performanceClientSecret: string;
  };
}

type ListKind = "postings" | "chats";

/** List requests seen at the sandbox, split into passes by the pause between them. */
class Passes {
  readonly #last = new Map<ListKind, number>();
  /** Calls of each pass, per kind; the last entry is the pass under way. */
  readonly calls = new Map<ListKind, number[]>([
    ["postings", []],
    ["chats", []],
  ]);

  record(kind: ListKind, at: number): void {
    const passes = this.calls.get(kind) as number[];
    const last = this.#last.get(kind);
    if (last === undefined || at - last >= PASS_GAP_MS) passes.push(0);
    passes[passes.length - 1] = (passes.at(-1) ?? 0) + 1;
    this.#last.set(kind, at);
  }

  /** Both pollers finished a pass (and started the next). */
  firstPassDone(): boolean {
    return [...this.calls.values()].every((passes) => passes.length >= 2);
  }
}

function startSandboxProcess(postings: number, chats: number) {
  const child = spawn(process.execPath, [SANDBOX, String(postings), String(chats)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const passes = new Passes();
  let info: SandboxInfo | undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line) as SandboxInfo | { list: ListKind; at: number };
    if ("url" in message) info = message;
    else passes.record(message.list, message.at);
  });
  return { child, passes, info: () => info };
}

function startBot(sandbox: SandboxInfo, telegram: FakeBotApi, port: number, dataDir: string) {
  const { credentials } = sandbox;
  const flags = SNAPSHOT_DIR
    ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${SNAPSHOT_DIR}`]
    : [];
  // As `npm start` and the Docker image run it.
  flags.push("--max-semi-space-size=16");
  flags.push(...(process.env.BENCH_MEMORY_BOT_FLAGS ?? "").split(" ").filter(Boolean));
  return spawn(process.execPath, [...flags, MAIN], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      OZON_SANDBOX: "0",
      OZON_SELLER_URL: sandbox.url,
      OZON_PERFORMANCE_URL: sandbox.url,
      OZON_CLIENT_ID: credentials.sellerClientId,
      OZON_API_KEY: credentials.sellerApiKey,
      OZON_PERFORMANCE_CLIENT_ID: credentials.performanceClientId,
      OZON_PERFORMANCE_CLIENT_SECRET: credentials.performanceClientSecret,
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
  postings: number;
  chats: number;
  firstPassSeconds: number;
  callsPerPass: number;
  peak: number;
  steady: number;
  low: number;
  high: number;
}

async function measure(postings: number, chats: number, telegram: FakeBotApi): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), "ozon-bot-memory-"));
  const sandbox = startSandboxProcess(postings, chats);
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
    const samples: number[] = [];
    const until = Date.now() + SAMPLE_SECONDS * 1000;
    let snapshotAt = SNAPSHOT_DIR ? Date.now() + (SAMPLE_SECONDS * 1000) / 2 : Infinity;
    while (Date.now() < until) {
      if (Date.now() >= snapshotAt) {
        bot.kill("SIGUSR2");
        snapshotAt = Infinity;
      }
      if (bot.exitCode !== null) throw new Error(`the bot exited with ${bot.exitCode}`);
      samples.push(memoryOf(pid).rss);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
    const { hwm } = memoryOf(pid);
    samples.sort((a, b) => a - b);
    return {
      postings,
      chats,
      firstPassSeconds,
      callsPerPass: sandbox.passes.calls.get("postings")?.[0] ?? 0,
      peak: Math.max(hwm, peakDuringStart),
      steady: samples[Math.floor(samples.length / 2)] ?? Number.NaN,
      low: samples[0] ?? Number.NaN,
      high: samples.at(-1) ?? Number.NaN,
    };
  } finally {
    if (bot) await stopChild(bot);
    await stopChild(sandbox.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const telegram = await FakeBotApi.start();
const results: Figures[] = [];
try {
  for (const [postings, chats] of LOADS) {
    const figures = await measure(postings, chats, telegram);
    results.push(figures);
    telegram.reset();
  }
} finally {
  await telegram.close();
}

const mb = (value: number) => `${value.toFixed(0)} MB`.padStart(7);
console.log(
  `One store, file store, polls every ${POLL_SECONDS} s; steady = ${SAMPLE_SECONDS} s after the first full pass`,
);
console.log(
  "postings  chats  first pass  list calls/pass    peak  steady (min..max)".padEnd(72, " "),
);
for (const r of results) {
  console.log(
    [
      String(r.postings).padStart(8),
      String(r.chats).padStart(6),
      `${r.firstPassSeconds.toFixed(1)} s`.padStart(11),
      String(r.callsPerPass).padStart(16),
      mb(r.peak),
      mb(r.steady),
      `(${r.low.toFixed(0)}..${r.high.toFixed(0)})`,
    ].join(" "),
  );
}
const largest = results.at(-1);
if (largest) {
  const ok = largest.peak <= TARGET_MB && largest.steady <= TARGET_MB;
  console.log(
    `target: ${largest.postings} postings + ${largest.chats} chats ≤ ${TARGET_MB} MB RSS: ${ok ? "met" : "NOT met"}`,
  );
}
