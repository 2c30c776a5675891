/**
 * A report Ozon never finishes must not hold the account's only slot for ever: after a long
 * wait the job is given up, the person is told, and the next report in the queue goes ahead.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OzonRateLimitError } from "../../../../src/ozon/errors.ts";
import { ReportJobs } from "../../../../src/services/ads/reports/jobs.ts";
import { presetPeriod } from "../../../../src/services/ads/reports/periods.ts";
import {
  ReportRunner,
  type ReportStatisticsApi,
} from "../../../../src/services/ads/reports/runner.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { RecordingNotifier } from "../support.ts";

class NeverReady implements ReportStatisticsApi {
  submitted: string[] = [];
  async submit(request: { campaigns: string[] }): Promise<string> {
    const uuid = `uuid-${request.campaigns[0]}`;
    this.submitted.push(uuid);
    return uuid;
  }
  async status() {
    return { state: "IN_PROGRESS" };
  }
  async download(): Promise<{ format: "csv"; bytes: Uint8Array }> {
    throw new Error("not ready");
  }
  async list() {
    return [];
  }
}

const zone = "Europe/Moscow";
let now: number;
let store: MemoryStore;

beforeEach(() => {
  now = Date.parse("2026-10-16T10:00:00+03:00");
  store = new MemoryStore({ now: () => now });
});
afterEach(async () => {
  await store.close();
});

function request(id: string) {
  return {
    requestedBy: { chatId: 1, userId: 2, locale: "ru" },
    campaigns: [{ id, title: `Кампания ${id}` }],
    period: presetPeriod("last_7_days", { now, zone }),
    kind: "campaigns" as const,
  };
}

describe("a report Ozon never finishes", () => {
  it("is given up after the deadline and the next one in the queue is submitted", async () => {
    const api = new NeverReady();
    const notifier = new RecordingNotifier();
    const jobs = new ReportJobs({ store, account: "acc", zone, now: () => now });
    const runner = new ReportRunner({
      store,
      statistics: api,
      notifier,
      account: "acc",
      pollSeconds: 5,
      pollCapSeconds: 60,
      now: () => now,
    });
    const first = await jobs.enqueue(request("1"));
    const second = await jobs.enqueue(request("2"));
    await runner.runOnce();
    expect(api.submitted).toEqual(["uuid-1"]);

    // A day of Ozon saying "in progress", polled every minute at most.
    for (let i = 0; i < 24 * 60 && api.submitted.length < 2; i++) {
      now += 60_000;
      await runner.runOnce();
    }
    expect(await jobs.get(first.id)).toMatchObject({ state: "failed", failureNotified: true });
    expect(notifier.failures().map((e) => [e.jobId, e.failure?.code])).toEqual([
      [first.id, "gave_up"],
    ]);
    expect(api.submitted).toEqual(["uuid-1", "uuid-2"]);
    expect((await jobs.get(second.id))?.state).toBe("submitted");
  });

  it('a job Ozon answers "busy" for a whole day is given up and the person told', async () => {
    const api = new NeverReady();
    api.submit = async () => {
      throw new OzonRateLimitError({
        service: "performance",
        method: "POST",
        path: "/api/client/statistics",
        status: 429,
        code: undefined,
        message: "limit of active requests",
      });
    };
    const notifier = new RecordingNotifier();
    const jobs = new ReportJobs({ store, account: "acc", zone, now: () => now });
    const runner = new ReportRunner({
      store,
      statistics: api,
      notifier,
      account: "acc",
      pollSeconds: 5,
      pollCapSeconds: 60,
      now: () => now,
    });
    const job = await jobs.enqueue(request("1"));
    await runner.runOnce();
    expect((await jobs.get(job.id))?.state).toBe("queued");
    for (let i = 0; i < 24 * 60 && notifier.failures().length === 0; i++) {
      now += 60_000;
      await runner.runOnce();
    }
    expect(await jobs.get(job.id)).toMatchObject({ state: "failed", failureNotified: true });
    expect(notifier.failures().map((e) => e.failure?.code)).toEqual(["gave_up"]);
  });
});
