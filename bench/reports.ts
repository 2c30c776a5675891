// node bench/reports.ts — report jobs against the sandbox over HTTP with the real Performance
// client, the memory store and the runner's own loop (start/stop), as the bot runs them.
// Prints, per scenario: Performance API calls per delivered report, and the time from Ozon's OK
// (the status answer's updatedAt) to the file handed to the notifier.
// BENCH_QUICK=1 divides every duration by 10 (a smoke run; figures then scale accordingly).
import { createPerformanceClient } from "../src/ozon/performance/client.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import { type ReportJob, ReportJobs } from "../src/services/ads/reports/jobs.ts";
import { presetPeriod } from "../src/services/ads/reports/periods.ts";
import { type ReportNotifier, ReportRunner } from "../src/services/ads/reports/runner.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { waitFor } from "../test/support/wait.ts";

const scale = process.env.BENCH_QUICK === "1" ? 0.1 : 1;

interface Scenario {
  name: string;
  /** Sandbox: time per state step; OK comes after two steps. */
  reportStepMs: number;
  /** REPORT_POLL_SECONDS. */
  pollSeconds: number;
  /** Campaigns per report, one entry per report; all are enqueued at once. */
  reports: number[];
  maxSubmitted: number;
}

const scenarios: Scenario[] = [
  {
    name: "5 reports at once (3 CSV, 2 ZIP of 3), REPORT_POLL_SECONDS=5, Ozon ready after 3 s",
    reportStepMs: 1500,
    pollSeconds: 5,
    reports: [1, 3, 1, 3, 1],
    maxSubmitted: 1,
  },
  {
    name: "1 report, REPORT_POLL_SECONDS=5, Ozon ready after 20 s (polls grow 5, 7.5, 11.25 s)",
    reportStepMs: 10_000,
    pollSeconds: 5,
    reports: [1],
    maxSubmitted: 1,
  },
  {
    name: "5 reports at once, REPORT_POLL_SECONDS=1, Ozon ready after 3 s",
    reportStepMs: 1500,
    pollSeconds: 1,
    reports: [1, 3, 1, 3, 1],
    maxSubmitted: 1,
  },
];

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

async function run(scenario: Scenario) {
  const sandbox = await startSandbox({
    reportStepMs: Math.round(scenario.reportStepMs * scale),
    maxConcurrentReports: 1,
  });
  const client = createPerformanceClient({
    baseUrl: sandbox.performanceUrl,
    clientId: sandbox.credentials.performanceClientId,
    clientSecret: sandbox.credentials.performanceClientSecret,
  });
  const store = new MemoryStore();
  const account = sandbox.credentials.performanceClientId;
  const zone = "Europe/Moscow";
  const jobs = new ReportJobs({ store, account, zone });
  const handed = new Map<string, { at: number; job: ReportJob }>();
  const notifier: ReportNotifier = {
    progress: async () => undefined,
    deliver: async (job) => {
      handed.set(job.id, { at: Date.now(), job });
    },
    failed: async (job, reason) => {
      throw new Error(`report ${job.id} failed: ${reason.message}`);
    },
  };
  const runner = new ReportRunner({
    store,
    statistics: client.statistics,
    notifier,
    account,
    pollSeconds: scenario.pollSeconds * scale,
    maxSubmitted: scenario.maxSubmitted,
  });
  const ids = sandbox.control
    .campaigns()
    .filter((c) => c.advObjectType === "SKU")
    .map((c) => String(c.id));
  sandbox.resetCounters();
  const period = presetPeriod("last_30_days", { now: Date.now(), zone });
  const started = Date.now();
  runner.start();
  for (const count of scenario.reports) {
    await jobs.enqueue({
      requestedBy: { chatId: 1, userId: 1, locale: "ru" },
      campaigns: ids.slice(0, count).map((id) => ({ id })),
      period,
      kind: "campaigns",
      groupBy: "DATE",
    });
  }
  runner.wake();
  await waitFor(() => handed.size >= scenario.reports.length, {
    timeoutMs: 600_000,
    intervalMs: 20,
    message: "every report handed over",
  });
  const wall = Date.now() - started;
  await runner.stop();

  const counters = sandbox.counters();
  let token = 0;
  let submit = 0;
  let status = 0;
  let download = 0;
  for (const [key, n] of Object.entries(counters)) {
    if (key === "POST /api/client/token") token += n;
    else if (key === "POST /api/client/statistics") submit += n;
    else if (key === "GET /api/client/statistics/report") download += n;
    else if (key.startsWith("GET /api/client/statistics/")) status += n;
  }
  const delivered = handed.size;
  const lags: number[] = [];
  const processing: number[] = [];
  for (const { at, job } of handed.values()) {
    const stored = await jobs.get(job.id);
    const ozonOk = stored?.ozonReadyAt;
    if (ozonOk !== undefined) lags.push(at - ozonOk);
    if (stored?.readyAt !== undefined) processing.push(at - stored.readyAt);
  }
  lags.sort((a, b) => a - b);
  processing.sort((a, b) => a - b);
  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\n${scenario.name}${scale !== 1 ? " (BENCH_QUICK: durations ÷10)" : ""}`);
  console.log(`  delivered ${delivered} reports in ${fmt(wall)}`);
  console.log(
    `  Performance API calls: ${token + submit + status + download} in all = token ${token}, submit ${submit}, status ${status}, download ${download}`,
  );
  console.log(
    `  per delivered report: ${((submit + status + download) / delivered).toFixed(2)} statistics calls (+ ${(token / delivered).toFixed(2)} token)`,
  );
  console.log(
    `  Ozon OK → file handed to the notifier: median ${fmt(quantile(lags, 0.5))}, max ${fmt(quantile(lags, 1))}`,
  );
  console.log(
    `    of which our own work (status seen OK → download → summary → notifier): median ${fmt(quantile(processing, 0.5))}, max ${fmt(quantile(processing, 1))}`,
  );
  await client.close();
  await store.close();
  await sandbox.close();
}

for (const scenario of scenarios) await run(scenario);
