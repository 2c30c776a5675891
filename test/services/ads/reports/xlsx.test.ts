import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  buildReportXlsx,
  type ReportTable,
  ReportXlsxTooLargeError,
  readReportTable,
} from "../../../../src/services/ads/reports/index.ts";
import { campaignCsv, campaignsZip, days } from "./support.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../fixtures/reports/${name}`, import.meta.url)));

async function readBack(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe("the report read as typed sheets", () => {
  it("types columns by their content: dates, counts, money, text ids, and keeps Всего", () => {
    const table = readReportTable({
      format: "csv",
      bytes: fixture("sku-14275771.csv"),
      name: "14275771.csv",
    });
    const [sheet] = table.sheets;
    expect(sheet?.campaignId).toBe("14275771");
    expect(sheet?.period).toEqual({ from: "2026-10-01", to: "2026-10-03" });
    const types = Object.fromEntries(sheet?.columns.map((c) => [c.name, c.type]) ?? []);
    expect(types).toMatchObject({
      Дата: "date",
      sku: "text",
      "Название товара": "text",
      "Цена товара, ₽": "money",
      Показы: "count",
      "CTR (%)": "decimal",
      "Расход, ₽, с НДС": "money",
      Заказы: "count",
      "Дата добавления": "date",
    });
    expect(sheet?.rows[1]?.slice(0, 7)).toEqual([
      "2026-10-02",
      "1427577101",
      'Кружка "Утро; кофе" керамическая',
      590,
      1204,
      27,
      2.24,
    ]);
    expect(sheet?.total?.slice(0, 6)).toEqual(["Всего", null, null, null, 3704, 84]);
  });
});

describe("the report as XLSX, read back", () => {
  it("one sheet per campaign, header frozen, dates as dates, numbers as numbers, the file's totals", async () => {
    const dates = days("2026-09-01", 62);
    const zip = campaignsZip(3, dates, (c, d) => ({ spend: 1000.5 + c, orders: d % 3, clicks: 7 }));
    const table = readReportTable({ format: "zip", bytes: zip });
    const bytes = await buildReportXlsx(table, {
      labels: { total: "Всего" },
      titles: { "1002": "Кроссовки: лето/осень" },
    });
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // a ZIP container
    const book = await readBack(bytes);
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      "1001",
      "1002 Кроссовки  лето осень",
      "1003",
    ]);
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(rowValues(ws, 1)).toEqual([
      "Дата",
      "Показы",
      "Клики",
      "CTR (%)",
      "Расход, ₽, с НДС",
      "Заказы",
      "Выручка, ₽",
    ]);
    // 62 days, then Всего.
    expect(ws.rowCount).toBe(1 + 62 + 1);
    const first = ws.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date("2026-09-01T00:00:00Z"));
    expect(first.getCell(1).numFmt).toBe("dd.mm.yyyy");
    expect(first.getCell(5).value).toBe(1000.5);
    expect(first.getCell(5).numFmt).toBe("#,##0.00");
    expect(first.getCell(3).value).toBe(7);
    expect(ws.getRow(63).getCell(1).value).toEqual(new Date("2026-11-01T00:00:00Z"));
    const total = ws.getRow(64);
    expect(total.getCell(1).value).toBe("Всего");
    expect(total.getCell(5).value).toBe(Math.round(62 * 1000.5 * 100) / 100);
    expect(total.getCell(6).value).toBe(dates.reduce((s, _, d) => s + (d % 3), 0));
    expect(total.font?.bold).toBe(true);
    expect(ws.getColumn(5).width).toBeGreaterThanOrEqual(10);
  });

  it("without a Всего line the totals row sums the money and count columns; the correction is kept", async () => {
    const csv = campaignCsv(
      "7",
      days("2026-10-01", 3),
      (d) => ({ spend: 100.25 * (d + 1), orders: 1, clicks: 2 }),
      {
        total: false,
      },
    );
    const table = readReportTable({ format: "csv", bytes: csv });
    const book = await readBack(await buildReportXlsx(table, { labels: { total: "Total" } }));
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.rowCount).toBe(5);
    expect(rowValues(ws, 5)).toEqual(["Total", 240, 6, undefined, 601.5, 3, 3000]);

    const banner = readReportTable({
      format: "csv",
      bytes: fixture("banner-14275772-correction-reordered.csv"),
    });
    const withCorrection = await readBack(
      await buildReportXlsx(banner, { labels: { total: "Total" } }),
    );
    const sheet = withCorrection.worksheets[0] as ExcelJS.Worksheet;
    const last = rowValues(sheet, sheet.rowCount);
    const correction = rowValues(sheet, sheet.rowCount - 1);
    expect(correction[0]).toBe("Корректировка");
    expect(correction[1]).toBe(-50);
    // The file's own Всего line: 1152,19 + 987,40 − 50,00.
    expect(last.slice(0, 3)).toEqual(["Всего", 2089.59, 76]);
    expect(sheet.getRow(2).getCell(4).value).toBe("880011"); // the banner id stays text
  });

  it("refuses a report over the row cap instead of building it", async () => {
    const table: ReportTable = readReportTable({
      format: "csv",
      bytes: campaignCsv("1", days("2026-01-01", 40), () => ({ spend: 1, orders: 1, clicks: 1 })),
    });
    await expect(
      buildReportXlsx(table, { labels: { total: "Всего" }, maxRows: 39 }),
    ).rejects.toThrow(ReportXlsxTooLargeError);
  });
});
