import { describe, expect, it } from "vitest";
import {
  chartFonts,
  ReportChartEmptyError,
  readReportTable,
  renderReportChart,
  renderReportChartSvg,
  reportChartData,
} from "../../../../src/services/ads/reports/index.ts";
import { captureLogger } from "../../../bot/harness.ts";
import { campaignCsv, campaignsZip, days, pngSize } from "./support.ts";

const LABELS = {
  title: "Расход и заказы по дням",
  spend: "Расход, ₽",
  orders: "Заказы",
  clicks: "Клики",
  others: "Остальные",
};

describe("the report's chart data", () => {
  it("one campaign: spend and orders by day, in the file's order of dates", () => {
    const dates = days("2026-10-01", 3);
    const csv = campaignCsv("14275771", dates, (d) => ({
      spend: [1152.19, 987.4, 2000][d] ?? 0,
      orders: [2, 0, 5][d] ?? 0,
      clicks: 10,
    }));
    const data = reportChartData(readReportTable({ format: "csv", bytes: csv }), {
      labels: LABELS,
      titles: { "14275771": "Кроссовки" },
    });
    expect(data.dates).toEqual(dates);
    expect(data.spend).toEqual([{ name: "Кроссовки", values: [1152.19, 987.4, 2000] }]);
    expect(data.line).toEqual({ metric: "orders", values: [2, 0, 5] });
  });

  it("many campaigns: the top five by spend on their own, the rest summed up as others", () => {
    const dates = days("2026-09-01", 4);
    // Campaign c spends (c + 1) × 100 a day: 1010 spends most, 1001 least.
    const zip = campaignsZip(10, dates, (c, d) => ({ spend: (c + 1) * 100, orders: d, clicks: 1 }));
    const data = reportChartData(readReportTable({ format: "zip", bytes: zip }), {
      labels: LABELS,
    });
    expect(data.spend.map((s) => s.name)).toEqual([
      "№ 1010",
      "№ 1009",
      "№ 1008",
      "№ 1007",
      "№ 1006",
      "Остальные (5)",
    ]);
    // Others: 100 + 200 + 300 + 400 + 500 a day.
    expect(data.spend.at(-1)?.values).toEqual([1500, 1500, 1500, 1500]);
    expect(data.spend[0]?.values).toEqual([1000, 1000, 1000, 1000]);
    // Orders of all ten campaigns by day.
    expect(data.line?.values).toEqual([0, 10, 20, 30]);
  });

  it("a banner report without orders draws clicks; a report without dates has no chart", () => {
    const banner = new TextEncoder().encode(
      [
        ";Баннерная кампания № 5, период 01.10.2026-02.10.2026",
        "Дата;Показы;Клики;Расход, ₽, с НДС",
        "01.10.2026;1000;12;100,00",
        "02.10.2026;2000;30;250,50",
        "Всего;3000;42;350,50",
      ].join("\n"),
    );
    const data = reportChartData(readReportTable({ format: "csv", bytes: banner }), {
      labels: LABELS,
    });
    expect(data.line).toEqual({ metric: "clicks", values: [12, 30] });
    const phrases = new TextEncoder().encode(
      [";Фразы № 5", "Фраза;sku;Показы;Расход, ₽", "кружка;123;10;5,00", "Всего;;10;5,00"].join(
        "\n",
      ),
    );
    expect(() =>
      reportChartData(readReportTable({ format: "csv", bytes: phrases }), { labels: LABELS }),
    ).toThrow(ReportChartEmptyError);
  });
});

describe("the report's chart picture", () => {
  const dates = days("2026-09-01", 62);
  const zip = campaignsZip(10, dates, (c, d) => ({
    spend: 1000 + c * 250 + (d % 7) * 90,
    orders: (c + d) % 6,
    clicks: 40,
  }));
  const table = readReportTable({ format: "zip", bytes: zip });

  it("is a PNG of 1280×960 and a size that means it was drawn (62 days, 10 campaigns)", async () => {
    const png = await renderReportChart(table, { locale: "ru", labels: LABELS });
    expect(pngSize(png)).toEqual({ width: 1280, height: 960 });
    expect(png.length).toBeGreaterThan(30_000);
    expect(png.length).toBeLessThan(2_000_000);
  });

  it("says its numbers the person's way: dates as DD.MM, roubles with thousands separators", async () => {
    const data = reportChartData(table, { labels: LABELS });
    const ru = await renderReportChartSvg(data, { locale: "ru", labels: LABELS });
    expect(ru).toContain("01.09");
    expect(ru).toContain("Расход и заказы по дням");
    expect(ru).toContain("Остальные (5)");
    expect(ru).toMatch(/\d{1,3}\u00a0000 ₽/); // "25 000 ₽": no-break space between thousands
    const enLabels = { ...LABELS, title: "Spend and orders by day", others: "Others" };
    const en = await renderReportChartSvg(reportChartData(table, { labels: enLabels }), {
      locale: "en",
      labels: enLabels,
    });
    expect(en).toMatch(/RUB \d{1,3},000/);
    expect(en).toContain("1 Sep");
    expect(en).not.toMatch(/\d\u00a0000 ₽/);
    expect(en).toContain("Others (5)");
  });

  it("draws the data it is given: other numbers, another picture", async () => {
    const one = (spend: number) =>
      readReportTable({
        format: "csv",
        bytes: campaignCsv("1", days("2026-10-01", 5), () => ({ spend, orders: 1, clicks: 1 })),
      });
    const a = await renderReportChart(one(100), { locale: "ru", labels: LABELS });
    const b = await renderReportChart(one(100), { locale: "ru", labels: LABELS });
    const c = await renderReportChart(one(90_000), { locale: "ru", labels: LABELS });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it("finds DejaVu Sans by path; a missing font is said once in the log and the chart still drawn", async () => {
    const found = chartFonts();
    expect(found.found).toBe(true);
    expect(found.files[0]).toMatch(/DejaVuSans\.ttf$/);
    const { logger, logs } = captureLogger();
    const missing = chartFonts({ REPORT_CHART_FONT: "/nonexistent/font.ttf" }, logger);
    expect(missing).toMatchObject({ found: false, files: [] });
    expect(logs.some((l) => String(l.msg).includes("no font file found"))).toBe(true);
    const png = await renderReportChart(table, { locale: "ru", labels: LABELS, fonts: missing });
    expect(pngSize(png).width).toBe(1280);
  });
});
