/**
 * Runner branches that the sandbox does not easily produce (network failures, a lost uuid,
 * Telegram refusing the file, two runners on one store), with a scripted statistics API and a
 * hand-moved clock. The end-to-end behaviour against the sandbox is in jobs.e2e.test.ts.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SenderClosedError } from "../../../../src/bot/core/sender/index.ts";
import { OzonApiError, OzonNetworkError, OzonRateLimitError } from "../../../../src/ozon/errors.ts";
import { type ReportJob, ReportJobs } from "../../../../src/services/ads/reports/jobs.ts";
import { presetPeriod } from "../../../../src/services/ads/reports/periods.ts";
import type { ReportRequestInfo } from "../../../../src/services/ads/reports/reconcile.ts";
import {
  ReportRunner,
  type ReportStatisticsApi,
} from "../../../../src/services/ads/reports/runner.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { waitFor } from "../../../support/wait.ts";
import { RecordingNotifier } from "../support.ts";

const csv = new Uint8Array(
  readFileSync(new URL("../../../fixtures/reports/sku-14275771.csv", import.meta.url)),
);
const info = { service: "performance" as const, method: "POST", path: "/api/client/statistics" };

class ScriptedApi implements ReportStatisticsApi {
  calls: string[] = [];
  submits: Array<() => Promise<string>> = [];
  statuses: Array<() => Promise<{ state: string; error?: string }>> = [];
  downloads: Array<() => Promise<{ format: "csv" | "zip"; bytes: Uint8Array }>> = [];
  #seq = 0;

  async submit(): Promise<string> {
    this.calls.push("submit");
    const next = this.submits.shift();
    return next ? next() : `uuid-${++this.#seq}`;
  }
  async status(uuid: string) {
    this.calls.push(`status:${uuid}`);
    const next = this.statuses.shift();
    return next ? next() : { state: "OK" };
  }
  async download(uuid: string) {
    this.calls.push(`download:${uuid}`);
    const next = this.downloads.shift();
    return next ? next() : { format: "csv" as const, bytes: csv };
  }
  /** Ozon's list of report requests: what `listed` holds (a test fills it). */
  listed: ReportRequestInfo[] = [];
  async list(page: { page: number }) {
    this.calls.push(`list:${page.page}`);
    return page.page === 1 ? this.listed : [];
  }
}

let now: number;
let store: MemoryStore;
let api: ScriptedApi;
let notifier: RecordingNotifier;
let jobs: ReportJobs;
const zone = "Europe/Moscow";
const clock = () => now;

function runner(extra: Partial<ConstructorParameters<typeof ReportRunner>[0]> = {}) {
  return new ReportRunner({
    store,
    statistics: api,
    notifier,
    account: "acc",
    pollSeconds: 5,
    now: clock,
    ...extra,
  });
}

function request(id = "14275771") {
  return {
    requestedBy: { chatId: 1, userId: 2, locale: "ru" },
    campaigns: [{ id, title: "Кружки" }],
    period: presetPeriod("last_7_days", { now, zone }),
    kind: "campaigns" as const,
  };
}

beforeEach(() => {
  now = Date.parse("2026-10-16T10:00:00+03:00");
  store = new MemoryStore({ now: clock });
  api = new ScriptedApi();
  notifier = new RecordingNotifier();
  jobs = new ReportJobs({ store, account: "acc", zone, now: clock });
});
afterEach(async () => {
  await store.close();
});

describe("ReportRunner timing", () => {
  it("polls with intervals growing ×1.5 from REPORT_POLL_SECONDS up to the cap", async () => {
    const r = runner({ pollCapSeconds: 12 });
    const job = await jobs.enqueue(request());
    for (let i = 0; i < 6; i++) api.statuses.push(async () => ({ state: "IN_PROGRESS" }));
    await r.runOnce();
    const waits: number[] = [];
    let last = (await jobs.get(job.id))?.nextPollAt ?? 0;
    waits.push(last - now);
    for (let i = 0; i < 6; i++) {
      now = last;
      await r.runOnce();
      const next = (await jobs.get(job.id))?.nextPollAt ?? 0;
      waits.push(next - now);
      last = next;
    }
    expect(waits).toEqual([5000, 7500, 11250, 12000, 12000, 12000, 12000]);
    // Nothing is polled before it is due.
    const polls = api.calls.filter((c) => c.startsWith("status")).length;
    await r.runOnce();
    expect(api.calls.filter((c) => c.startsWith("status")).length).toBe(polls);
  });
});

describe("ReportRunner's loop", () => {
  /** The memory store, counting listings; `hold` makes the next listing wait after its read. */
  class WatchedStore extends MemoryStore {
    lists = 0;
    hold: Promise<void> | undefined;
    override async list<T>(prefix: string) {
      this.lists++;
      const found = await super.list<T>(prefix);
      const hold = this.hold;
      this.hold = undefined;
      await hold;
      return found;
    }
  }
  /** Moves the clock on at each look, so that jobs come due. */
  const delivered = (id: string) => async () => {
    now += 1_000;
    return (await jobs.get(id))?.state === "delivered";
  };

  it("with no job it looks at the store only every idleSeconds; a job enqueued here wakes it", async () => {
    store = new WatchedStore({ now: clock });
    const watched = store as WatchedStore;
    const r = runner({ store, pollSeconds: 0.01 });
    jobs = new ReportJobs({ store, account: "acc", zone, now: clock, onEnqueued: () => r.wake() });
    r.start();
    await waitFor(() => watched.lists === 1, { message: "the first round" });
    // Idle: not every poll period (10 ms) but once a minute.
    await expect(waitFor(() => watched.lists > 1, { timeoutMs: 300 })).rejects.toThrow(
      /not met within/,
    );
    const job = await jobs.enqueue(request());
    await waitFor(delivered(job.id), { timeoutMs: 2_000, message: "the job delivered" });
    await r.stop();
  });

  it("a wake-up during a round that missed the new job runs another round at once", async () => {
    store = new WatchedStore({ now: clock });
    const watched = store as WatchedStore;
    const r = runner({ store, pollSeconds: 60 });
    jobs = new ReportJobs({ store, account: "acc", zone, now: clock, onEnqueued: () => r.wake() });
    let release: () => void = () => {};
    watched.hold = new Promise((resolve) => (release = resolve));
    r.start();
    await waitFor(() => watched.lists === 1, { message: "the first round's listing" });
    const job = await jobs.enqueue(request()); // after the round read the store
    release();
    await waitFor(async () => (await jobs.get(job.id))?.state === "submitted", {
      timeoutMs: 2_000,
      message: "the job submitted without waiting a poll period",
    });
    await r.stop();
  });

  it("stop() ends a round between two jobs", async () => {
    const r = runner();
    const first = await jobs.enqueue(request());
    await r.runOnce(); // submitted; ready at the next poll
    const second = await jobs.enqueue(request("2"));
    let stopping: Promise<boolean> | undefined;
    const deliver = notifier.deliver.bind(notifier);
    notifier.deliver = async (...args) => {
      await deliver(...args);
      stopping = r.stop(); // SIGTERM while the first file goes out
    };
    now += 5_000;
    await r.runOnce();
    expect(await stopping).toBe(true);
    expect(await jobs.get(first.id)).toMatchObject({ state: "delivered" });
    expect(await jobs.get(second.id)).toMatchObject({ state: "queued" }); // not submitted
  });
});

describe("ReportRunner failures", () => {
  it("retries network failures with backoff and gives up after maxAttempts", async () => {
    const r = runner({ maxAttempts: 3 });
    const job = await jobs.enqueue(request());
    const down = () =>
      Promise.reject(new OzonNetworkError({ ...info, timeout: false, reason: "ECONNREFUSED" }));
    api.submits.push(down, down, down);
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "queued", attempts: 1 });
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "queued", attempts: 2 });
    now += 9999; // backoff doubled to 10 s
    await r.runOnce();
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(2);
    now += 1;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "failed", failure: { code: "gave_up" } });
    expect(notifier.failures()).toHaveLength(1);
  });

  it("fails at once, with Ozon's words, when Ozon refuses the request (400)", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    api.submits.push(() =>
      Promise.reject(new OzonApiError({ ...info, status: 400, message: "campaign not found" })),
    );
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({
      state: "failed",
      error: "campaign not found",
      failure: { code: "rejected", message: "campaign not found" },
      failureNotified: true,
    });
  });

  it("waits out a method Ozon blocked for a while (400 Circle is open) instead of failing", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    await r.runOnce();
    api.statuses.push(() =>
      Promise.reject(
        new OzonApiError({ ...info, status: 400, code: 9, message: "Circle is open" }),
      ),
    );
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", attempts: 1 });
    expect(notifier.failures()).toHaveLength(0);
    now += 5000;
    await r.runOnce();
    expect(notifier.deliveries()).toHaveLength(1);
  });

  it("resubmits when Ozon no longer knows the uuid (404 report not found)", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    await r.runOnce();
    api.statuses.push(() =>
      Promise.reject(new OzonApiError({ ...info, status: 404, message: "report not found" })),
    );
    now += 5000;
    await r.runOnce(); // 404 → back in the queue → submitted again in the same round
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", uuid: "uuid-2" });
    now += 5000;
    await r.runOnce();
    expect(notifier.deliveries()).toHaveLength(1);
  });

  it("keeps the file until Telegram takes it, and delivers it once", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    notifier.failDeliveries = 2;
    await r.runOnce();
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "ready", attempts: 1 });
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "ready", attempts: 2 });
    now += 10_000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "delivered" });
    expect(notifier.deliveries()).toHaveLength(1);
    // Downloaded each time it was tried, submitted once.
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(1);
    expect(api.calls.filter((c) => c.startsWith("download"))).toHaveLength(3);
    now += 60_000;
    await r.runOnce();
    expect(notifier.deliveries()).toHaveLength(1);
  });

  it("does not count a delivery refused because the bot is stopping as a failed try", async () => {
    const r = runner({ maxAttempts: 2 });
    const job = await jobs.enqueue(request());
    const deliver = notifier.deliver.bind(notifier);
    let stopping = 3;
    notifier.deliver = async (...args) => {
      if (stopping-- > 0) throw new SenderClosedError();
      return deliver(...args);
    };
    for (let round = 0; round < 6; round++) {
      await r.runOnce();
      now += 5000;
    }
    // Three stops in a row spent none of the two tries: the file still went out, once.
    expect(await jobs.get(job.id)).toMatchObject({ state: "delivered" });
    expect(notifier.failures()).toEqual([]);
    expect(notifier.deliveries()).toHaveLength(1);
  });

  it("delivers the file without a summary when the file cannot be read", async () => {
    const r = runner();
    await jobs.enqueue(request());
    api.downloads.push(async () => ({ format: "csv", bytes: new TextEncoder().encode("garbage") }));
    await r.runOnce();
    now += 5000;
    await r.runOnce();
    expect(notifier.deliveries()).toHaveLength(1);
    expect(notifier.deliveries()[0]?.summary).toBeNull();
  });

  it("honours Retry-After on a busy answer and does not count it as a failure", async () => {
    const r = runner({ maxAttempts: 2 });
    const job = await jobs.enqueue(request());
    const busy = () =>
      Promise.reject(
        new OzonRateLimitError({ ...info, status: 429, message: "limit", retryAfterMs: 30_000 }),
      );
    api.submits.push(busy, busy, busy);
    for (let i = 0; i < 3; i++) {
      await r.runOnce();
      expect(await jobs.get(job.id)).toMatchObject({ state: "queued", busy: true, attempts: 0 });
      now += 29_999;
      await r.runOnce();
      now += 1;
    }
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(3);
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", busy: false });
    expect(notifier.progressOf(job.id)).toEqual(["queued:1:busy", "submitted"]);
  });
});

describe("ReportRunner when a submit's answer is lost", () => {
  const lost = () =>
    Promise.reject(new OzonNetworkError({ ...info, timeout: true, reason: "timed out" }));
  /** How Ozon lists the request the lost submit made. */
  const atOzon = (job: ReportJob, extra: Partial<ReportRequestInfo> = {}): ReportRequestInfo => ({
    uuid: "uuid-at-ozon",
    state: "IN_PROGRESS",
    createdAt: now,
    kind: "campaigns",
    campaigns: job.campaigns.map((c) => c.id),
    dateFrom: job.period.from,
    dateTo: job.period.to,
    ...extra,
  });

  it("finds the request in Ozon's list and takes it over instead of submitting again", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    api.submits.push(lost);
    await r.runOnce();
    const saved = await jobs.get(job.id);
    expect(saved).toMatchObject({ state: "queued", attempts: 1, submitIntentAt: now });
    api.listed = [atOzon(job, { createdAt: now + 20 })];
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", uuid: "uuid-at-ozon" });
    expect((await jobs.get(job.id))?.submitIntentAt).toBeUndefined();
    expect(api.calls).toEqual(["submit", "list:1"]);
    now += 5000;
    await r.runOnce();
    expect(notifier.deliveries()).toHaveLength(1);
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(1);
  });

  it("takes only a request that matches: same kind, campaigns and period, made after the intent", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    const other = await jobs.enqueue(request("14275772"));
    await store.set(`report-job:${other.id}`, { ...other, state: "delivered", uuid: "theirs" });
    api.submits.push(lost);
    await r.runOnce();
    api.listed = [
      atOzon(job, { uuid: "other-campaigns", campaigns: ["14275772"] }),
      atOzon(job, { uuid: "other-period", dateFrom: "2026-01-01" }),
      atOzon(job, { uuid: "other-kind", kind: "phrases" }),
      atOzon(job, { uuid: "before-the-intent", createdAt: now - 6 * 60 * 1000 }),
      atOzon(job, { uuid: "theirs" }),
    ];
    now += 5000;
    await r.runOnce();
    // Nothing of it was this job's: submitted again, as usual.
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", uuid: "uuid-1" });
    expect(api.calls).toEqual(["submit", "list:1", "submit"]);
  });

  it("submits nothing while Ozon's list cannot be read, and counts it as a failed try", async () => {
    const r = runner();
    const job = await jobs.enqueue(request());
    api.submits.push(lost);
    await r.runOnce();
    api.list = async () => lost();
    now += 5000;
    await r.runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "queued", attempts: 2 });
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(1);
  });

  it("at start, resumes a job whose submit reached Ozon before the crash, in the first round", async () => {
    const job = await jobs.enqueue(request());
    // What the crashed process left: the intent saved, the uuid never.
    await store.set(`report-job:${job.id}`, { ...job, submitIntentAt: now - 1000 });
    api.listed = [atOzon(job, { createdAt: now - 900 })];
    const round = await runner().runOnce();
    expect(round).toMatchObject({ leader: true, submitted: 0 });
    expect(await jobs.get(job.id)).toMatchObject({ state: "submitted", uuid: "uuid-at-ozon" });
    expect(api.calls).toEqual(["list:1"]);
  });
});

describe("ReportRunner on a shared store", () => {
  it("lets one runner per account work; the other takes over when the lease lapses", async () => {
    const a = runner({ leaseTtlMs: 10_000 });
    const b = runner({ leaseTtlMs: 10_000 });
    const job = await jobs.enqueue(request());
    expect((await a.runOnce()).leader).toBe(true);
    expect((await b.runOnce()).leader).toBe(false);
    now += 10_000; // a "crashed": its lease runs out
    const round = await b.runOnce();
    expect(round).toMatchObject({ leader: true, polled: 1, delivered: 1 });
    expect(await jobs.get(job.id)).toMatchObject({ state: "delivered", uuid: "uuid-1" });
    expect(api.calls.filter((c) => c === "submit")).toHaveLength(1);
  });

  it("stop() hands the lease over at once", async () => {
    const a = runner();
    const b = runner();
    await jobs.enqueue(request());
    expect((await a.runOnce()).leader).toBe(true);
    await a.stop();
    expect((await b.runOnce()).leader).toBe(true);
  });

  it("serves only its own account's queue", async () => {
    const other = new ReportJobs({ store, account: "other", zone, now: clock });
    const job = await other.enqueue(request());
    await runner().runOnce();
    expect(await jobs.get(job.id)).toMatchObject({ state: "queued" });
    expect(api.calls).toEqual([]);
  });
});
