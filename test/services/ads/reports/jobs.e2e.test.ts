/**
 * Report jobs end to end: the real sandbox over HTTP on 127.0.0.1, the real Performance client,
 * the memory store and a recording notifier. Rounds are driven with runOnce() until the expected
 * event, with a deadline; the sandbox's report steps are short.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../../../src/ozon/performance/client.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../../src/sandbox/index.ts";
import {
  isReportRequestError,
  type ReportJob,
  ReportJobs,
  type ReportRequest,
} from "../../../../src/services/ads/reports/jobs.ts";
import { presetPeriod, type ReportPeriod } from "../../../../src/services/ads/reports/periods.ts";
import { ReportRunner } from "../../../../src/services/ads/reports/runner.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";
import { faultyStore } from "../../../support/faulty-store.ts";
import { waitFor } from "../../../support/wait.ts";
import { driveUntil, RecordingNotifier } from "../support.ts";

const zone = "Europe/Moscow";
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

interface World {
  sandbox: Sandbox;
  client: PerformanceClient;
  store: MemoryStore;
  notifier: RecordingNotifier;
  jobs: ReportJobs;
  campaignIds: string[];
  runner(options?: Partial<ConstructorParameters<typeof ReportRunner>[0]>): ReportRunner;
  newClient(options?: Partial<Parameters<typeof createPerformanceClient>[0]>): PerformanceClient;
}

async function world(
  options: SandboxOptions = {},
  limits?: { maxPeriodDays?: number },
): Promise<World> {
  const sandbox = await startSandbox({ reportStepMs: 30, ...options });
  open.push(sandbox);
  const newClient = (extra: Partial<Parameters<typeof createPerformanceClient>[0]> = {}) => {
    const c = createPerformanceClient({
      baseUrl: sandbox.performanceUrl,
      clientId: sandbox.credentials.performanceClientId,
      clientSecret: sandbox.credentials.performanceClientSecret,
      ...extra,
    });
    open.push(c);
    return c;
  };
  const client = newClient();
  const store = new MemoryStore();
  open.push(store);
  const notifier = new RecordingNotifier();
  const account = sandbox.credentials.performanceClientId;
  const jobs = new ReportJobs({ store, account, zone, limits });
  const campaignIds = sandbox.control
    .campaigns()
    .filter((c) => c.advObjectType === "SKU" || c.advObjectType === "BANNER")
    .map((c) => String(c.id));
  sandbox.resetCounters();
  return {
    sandbox,
    client,
    store,
    notifier,
    jobs,
    campaignIds,
    newClient,
    runner: (extra = {}) =>
      new ReportRunner({
        store,
        statistics: client.statistics,
        notifier,
        account,
        pollSeconds: 0.01,
        pollCapSeconds: 0.05,
        ...extra,
      }),
  };
}

const lastWeek = (): ReportPeriod => presetPeriod("last_7_days", { now: Date.now(), zone });

function request(campaigns: string[], extra: Partial<ReportRequest> = {}): ReportRequest {
  return {
    requestedBy: { chatId: 100, userId: 7, locale: "ru" },
    campaigns: campaigns.map((id) => ({ id })),
    period: lastWeek(),
    kind: "campaigns",
    groupBy: "DATE",
    ...extra,
  };
}

/** Calls to the Performance API, by kind, from the sandbox's own counters. */
function calls(sandbox: Sandbox) {
  const counted = { token: 0, submit: 0, status: 0, download: 0, other: 0 };
  for (const [key, n] of Object.entries(sandbox.counters())) {
    if (key === "POST /api/client/token") counted.token += n;
    else if (/^POST \/api\/client\/statistics(\/phrases|\/attribution)?$/.test(key))
      counted.submit += n;
    else if (key === "GET /api/client/statistics/report") counted.download += n;
    else if (key.startsWith("GET /api/client/statistics/")) counted.status += n;
    else counted.other += n;
  }
  return counted;
}

const stateOf = async (w: World, job: ReportJob) => (await w.jobs.get(job.id))?.state;

describe("report jobs against the sandbox", () => {
  it("one campaign: a CSV with a meaningful name and a summary, token fetched once", async () => {
    const w = await world();
    const runner = w.runner();
    const id = w.campaignIds[0] as string;
    const job = await w.jobs.enqueue(request([id]));
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => runner.runOnce(),
    );

    const [delivery] = w.notifier.deliveries();
    const period = job.period;
    expect(delivery?.file?.format).toBe("csv");
    expect(delivery?.file?.name).toBe(`ozon-ads_${id}_${period.from}_${period.to}.csv`);
    const bytes = delivery?.file?.bytes as Uint8Array;
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x3b]); // the BOM and the title's ';'

    expect(delivery?.summary?.files[0]?.campaignId).toBe(id);
    expect(delivery?.summary?.totals.impressions).toBeGreaterThan(0);
    expect(delivery?.summary?.totals.spendKopecks).toBeGreaterThan(0);
    expect(w.notifier.progressOf(job.id)).toEqual(["submitted", "delivering"]);
    expect(w.notifier.failures()).toEqual([]);

    const c = calls(w.sandbox);
    expect(c).toMatchObject({ token: 1, submit: 1, download: 1, other: 0 });
    expect(w.client.token.fetched).toBe(1);
    const stored = await w.jobs.get(job.id);
    expect(stored).toMatchObject({ state: "delivered", attempts: 0 });
    expect(stored?.ozonReadyAt).toBeTypeOf("number");
  });

  it("several campaigns: a ZIP of one CSV per campaign, summed up", async () => {
    const w = await world();
    const runner = w.runner();
    const ids = w.campaignIds.slice(0, 3);
    const job = await w.jobs.enqueue(request(ids, { groupBy: "START_OF_WEEK" }));
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => runner.runOnce(),
    );

    const [delivery] = w.notifier.deliveries();
    expect(delivery?.file?.format).toBe("zip");
    expect(delivery?.file?.name).toBe(
      `ozon-ads_${ids.join("-")}_${job.period.from}_${job.period.to}.zip`,
    );
    const entries = Object.keys(unzipSync(delivery?.file?.bytes as Uint8Array)).sort();
    expect(entries).toEqual(ids.map((id) => `${id}.csv`).sort());
    const summary = delivery?.summary;
    expect(summary?.files.map((f) => f.campaignId).sort()).toEqual([...ids].sort());
    const sum = (summary?.files ?? []).reduce((s, f) => s + (f.totals.spendKopecks ?? 0), 0);
    expect(summary?.totals.spendKopecks).toBe(sum);
    expect(calls(w.sandbox)).toMatchObject({ token: 1, submit: 1, download: 1 });
  });

  it("three reports at once with concurrency 1: queued, delivered in order, progress shown", async () => {
    const w = await world({ maxConcurrentReports: 1 });
    const runner = w.runner({ maxSubmitted: 1 });
    const [a, b, c] = w.campaignIds;
    const j1 = await w.jobs.enqueue(request([a as string]));
    const j2 = await w.jobs.enqueue(request([b as string]));
    const j3 = await w.jobs.enqueue(request([c as string]));

    const first = await runner.runOnce();
    expect(first.submitted).toBe(1);
    expect([await stateOf(w, j1), await stateOf(w, j2), await stateOf(w, j3)]).toEqual([
      "submitted",
      "queued",
      "queued",
    ]);
    await driveUntil(
      () => w.notifier.deliveries().length === 3,
      () => runner.runOnce(),
      { what: "three deliveries" },
    );
    expect(w.notifier.deliveries().map((d) => d.jobId)).toEqual([j1.id, j2.id, j3.id]);
    expect(w.notifier.progressOf(j1.id)).toEqual(["submitted", "delivering"]);
    expect(w.notifier.progressOf(j2.id)).toEqual(["queued:1", "submitted", "delivering"]);
    expect(w.notifier.progressOf(j3.id)).toEqual([
      "queued:2",
      "queued:1",
      "submitted",
      "delivering",
    ]);

    // Never two at Ozon at once: each was submitted once, after the previous one was ready.
    expect(calls(w.sandbox)).toMatchObject({ token: 1, submit: 3, download: 3 });
    expect(w.sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    const [s1, s2, s3] = await Promise.all([j1, j2, j3].map((j) => w.jobs.get(j.id)));
    expect(s2?.submittedAt).toBeGreaterThanOrEqual(s1?.readyAt ?? Infinity);
    expect(s3?.submittedAt).toBeGreaterThanOrEqual(s2?.readyAt ?? Infinity);
  });

  it("a restart while Ozon prepares the report resumes it: polled, not resubmitted, delivered once", async () => {
    const w = await world({ reportStepMs: 150 });
    const before = w.runner();
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    await before.runOnce();
    const submitted = await w.jobs.get(job.id);
    expect(submitted?.state).toBe("submitted");
    expect(w.sandbox.control.report(submitted?.uuid as string)?.state).not.toBe("OK");
    await before.stop();

    // A new process: new client, new runner, the same store.
    const client = w.newClient();
    const after = w.runner({ statistics: client.statistics });
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => after.runOnce(),
    );
    for (let i = 0; i < 5; i++) await after.runOnce();

    expect(w.notifier.deliveries()).toHaveLength(1);
    expect((await w.jobs.get(job.id))?.uuid).toBe(submitted?.uuid);
    expect(calls(w.sandbox).submit).toBe(1);
  });

  it("a restart of the whole process on the SQLite file store delivers the report once", async () => {
    const w = await world({ reportStepMs: 150 });
    const dataDir = mkdtempSync(join(tmpdir(), "ads-reports-"));
    open.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) });
    const account = w.sandbox.credentials.performanceClientId;
    const runnerOn = (store: SqliteStore, client: PerformanceClient) =>
      w.runner({ store, statistics: client.statistics });

    const first = await SqliteStore.open({ dataDir });
    const jobs = new ReportJobs({ store: first, account, zone });
    const job = await jobs.enqueue(request([w.campaignIds[0] as string]));
    const before = runnerOn(first, w.client);
    await before.runOnce();
    const uuid = (await jobs.get(job.id))?.uuid;
    expect(uuid).toBeTypeOf("string");
    await before.stop();
    await first.close();

    const second = await SqliteStore.open({ dataDir });
    open.push(second);
    const reopened = new ReportJobs({ store: second, account, zone });
    const after = runnerOn(second, w.newClient());
    await driveUntil(
      async () => (await reopened.get(job.id))?.state === "delivered",
      () => after.runOnce(),
    );
    for (let i = 0; i < 3; i++) await after.runOnce();
    expect(w.notifier.deliveries()).toHaveLength(1);
    expect((await reopened.get(job.id))?.uuid).toBe(uuid);
    expect(calls(w.sandbox).submit).toBe(1);
  });

  it("a crash while sending: the next runner (after the lease lapses) sends the file once", async () => {
    const w = await world();
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    const stuck = new RecordingNotifier();
    let handed = false;
    stuck.deliver = () => {
      handed = true;
      return new Promise<void>(() => {}); // the process dies during the upload
    };
    const crashed = w.runner({ notifier: stuck, leaseTtlMs: 300 });
    await driveUntil(
      () => handed,
      () => {
        void crashed.runOnce();
        return new Promise((resolve) => setTimeout(resolve, 5));
      },
    );
    expect(await stateOf(w, job)).toBe("delivering");
    // The process dies: nothing renews or releases its lease any more (a stop with no time left
    // does just that, leaving the upload hanging).
    expect(await crashed.stop(AbortSignal.abort())).toBe(false);

    const next = w.runner({ leaseTtlMs: 300 });
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => next.runOnce(),
    );
    expect(w.notifier.deliveries()).toHaveLength(1);
    expect(calls(w.sandbox)).toMatchObject({ submit: 1, download: 2 });
  });

  it("a crash between the submit and saving its id: after the restart the report is found at Ozon, not submitted again", async () => {
    const w = await world({ reportStepMs: 150, maxConcurrentReports: 1 });
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    // The process dies the moment it would save Ozon's answer (the first job save after the
    // submit): from then on it does nothing at all.
    let died = false;
    const dying = faultyStore(w.store, (operation, [key]) => {
      if (!died && operation === "set" && key?.startsWith("report-job:")) {
        died = calls(w.sandbox).submit > 0;
      }
      return died;
    });
    const crashed = w.runner({ store: dying, leaseTtlMs: 0 });
    await expect(crashed.runOnce()).rejects.toThrow("store unavailable");
    const left = await w.jobs.get(job.id);
    expect(left?.state).toBe("queued");
    expect(left?.uuid).toBeUndefined();
    const [atOzon, ...more] = await w.client.statistics.list({ page: 1, pageSize: 100 });
    expect(more).toEqual([]);
    expect(atOzon?.campaigns).toEqual([w.campaignIds[0]]);

    // A new process: new client, new runner, the same store.
    const after = w.runner({ statistics: w.newClient().statistics, leaseTtlMs: 0 });
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => after.runOnce(),
    );
    expect((await w.jobs.get(job.id))?.uuid).toBe(atOzon?.uuid);
    expect(w.notifier.deliveries()).toHaveLength(1);
    expect(calls(w.sandbox).submit).toBe(1);
    // No second request waited behind the first in Ozon's one-report queue.
    expect(w.sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
  });

  it("a submit whose answer is lost on the way is found at Ozon, not submitted again", async () => {
    const w = await world({ reportStepMs: 150, maxConcurrentReports: 1 });
    // Ozon queues the request, but its answer arrives spoiled.
    w.sandbox.control.setFault("POST /api/client/statistics", { malformed: true, times: 1 });
    const runner = w.runner();
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    await runner.runOnce();
    expect(await w.jobs.get(job.id)).toMatchObject({ state: "queued", attempts: 1 });
    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => runner.runOnce(),
    );
    expect(calls(w.sandbox).submit).toBe(1);
    expect(w.sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(w.notifier.deliveries()).toHaveLength(1);
    expect(w.notifier.failures()).toEqual([]);
  });

  it("Ozon's ERROR is reported with its text, and nothing is downloaded", async () => {
    const w = await world();
    const runner = w.runner();
    w.sandbox.control.failNextReport("next", "Не удалось сформировать отчёт: нет данных");
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    await driveUntil(
      async () => (await stateOf(w, job)) === "failed",
      () => runner.runOnce(),
    );

    expect(w.notifier.failures()).toEqual([
      expect.objectContaining({
        jobId: job.id,
        failure: { code: "ozon_error", message: "Не удалось сформировать отчёт: нет данных" },
      }),
    ]);
    expect(await w.jobs.get(job.id)).toMatchObject({
      error: "Не удалось сформировать отчёт: нет данных",
      failureNotified: true,
    });
    expect(w.notifier.deliveries()).toEqual([]);
    expect(calls(w.sandbox).download).toBe(0);
    for (let i = 0; i < 3; i++) await runner.runOnce();
    expect(w.notifier.failures()).toHaveLength(1);
  });

  it.each([
    ["saying its length", {}],
    ["in pieces, without a length", { bodyChunkBytes: 64 }],
  ])(
    "a report file larger than the bot reads (%s) fails the job at once, and is not asked for again",
    async (_, fault) => {
      const w = await world();
      const client = w.newClient({ maxReportBytes: 200 });
      const runner = w.runner({ statistics: client.statistics });
      w.sandbox.control.setFault("GET /api/client/statistics/report", fault);
      const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
      await driveUntil(
        async () => (await stateOf(w, job)) === "failed",
        () => runner.runOnce(),
      );

      expect(w.notifier.failures()).toEqual([
        expect.objectContaining({
          jobId: job.id,
          failure: expect.objectContaining({ code: "too_large" }),
        }),
      ]);
      expect(w.notifier.deliveries()).toEqual([]);
      for (let i = 0; i < 3; i++) await runner.runOnce();
      expect(calls(w.sandbox).download).toBe(1);
      expect(w.notifier.failures()).toHaveLength(1);
    },
  );

  it("429 on submit means busy: the job waits in the queue and is delivered later", async () => {
    const w = await world({ reportStepMs: 120, maxConcurrentReports: 1 });
    // Someone else (the seller's cabinet) holds the account's only report slot.
    const cabinet = w.newClient();
    await cabinet.statistics.submit({
      kind: "campaigns",
      campaigns: [w.campaignIds[1] as string],
      dateFrom: lastWeek().from,
      dateTo: lastWeek().to,
    });
    // No retry pauses inside the client, so the runner hears the 429 at once.
    const client = w.newClient({ random: () => 0 });
    const runner = w.runner({ statistics: client.statistics });
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));

    const round = await runner.runOnce();
    expect(round).toMatchObject({ busy: 1, submitted: 0, failed: 0 });
    expect(await w.jobs.get(job.id)).toMatchObject({ state: "queued", busy: true, attempts: 0 });
    expect(
      w.sandbox.requests.some((r) => r.status === 429 && r.path === "/api/client/statistics"),
    ).toBe(true);

    await driveUntil(
      async () => (await stateOf(w, job)) === "delivered",
      () => runner.runOnce(),
    );
    expect(w.notifier.progressOf(job.id)).toEqual(["queued:1:busy", "submitted", "delivering"]);
    expect(w.notifier.failures()).toEqual([]);
    expect(w.notifier.deliveries()).toHaveLength(1);
  });

  it("a period longer than the account allows is refused before Ozon is asked", async () => {
    const w = await world();
    const now = Date.now();
    const to = presetPeriod("yesterday", { now, zone }).to;
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 62 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const error = await w.jobs
      .enqueue(request([w.campaignIds[0] as string], { period: { from, to } }))
      .catch((e) => e);
    expect(isReportRequestError(error)).toBe(true);
    expect(error.problem).toMatchObject({ reason: "too_long", days: 63, maxDays: 62 });
    expect(calls(w.sandbox)).toMatchObject({ token: 0, submit: 0 });
    expect(await w.jobs.repository.all()).toEqual([]);

    // Configured to the spec's year, the same request reaches the live-like sandbox, which refuses it.
    const lax = new ReportJobs({
      store: w.store,
      account: w.sandbox.credentials.performanceClientId,
      zone,
      limits: { maxPeriodDays: 366 },
    });
    const job = await lax.enqueue(request([w.campaignIds[0] as string], { period: { from, to } }));
    const runner = w.runner();
    await driveUntil(
      async () => (await stateOf(w, job)) === "failed",
      () => runner.runOnce(),
    );
    expect(await w.jobs.get(job.id)).toMatchObject({
      failure: { code: "rejected", message: "the report period must not exceed 62 days" },
    });
  });

  it("11 campaigns are refused before Ozon is asked", async () => {
    const w = await world();
    const ids = Array.from({ length: 11 }, (_, i) => String(20_000_000 + i));
    const error = await w.jobs.enqueue(request(ids)).catch((e) => e);
    expect(isReportRequestError(error)).toBe(true);
    expect(error.problem).toEqual({ code: "too_many_campaigns", count: 11, max: 10 });
    expect(Object.keys(w.sandbox.counters())).toEqual([]);
    expect(await w.jobs.repository.all()).toEqual([]);
    // Ten is fine.
    await expect(w.jobs.enqueue(request(ids.slice(0, 10)))).resolves.toMatchObject({
      state: "queued",
    });
  });

  it("phrases and attribution reports go to their own methods", async () => {
    const w = await world();
    const runner = w.runner();
    const sku = w.sandbox.control.campaigns().find((c) => c.advObjectType === "SKU");
    const id = String(sku?.id);
    const phrases = await w.jobs.enqueue(
      request([id], { kind: "phrases", objects: [String(sku?.objects[0])] }),
    );
    const attribution = await w.jobs.enqueue(
      request([id], { kind: "attribution", attributionDays: 7 }),
    );
    await driveUntil(
      () => w.notifier.deliveries().length === 2,
      () => runner.runOnce(),
    );
    expect(w.notifier.deliveries().map((d) => d.file?.name)).toEqual([
      `ozon-ads-phrases_${id}_${phrases.period.from}_${phrases.period.to}.csv`,
      `ozon-ads-attribution_${id}_${attribution.period.from}_${attribution.period.to}.csv`,
    ]);
    const counters = w.sandbox.counters();
    expect(counters["POST /api/client/statistics/phrases"]).toBe(1);
    expect(counters["POST /api/client/statistics/attribution"]).toBe(1);
    expect(w.notifier.deliveries()[0]?.summary?.totals.clicks).toBeGreaterThan(0);
  });

  it("start() runs on its own and stop() ends it", async () => {
    const w = await world();
    const runner = w.runner();
    runner.start();
    const job = await w.jobs.enqueue(request([w.campaignIds[0] as string]));
    runner.wake();
    await waitFor(async () => (await stateOf(w, job)) === "delivered", {
      timeoutMs: 10_000,
      intervalMs: 0,
      message: "the delivery",
    });
    await runner.stop();
    expect(w.notifier.deliveries()).toHaveLength(1);
  });
});
