/** The job record's `format` and the kept report: what /schedule relies on. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { presetPeriod, ReportJobs } from "../../../../src/services/ads/index.ts";
import {
  MAX_KEPT_TABLE_CHARS,
  REPORT_TABLE_TTL_MS,
  ReportTableStore,
  readReportTable,
} from "../../../../src/services/ads/reports/index.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { campaignCsv, days } from "./support.ts";

const zone = "Europe/Moscow";
let now = 0;
let store: MemoryStore;
beforeEach(() => {
  now = Date.parse("2026-10-16T10:00:00+03:00");
  store = new MemoryStore({ now: () => now });
});
afterEach(() => store.close());

const request = () => ({
  requestedBy: { chatId: 1, userId: 2, locale: "ru" },
  campaigns: [{ id: "14275771", title: "Кружки" }],
  period: presetPeriod("last_7_days", { now, zone }),
  kind: "campaigns" as const,
});

describe("a report job's format", () => {
  it("is kept when xlsx, absent for csv (as jobs stored before it existed), refused when unknown", async () => {
    const jobs = new ReportJobs({ store, account: "acc", zone, now: () => now });
    const xlsx = await jobs.enqueue({ ...request(), format: "xlsx" });
    const csv = await jobs.enqueue({ ...request(), format: "csv" });
    const plain = await jobs.enqueue(request());
    expect((await jobs.get(xlsx.id))?.format).toBe("xlsx");
    expect((await jobs.get(csv.id))?.format).toBeUndefined();
    expect((await jobs.get(plain.id))?.format).toBeUndefined();
    expect(jobs.check({ ...request(), format: "pdf" as "csv" })).toEqual({ code: "bad_format" });
  });

  it("a delivered job may be ordered again once, by its owner, with its format kept", async () => {
    const jobs = new ReportJobs({ store, account: "acc", zone, now: () => now });
    const job = await jobs.enqueue({ ...request(), format: "xlsx" });
    expect(await jobs.claimReorder(job.id, 2)).toEqual({ ok: false, reason: "gone" }); // not delivered
    await jobs.repository.save({ ...job, state: "delivered" });
    expect(await jobs.claimReorder(job.id, 3)).toEqual({ ok: false, reason: "not_yours" });
    const claim = await jobs.claimReorder(job.id, 2);
    expect(claim.ok && claim.request.format).toBe("xlsx");
    expect(await jobs.claimReorder(job.id, 2)).toEqual({ ok: false, reason: "retried" });
  });
});

describe("the report kept for the XLSX button", () => {
  it("is kept three days with its owner and file name, and not at all when too large", async () => {
    const tables = new ReportTableStore(store);
    const table = readReportTable({
      format: "csv",
      bytes: campaignCsv("1", days("2026-10-01", 7), () => ({ spend: 1, orders: 1, clicks: 1 })),
    });
    expect(await tables.keep("j1", { owner: 2, name: "r.csv" }, table, now)).toBe(true);
    expect(await tables.get("j1")).toMatchObject({ owner: 2, name: "r.csv", table });
    now += REPORT_TABLE_TTL_MS + 1;
    expect(await tables.get("j1")).toBeUndefined();

    const huge = { sheets: [{ ...table.sheets[0], title: "x".repeat(MAX_KEPT_TABLE_CHARS) }] };
    expect(await tables.keep("j2", { owner: 2, name: "r.csv" }, huge as typeof table)).toBe(false);
    expect(await tables.get("j2")).toBeUndefined();
  });
});
