import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { type Answer, getToken, perf } from "./helpers.ts";

let sb: Sandbox;
let token: string;
beforeAll(async () => {
  // Several jobs at once here; the one-job limit is tested on its own sandbox below.
  sb = await startSandbox({ seed: 33, reportStepMs: 40, maxConcurrentReports: 50 });
  token = await getToken(sb);
});
afterAll(() => sb.close());

const campaignOf = (type: string) => {
  const c = sb.control.campaigns().find((x) => x.advObjectType === type);
  if (!c) throw new Error(`no ${type} campaign`);
  return c;
};
const submit = (body: unknown, path = "/api/client/statistics", on = sb, t = token) =>
  perf(on, "POST", path, { token: t, body });
const status = (uuid: string, on = sb, t = token) =>
  perf(on, "GET", `/api/client/statistics/${uuid}`, { token: t });
const finished = (uuid: string, on = sb, t = token) =>
  waitFor(
    async () => {
      const res = await status(uuid, on, t);
      return res.json.state === "OK" || res.json.state === "ERROR" ? res : undefined;
    },
    { message: `report ${uuid}` },
  );
const download = (uuid: string) =>
  perf(sb, "GET", `/api/client/statistics/report?UUID=${uuid}`, { token });
const csvLines = (res: Answer) => {
  expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return res.text.replace(/^\uFEFF/, "").split("\n");
};
const numberOf = (cell: string) => Number(cell.replace(",", "."));

describe("report lifecycle", () => {
  it("goes NOT_STARTED → IN_PROGRESS → OK and serves the CSV in Ozon's format", async () => {
    const steps = await startSandbox({ seed: 33, reportStepMs: 200 });
    const t = await getToken(steps);
    const sku = steps.control.campaigns().find((c) => c.advObjectType === "SKU");
    if (!sku) throw new Error("no SKU campaign");
    let file: Answer;
    try {
      const submitted = await submit(
        { campaigns: [sku.id], dateFrom: "2026-04-17", dateTo: "2026-04-23", groupBy: "DATE" },
        undefined,
        steps,
        t,
      );
      expect(submitted.status).toBe(200);
      const uuid = submitted.json.UUID as string;
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

      const states: string[] = [];
      const done = await waitFor(
        async () => {
          const res = await status(uuid, steps, t);
          if (states.at(-1) !== res.json.state) states.push(res.json.state);
          return res.json.state === "OK" ? res : undefined;
        },
        { message: "report OK" },
      );
      expect(states).toEqual(["NOT_STARTED", "IN_PROGRESS", "OK"]);
      expect(done.json).toMatchObject({
        uuid,
        state: "OK",
        error: "",
        link: `/api/client/statistics/report?UUID=${uuid}`,
        request: {
          campaigns: [sku.id],
          dateFrom: "2026-04-17",
          dateTo: "2026-04-23",
          groupBy: "DATE",
        },
      });
      expect(Date.parse(done.json.updatedAt)).toBeGreaterThan(Date.parse(done.json.createdAt));
      file = await perf(steps, "GET", done.json.link, { token: t });
    } finally {
      await steps.close();
    }
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csvLines(file);
    expect(lines[0]).toBe(
      `;Кампания по продвижению товаров № ${sku.id}, период 17.04.2026-23.04.2026`,
    );
    const header = (lines[1] ?? "").split(";");
    expect(header).toEqual(
      expect.arrayContaining([
        "Дата",
        "Показы",
        "Клики",
        "CTR (%)",
        "Расход, ₽, с НДС",
        "Заказы",
        "Выручка, ₽",
      ]),
    );
    const rows = lines.slice(2).filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l));
    expect(rows).toHaveLength(7);
    expect(rows[0]?.startsWith("17.04.2026;")).toBe(true);
    const last = lines.at(-1) ?? "";
    expect(last.startsWith("Всего;")).toBe(true);
    const shows = header.indexOf("Показы");
    const total = rows.reduce((n, row) => n + numberOf(row.split(";")[shows] ?? "0"), 0);
    expect(numberOf(last.split(";")[shows] ?? "")).toBe(total);
    expect(rows[0]).toMatch(/;\d+,\d{2};/); // decimal comma
  });

  it("groups by week and month, and per object without groupBy; columns vary by type", async () => {
    const sku = campaignOf("SKU");
    const run = async (groupBy?: string, campaign = sku.id) => {
      const res = await submit({
        campaigns: [campaign],
        dateFrom: "2026-03-01",
        dateTo: "2026-04-15",
        groupBy,
      });
      const uuid = res.json.UUID as string;
      await finished(uuid);
      return csvLines(await download(uuid));
    };
    const weeks = await run("START_OF_WEEK");
    // 1 March 2026 is a Sunday: weeks start on 23.02, 02.03, ... 13.04.
    expect(weeks.filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l))).toHaveLength(8);
    expect(weeks[2]?.startsWith("23.02.2026;")).toBe(true); // the Monday of 1 March 2026's week
    const months = await run("START_OF_MONTH");
    expect(
      months.filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l)).map((l) => l.slice(0, 10)),
    ).toEqual(["01.03.2026", "01.04.2026"]);
    const perObject = await run(undefined);
    expect(perObject[1]?.startsWith("sku;Название товара;")).toBe(true);
    expect(perObject.slice(2, -1).filter((l) => !l.startsWith("Корректировка"))).toHaveLength(
      sku.objects.length,
    );
    const banner = await run("DATE", campaignOf("BANNER").id);
    expect(banner[0]).toMatch(/^;Баннерная кампания №/);
    expect(banner[1]?.split(";")).toContain("Охват");
    expect(banner[1]?.split(";")).not.toContain("Заказы");
  });

  it("a Корректировка line may precede Всего", async () => {
    const res = await submit({
      campaigns: [sb.control.campaigns()[0]?.id],
      dateFrom: "2026-04-01",
      dateTo: "2026-04-02",
    });
    await finished(res.json.UUID);
    const lines = csvLines(await download(res.json.UUID));
    expect(lines.at(-2)?.startsWith("Корректировка;")).toBe(true);
    expect(lines.at(-1)?.startsWith("Всего;")).toBe(true);
  });

  it("several campaigns give a ZIP of <campaignId>.csv files", async () => {
    const ids = sb.control
      .campaigns()
      .slice(0, 3)
      .map((c) => c.id);
    const res = await submit({
      campaigns: ids,
      dateFrom: "2026-04-01",
      dateTo: "2026-04-03",
      groupBy: "DATE",
    });
    await finished(res.json.UUID);
    const file = await download(res.json.UUID);
    expect(file.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(file.bytes);
    expect(Object.keys(entries).sort()).toEqual(ids.map((id) => `${id}.csv`).sort());
    for (const id of ids) {
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(entries[`${id}.csv`]);
      expect(text.startsWith("\uFEFF;")).toBe(true);
      expect(text.split("\n")[0]).toContain(`№ ${id},`);
      expect(text.split("\n").at(-1)?.startsWith("Всего;")).toBe(true);
    }
  });

  it("phrases and attribution reports", async () => {
    const sku = campaignOf("SKU");
    const phrases = await submit(
      {
        campaigns: [sku.id],
        dateFrom: "2026-04-01",
        dateTo: "2026-04-05",
        objects: [sku.objects[0]],
      },
      "/api/client/statistics/phrases",
    );
    expect(phrases.status).toBe(200);
    expect((await finished(phrases.json.UUID)).json.kind).toBe("SEARCH_PHRASES");
    const phraseLines = csvLines(await download(phrases.json.UUID));
    expect(phraseLines[1]?.startsWith("Фраза;sku;")).toBe(true);
    const noObjects = await submit(
      { campaigns: [sku.id], dateFrom: "2026-04-01", dateTo: "2026-04-05" },
      "/api/client/statistics/phrases",
    );
    expect(noObjects.status).toBe(400);

    const attribution = await submit(
      {
        campaigns: [sku.id],
        dateFrom: "2026-04-01T00:00:00Z",
        dateTo: "2026-04-05T00:00:00Z",
        attributionDays: "14",
        groupBy: "DATE",
      },
      "/api/client/statistics/attribution",
    );
    expect(attribution.status).toBe(200);
    expect((await finished(attribution.json.UUID)).json.kind).toBe("ATTRIBUTION");
    const lines = csvLines(await download(attribution.json.UUID));
    expect(lines[0]).toContain("14 дн.");
    expect(lines[0]).toContain("период 01.04.2026-05.04.2026");
  });

  it("failNextReport ends a job in ERROR with the text; download is refused", async () => {
    sb.control.failNextReport("next", "Внутренняя ошибка генерации");
    const res = await submit({
      campaigns: [campaignOf("SKU").id],
      dateFrom: "2026-04-01",
      dateTo: "2026-04-01",
    });
    const done = await finished(res.json.UUID);
    expect(done.json).toMatchObject({
      state: "ERROR",
      error: "Внутренняя ошибка генерации",
      link: "",
    });
    expect((await download(res.json.UUID)).status).toBe(400);

    const other = await submit({
      campaigns: [campaignOf("SKU").id],
      dateFrom: "2026-04-01",
      dateTo: "2026-04-01",
    });
    sb.control.failNextReport(other.json.UUID, "boom");
    expect((await finished(other.json.UUID)).json.state).toBe("ERROR");
  });

  it("refuses a download before the report is ready", async () => {
    const slow = await startSandbox({ reportStepMs: 60_000 });
    try {
      const t = await getToken(slow);
      const id = slow.control.campaigns()[0]?.id;
      const res = await submit(
        { campaigns: [id], dateFrom: "2026-04-01", dateTo: "2026-04-01" },
        undefined,
        slow,
        t,
      );
      expect((await status(res.json.UUID, slow, t)).json.state).toBe("NOT_STARTED");
      const early = await perf(slow, "GET", `/api/client/statistics/report?UUID=${res.json.UUID}`, {
        token: t,
      });
      expect(early.status).toBe(400);
      expect(early.json.error).toMatch(/not ready/);
    } finally {
      await slow.close();
    }
  });
});

describe("report limits", () => {
  const sku = () => campaignOf("SKU").id;

  it("unknown reports are 404 {error: report not found}", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const st = await status(unknown);
    expect(st.status).toBe(404);
    expect(st.json).toEqual({ error: "report not found" });
    const dl = await download(unknown);
    expect(dl.status).toBe(404);
    expect(dl.json).toEqual({ error: "report not found" });
  });

  it("at most 10 campaigns per report", async () => {
    const ids = Array.from({ length: 11 }, () => sku());
    const res = await submit({ campaigns: ids, dateFrom: "2026-04-01", dateTo: "2026-04-02" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/10/);
  });

  it("a period of at most 62 days (configurable)", async () => {
    const ok = await submit({ campaigns: [sku()], dateFrom: "2026-01-01", dateTo: "2026-03-03" });
    expect(ok.status).toBe(200);
    const tooLong = await submit({
      campaigns: [sku()],
      dateFrom: "2026-01-01",
      dateTo: "2026-03-04",
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error).toMatch(/62 days/);
    const yearly = await startSandbox({ maxReportPeriodDays: 365 });
    try {
      const t = await getToken(yearly);
      const id = yearly.control.campaigns()[0]?.id;
      const res = await submit(
        { campaigns: [id], dateFrom: "2026-01-01", dateTo: "2026-06-30" },
        undefined,
        yearly,
        t,
      );
      expect(res.status).toBe(200);
    } finally {
      await yearly.close();
    }
  });

  it("refuses unknown campaigns, missing or reversed dates and a bad groupBy", async () => {
    expect(
      (await submit({ campaigns: ["1"], dateFrom: "2026-04-01", dateTo: "2026-04-02" })).status,
    ).toBe(400);
    expect((await submit({ campaigns: [sku()] })).status).toBe(400);
    expect(
      (await submit({ campaigns: [sku()], dateFrom: "2026-04-05", dateTo: "2026-04-01" })).status,
    ).toBe(400);
    expect(
      (await submit({ campaigns: [], dateFrom: "2026-04-01", dateTo: "2026-04-02" })).status,
    ).toBe(400);
    expect(
      (
        await submit({
          campaigns: [sku()],
          dateFrom: "2026-04-01",
          dateTo: "2026-04-02",
          groupBy: "HOUR",
        })
      ).status,
    ).toBe(400);
  });

  it("one active job per account by default: a second answers 429 until the first is done", async () => {
    const single = await startSandbox({ reportStepMs: 80 });
    try {
      const t = await getToken(single);
      const id = single.control.campaigns()[0]?.id;
      const body = { campaigns: [id], dateFrom: "2026-04-01", dateTo: "2026-04-02" };
      const first = await submit(body, undefined, single, t);
      expect(first.status).toBe(200);
      const second = await submit(body, undefined, single, t);
      expect(second.status).toBe(429);
      expect(second.json).toEqual({ error: "limit of active requests" });
      await finished(first.json.UUID, single, t);
      expect((await submit(body, undefined, single, t)).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});

describe("daily rows and report files", () => {
  it("give the same spend per campaign and day, banners included; a planned campaign spent nothing", async () => {
    const isoDay = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [isoDay(2), isoDay(1)];
    const planned = sb.control.campaigns().find((c) => c.state === "CAMPAIGN_STATE_PLANNED");
    if (!planned) throw new Error("no planned campaign");
    for (const campaign of [campaignOf("SKU"), campaignOf("BANNER"), planned]) {
      const submitted = await submit({
        campaigns: [campaign.id],
        dateFrom: from,
        dateTo: to,
        groupBy: "DATE",
      });
      const uuid = submitted.json.UUID as string;
      expect((await finished(uuid)).json.state).toBe("OK");
      const lines = csvLines(await download(uuid));
      const spendAt = (lines[1] ?? "").split(";").findIndex((h) => h.startsWith("Расход"));
      const fromReport = lines
        .filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l))
        .map((l) => (l.split(";")[spendAt] ?? "").replace(",", "."));

      const daily = await perf(
        sb,
        "GET",
        `/api/client/statistics/daily/json?dateFrom=${from}&dateTo=${to}&campaignIds=${campaign.id}`,
        { token },
      );
      const rows = daily.json.rows as { id: string; date: string; moneySpent: string }[];
      expect(rows.map((r) => [r.id, r.date])).toEqual([
        [campaign.id, from],
        [campaign.id, to],
      ]);
      expect(rows.map((r) => r.moneySpent)).toEqual(fromReport);
      if (campaign === planned) expect(fromReport).toEqual(["0.00", "0.00"]);
      else expect(fromReport.every((spend) => Number(spend) > 0)).toBe(true);
    }
  });
});
