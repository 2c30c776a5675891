/**
 * Many stores (node bench/stores.ts, or npm run bench -- stores): issue 12, "Scale and performance".
 *
 * The bot runs as `node src/main.ts` (file store in a temporary DATA_DIR, postings and chats polled
 * every 5 s, OZON_STORES) against the Ozon sandbox in a child process of its own
 * (bench/stores-sandbox.ts) simulating N stores × 200 buyer chats × 100 awaiting postings, and the
 * fake Bot API of test/support in this process. Every figure comes from the sandbox's request log
 * (GET /_sandbox/requests; its `?store=` only picks the store of store-bound endpoints and does not
 * filter the log, so entries are grouped here by their `store`).
 *
 * 1. For 1, 5 and 20 stores: once every store finished its first passes, the steady Ozon calls per
 *    minute over a window, total and per store, by kind; and whether they grow linearly.
 *    A buyer writes in one chat of every store every BENCH_STORES_MESSAGE_EVERY_SECONDS, so chat
 *    passes fetch the history of changed chats as they do in real life.
 * 2. With 20 stores: the bot's RSS over that window (median) and VmHWM (peak, first pass included).
 * 3. Fairness: the longest time between two consecutive pass starts of any one store.
 * 4. Alert latency with the last store failing (every route 500, then every route hanging): one
 *    admin subscribes, a posting is added to every healthy store at once (control HTTP `?store=`),
 *    and each store's latency runs from its add to its alert's arrival at the fake Bot API. Also
 *    printed: when the store's next postings list request reached the sandbox (the poll's part).
 *
 * Settings: BENCH_STORES_COUNTS ("1,5,20"), BENCH_STORES_POSTINGS (100), BENCH_STORES_CHATS (200),
 * BENCH_STORES_WINDOW_SECONDS (30), BENCH_STORES_MESSAGE_EVERY_SECONDS (30; 0 = none),
 * BENCH_STORES_TARGET_MB (200), BENCH_STORES_BOT_FLAGS (more Node flags for the bot, e.g. "--trace-gc").
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import { freePort } from "../test/support/main-process.ts";
import { command, person } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";
import { startFlags } from "./start-flags.ts";
import { callRates, fairness, type LoggedRequest, median, passStarts } from "./stores-log.ts";
import { type LatencyFigures, print, type RunFigures } from "./stores-print.ts";

const COUNTS = (process.env.BENCH_STORES_COUNTS ?? "1,5,20").split(",").map(Number);
const POSTINGS = Number(process.env.BENCH_STORES_POSTINGS ?? 100);
const CHATS = Number(process.env.BENCH_STORES_CHATS ?? 200);
const WINDOW_SECONDS = Number(process.env.BENCH_STORES_WINDOW_SECONDS ?? 30);
const MESSAGE_EVERY_SECONDS = Number(process.env.BENCH_STORES_MESSAGE_EVERY_SECONDS ?? 30);
const TARGET_MB = Number(process.env.BENCH_STORES_TARGET_MB ?? 200);
const POLL_SECONDS = 5;
const POLL_MS = POLL_SECONDS * 1000;
/** A pause this long between two list requests of one store separates two passes. */
const PASS_GAP_MS = POLL_MS * 0.6;
const ADMIN = person(5252, { first_name: "Owner", language_code: "en" });

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const SANDBOX = fileURLToPath(new URL("./stores-sandbox.ts", import.meta.url));

interface SandboxStoreInfo {
  name: string;
  credentials: { sellerClientId: string; sellerApiKey: string };
}
interface SandboxInfo {
  url: string;
  stores: SandboxStoreInfo[];
}

/** The sandbox child, and its HTTP control. */
class SandboxChild {
  readonly child: ChildProcess;
  #info: SandboxInfo | undefined;

  constructor(stores: number) {
    this.child = spawn(
      process.execPath,
      [SANDBOX, String(stores), String(POSTINGS), String(CHATS)],
      {
        stdio: ["pipe", "pipe", "inherit"],
      },
    );
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).once("line", (line) => {
      this.#info = JSON.parse(line) as SandboxInfo;
    });
  }

  async started(): Promise<SandboxInfo> {
    return waitFor(() => this.#info, { timeoutMs: 60_000, message: "sandbox started" });
  }

  get info(): SandboxInfo {
    if (!this.#info) throw new Error("the sandbox has not started");
    return this.#info;
  }

  /** Buyer messages every `seconds` in every store (0: none). */
  messagesEvery(seconds: number): void {
    this.child.stdin?.write(`messages ${seconds}\n`);
  }

  async control(method: string, path: string, body?: unknown, store?: string): Promise<unknown> {
    const query = store ? `?store=${encodeURIComponent(store)}` : "";
    const response = await fetch(`${this.info.url}/_sandbox/${path}${query}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} /_sandbox/${path}: ${JSON.stringify(answer)}`);
    return answer;
  }

  async requests(): Promise<LoggedRequest[]> {
    return (await this.control("GET", "requests?limit=100000")) as LoggedRequest[];
  }
}

function startBot(
  sandbox: SandboxInfo,
  telegram: FakeBotApi,
  port: number,
  dir: string,
): ChildProcess {
  const stores = sandbox.stores.map(({ name, credentials }) => ({
    name,
    clientId: credentials.sellerClientId,
    apiKey: credentials.sellerApiKey,
  }));
  // As `npm start` and the Docker image run it.
  const flags = startFlags();
  flags.push(...(process.env.BENCH_STORES_BOT_FLAGS ?? "").split(" ").filter(Boolean));
  return spawn(process.execPath, [...flags, MAIN], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ADMIN_IDS: String(ADMIN.id),
      OZON_SANDBOX: "0",
      OZON_SELLER_URL: sandbox.url,
      OZON_STORES: JSON.stringify(stores),
      STORE: "file",
      DATA_DIR: join(dir, "data"),
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

const benchStart = Date.now();
/** Where the run is, on stderr: the figures come at the end. */
const progress = (what: string) =>
  console.error(`  [${((Date.now() - benchStart) / 1000).toFixed(0).padStart(3)} s] ${what}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(stores: number, telegram: FakeBotApi): Promise<RunFigures> {
  const dir = mkdtempSync(join(tmpdir(), "ozon-bot-stores-"));
  const sandbox = new SandboxChild(stores);
  let bot: ChildProcess | undefined;
  try {
    const info = await sandbox.started();
    const ids = info.stores.map((s) => s.credentials.sellerClientId);
    const started = Date.now();
    bot = startBot(info, telegram, await freePort(), dir);
    const pid = bot.pid as number;
    const alive = () => {
      if (bot?.exitCode !== null) throw new Error(`the bot exited with ${bot?.exitCode}`);
    };
    // Every store's second passes of both kinds began: the first ones are over.
    await waitFor(
      async () => {
        alive();
        const log = await sandbox.requests();
        return (["postings", "chats"] as const).every((kind) => {
          const starts = passStarts(log, kind, PASS_GAP_MS);
          return ids.every((id) => (starts.get(id)?.length ?? 0) >= 2);
        });
      },
      { timeoutMs: 180_000, intervalMs: 500, message: "every store's first passes" },
    );
    const firstPassSeconds = (Date.now() - started) / 1000;
    progress(`${stores} stores: first passes over after ${firstPassSeconds.toFixed(1)} s`);
    sandbox.messagesEvery(MESSAGE_EVERY_SECONDS);

    const from = Date.now();
    const samples: number[] = [];
    while (Date.now() < from + WINDOW_SECONDS * 1000) {
      alive();
      samples.push(memoryOf(pid).rss);
      await sleep(250);
    }
    const to = Date.now();
    const log = await sandbox.requests();
    const figures: RunFigures = {
      stores,
      firstPassSeconds,
      rates: callRates(log, ids, from, to),
    };
    if (stores !== Math.max(...COUNTS)) return figures;

    samples.sort((a, b) => a - b);
    figures.memory = {
      steady: median(samples),
      low: samples[0] ?? Number.NaN,
      high: samples.at(-1) ?? Number.NaN,
      peak: memoryOf(pid).hwm,
    };
    figures.fairness = {
      postings: fairness(passStarts(log, "postings", PASS_GAP_MS), ids, from, to),
      chats: fairness(passStarts(log, "chats", PASS_GAP_MS), ids, from, to),
    };
    sandbox.messagesEvery(0);
    // Every message written so far was seen by a chat pass and relayed before alerts are timed.
    await passesSince(sandbox, ids, "chats", Date.now() + 500);
    await quiet(telegram);
    await subscribe(telegram);
    progress("subscribed");
    figures.latency = [];
    for (const [mode, fault] of FAILURES) {
      alive();
      figures.latency.push(await latencyWithOneFailing(sandbox, telegram, mode, fault));
    }
    return figures;
  } finally {
    if (bot) await stopChild(bot);
    sandbox.child.stdin?.end();
    await stopChild(sandbox.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until every store in `ids` started a pass of `kind` after `since`. */
async function passesSince(
  sandbox: SandboxChild,
  ids: readonly string[],
  kind: "postings" | "chats",
  since: number,
): Promise<void> {
  await waitFor(
    async () => {
      const starts = passStarts(await sandbox.requests(), kind, PASS_GAP_MS);
      return ids.every((id) => (starts.get(id) ?? []).some((at) => at > since));
    },
    { timeoutMs: 60_000, intervalMs: 500, message: `a ${kind} pass of every store` },
  );
}

/** Waits until the bot sent no message for two seconds (relayed buyer messages drained). */
async function quiet(telegram: FakeBotApi): Promise<void> {
  const lastSend = () => telegram.calls.findLast((c) => c.method.startsWith("send"))?.receivedAt;
  await waitFor(() => Date.now() - (lastSend() ?? 0) > 2_000, {
    timeoutMs: 120_000,
    intervalMs: 100,
    message: "the bot's sends drained",
  });
}

async function subscribe(telegram: FakeBotApi): Promise<void> {
  telegram.queueUpdates(command("subscribe", { from: ADMIN }));
  await telegram.waitForCall(
    "sendMessage",
    (c) => String(c.payload.text).includes("now gets an alert"),
    60_000,
  );
}

const FAILURES: Array<[string, Record<string, unknown>]> = [
  ["500", { rate5xx: 1, status5xx: 500 }],
  ["hang", { latencyMs: 600_000 }],
];

async function latencyWithOneFailing(
  sandbox: SandboxChild,
  telegram: FakeBotApi,
  mode: string,
  fault: Record<string, unknown>,
): Promise<LatencyFigures> {
  const [failing, ...healthyStores] = [...sandbox.info.stores].reverse();
  const failingId = failing?.credentials.sellerClientId as string;
  const healthy = healthyStores.reverse().map((s) => s.credentials.sellerClientId);
  await sandbox.control("POST", "faults", { route: "*", ...fault, store: failingId });
  const faultAt = Date.now();
  // Every healthy store polled once since, so the failing one had its pass (or hang) as well.
  await passesSince(sandbox, healthy, "postings", faultAt + POLL_MS);
  progress(`last store failing (${mode}); adding postings`);
  const adds = await Promise.all(
    healthy.map(async (id) => {
      const at = Date.now();
      const posting = (await sandbox.control("POST", "postings", {}, id)) as {
        postingNumber: string;
      };
      return { id, at, number: posting.postingNumber };
    }),
  );
  const arrival = (number: string) =>
    telegram.calls.find(
      (c) => c.method === "sendMessage" && String(c.payload.text).includes(number),
    )?.receivedAt;
  await waitFor(() => adds.every((add) => arrival(add.number) !== undefined), {
    timeoutMs: 60_000,
    intervalMs: 50,
    message: `every alert with ${mode}`,
  }).catch((error: Error) => console.log(`  (${error.message})`));
  const until = Date.now();
  const others = telegram.calls.filter(
    (c) =>
      c.method.startsWith("send") &&
      c.receivedAt >= faultAt &&
      !adds.some((add) => String(c.payload.text).includes(add.number)),
  );
  const log = await sandbox.requests();
  await sandbox.control("DELETE", "faults");
  const starts = passStarts(log, "postings", PASS_GAP_MS);
  const alerts: number[] = [];
  const polls: number[] = [];
  const arrivals: number[] = [];
  for (const add of adds) {
    const arrived = arrival(add.number);
    if (arrived !== undefined) {
      alerts.push(arrived - add.at);
      arrivals.push(arrived);
    }
    const next = (starts.get(add.id) ?? []).find((at) => at >= add.at);
    if (next !== undefined) polls.push(next - add.at);
  }
  return {
    mode,
    alerts: alerts.sort((a, b) => a - b),
    polls: polls.sort((a, b) => a - b),
    fairness: fairness(starts, healthy, faultAt, until),
    missing: adds.length - alerts.length,
    otherSends: others.length,
    closestArrivalsMs: Math.min(
      ...arrivals.sort((a, b) => a - b).map((at, i) => at - (arrivals[i - 1] ?? -Infinity)),
    ),
  };
}

const telegram = await FakeBotApi.start();
const results: RunFigures[] = [];
try {
  for (const stores of COUNTS) {
    results.push(await run(stores, telegram));
    telegram.reset();
  }
} finally {
  await telegram.close();
}
print(results, {
  postings: POSTINGS,
  chats: CHATS,
  pollSeconds: POLL_SECONDS,
  messageEverySeconds: MESSAGE_EVERY_SECONDS,
  windowSeconds: WINDOW_SECONDS,
  targetMb: TARGET_MB,
});
