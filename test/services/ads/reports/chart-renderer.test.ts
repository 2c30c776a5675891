import { describe, expect, it } from "vitest";
import {
  ChartRenderer,
  ReportChartEmptyError,
  readReportTable,
  renderReportChart,
} from "../../../../src/services/ads/reports/index.ts";
import { campaignsZip, days, pngSize } from "./support.ts";

const LABELS = {
  title: "Расход и заказы по дням",
  spend: "Расход, ₽",
  orders: "Заказы",
  clicks: "Клики",
  others: "Остальные",
};
const table = readReportTable({
  format: "zip",
  bytes: campaignsZip(3, days("2026-10-01", 14), (c, d) => ({
    spend: 500 + c * 100 + d,
    orders: d % 4,
    clicks: 9,
  })),
});

describe("charts drawn in a worker thread", () => {
  it("draws the same picture as in-process, across a worker's end after its quota", async () => {
    const renderer = new ChartRenderer({ rendersPerWorker: 2 });
    try {
      const expected = await renderReportChart(table, { locale: "ru", labels: LABELS });
      const drawn = await Promise.all(
        [1, 2, 3].map(() => renderer.render(table, { locale: "ru", labels: LABELS })),
      );
      for (const png of drawn) {
        expect(pngSize(png)).toEqual({ width: 1280, height: 960 });
        expect(png.equals(expected)).toBe(true);
      }
      // The third went to a new worker after the first one's two.
      const again = await renderer.render(table, { locale: "en", labels: LABELS });
      expect(pngSize(again).width).toBe(1280);
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it("fails a chart that takes too long, and a report with nothing to draw, without a worker", async () => {
    const renderer = new ChartRenderer({ timeoutMs: 1 });
    try {
      await expect(renderer.render(table, { locale: "ru", labels: LABELS })).rejects.toThrow(
        /not drawn within 1 ms/,
      );
      const phrases = readReportTable({
        format: "csv",
        bytes: new TextEncoder().encode("Фраза;Показы;Расход, ₽\nкружка;10;5,00\n"),
      });
      await expect(renderer.render(phrases, { locale: "ru", labels: LABELS })).rejects.toThrow(
        ReportChartEmptyError,
      );
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
