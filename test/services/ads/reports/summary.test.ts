import { readFileSync } from "node:fs";
import { UnzipInflate, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { metricOfColumn } from "../../../../src/services/ads/reports/csv.ts";
import {
  isReportFileError,
  MAX_UNPACKED_BYTES,
  type ReportFileError,
} from "../../../../src/services/ads/reports/file.ts";
import { summarizeCsv, summarizeReport } from "../../../../src/services/ads/reports/summary.ts";
import { formatReportSummary } from "../../../../src/services/ads/reports/summary-text.ts";
import { MAX_ZIP_FILES } from "../../../../src/services/ads/reports/zip.ts";
import { buildZip } from "../../../support/zip.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../fixtures/reports/${name}`, import.meta.url)));

function errorOf(run: () => unknown): ReportFileError {
  try {
    run();
  } catch (error) {
    if (isReportFileError(error)) return error;
    throw error;
  }
  throw new Error("expected a ReportFileError");
}

describe("summarizeCsv on files in the real format", () => {
  it("reads a product campaign: BOM, title, quoted ';' inside a cell, Всего line", () => {
    const bytes = fixture("sku-14275771.csv");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the fixture keeps its BOM
    const summary = summarizeCsv(bytes, "14275771.csv");
    expect(summary).toMatchObject({
      campaignId: "14275771",
      period: { from: "2026-10-01", to: "2026-10-03" },
      rows: 3,
      totals: {
        impressions: 3704,
        clicks: 84,
        ctrBasisPoints: 227,
        spendKopecks: 79_325,
        orders: 6,
        revenueKopecks: 424_000,
      },
    });
    expect(summary.title).toBe(
      "Кампания по продвижению товаров № 14275771, период 01.10.2026-03.10.2026",
    );
    expect(summary.columns[0]).toBe("Дата"); // no BOM left on the first name
    expect(summary.columns).toHaveLength(16);
  });

  it("finds columns by name in another order and takes Всего over the rows plus Корректировка", () => {
    const summary = summarizeCsv(fixture("banner-14275772-correction-reordered.csv"), "b.csv");
    expect(summary.rows).toBe(2); // the correction line is not a data row
    expect(summary.totals).toEqual({
      impressions: 19_260,
      clicks: 76,
      ctrBasisPoints: 39,
      spendKopecks: 208_959, // 1152,19 + 987,40 − 50,00
      orders: 3, // "Заказы, шт"
      revenueKopecks: 490_050,
    });
  });

  it("sums the rows exactly when there is no Всего line (CRLF endings)", () => {
    const summary = summarizeCsv(fixture("no-total-crlf-14275773.csv"), "c.csv");
    // 30,10 + 0,20 would be 30.300000000000001 in doubles.
    expect(summary.totals).toEqual({
      impressions: 300,
      clicks: 4,
      ctrBasisPoints: 133, // recomputed: 4 / 300
      spendKopecks: 3030,
      orders: 1,
      revenueKopecks: 9990,
    });
  });

  it("reads Ozon's own OpenAPI example (Latin look-alikes in 'Bcero', odd spacing)", () => {
    const summary = summarizeCsv(fixture("openapi-example-13883040.csv"), "e.csv");
    expect(summary).toMatchObject({
      campaignId: "13883040",
      period: { from: "2025-01-03", to: "2025-01-03" },
      rows: 0,
      totals: {
        impressions: 0,
        clicks: 0,
        ctrBasisPoints: 0,
        spendKopecks: 0,
        orders: 0,
        revenueKopecks: 0,
      },
    });
  });

  it("reads an old windows-1251 export", () => {
    const summary = summarizeCsv(fixture("cp1251-14275773.csv"), "w.csv");
    expect(summary.totals.spendKopecks).toBe(3030);
    expect(summary.campaignId).toBe("14275773");
  });

  it("takes the campaign id from the file name when there is no title", () => {
    const text = "Дата;Показы;Клики\n01.10.2026;10;1\n";
    const summary = summarizeCsv(new TextEncoder().encode(text), "555_01.10.2026-01.10.2026.csv");
    expect(summary).toMatchObject({
      campaignId: "555",
      rows: 1,
      totals: { impressions: 10, clicks: 1 },
    });
    expect(summary.title).toBeUndefined();
  });

  it("reports only the metrics a file has", () => {
    const text =
      "\uFEFF;Отчёт\nsku;Название товара;Заказы;Выручка, ₽;Заказы модели\n1;a;2;10,50;7\nВсего;;2;10,50;7\n";
    expect(summarizeCsv(new TextEncoder().encode(text)).totals).toEqual({
      orders: 2,
      revenueKopecks: 1050,
    });
  });
});

describe("column names", () => {
  it("match flexibly and skip look-alike columns", () => {
    expect(metricOfColumn("Показы")).toBe("impressions");
    expect(metricOfColumn(" показы ")).toBe("impressions");
    expect(metricOfColumn("Клики")).toBe("clicks");
    expect(metricOfColumn("CTR (%)")).toBe("ctr");
    expect(metricOfColumn("Расход, ₽, с НДС")).toBe("spend");
    expect(metricOfColumn("Расход, Р, с НДС")).toBe("spend");
    expect(metricOfColumn("Расход, ₽")).toBe("spend");
    expect(metricOfColumn("Заказы")).toBe("orders");
    expect(metricOfColumn("Заказы, шт")).toBe("orders");
    expect(metricOfColumn("Заказы, ₽")).toBe("revenue");
    expect(metricOfColumn("Выручка, ₽")).toBe("revenue");
    expect(metricOfColumn("Продажи, ₽")).toBe("revenue");
    expect(metricOfColumn("Сумма заказов, ₽")).toBe("revenue");
    expect(metricOfColumn("Заказы модели")).toBeUndefined();
    expect(metricOfColumn("Выручка с заказов модели, ₽")).toBeUndefined();
    expect(metricOfColumn("Ср. цена 1000 показов, ₽")).toBeUndefined();
    expect(metricOfColumn("Ср. цена клика, ₽")).toBeUndefined();
    expect(metricOfColumn("Охват")).toBeUndefined();
  });
});

describe("summarizeReport", () => {
  it("reads every CSV inside a ZIP and adds the totals up", () => {
    const summary = summarizeReport({ format: "zip", bytes: fixture("several-campaigns.zip") });
    expect(summary.files.map((f) => [f.name, f.campaignId])).toEqual([
      ["14275771.csv", "14275771"],
      ["14275772_01.10.2026-02.10.2026.csv", "14275772"],
    ]);
    expect(summary.totals).toEqual({
      impressions: 22_964,
      clicks: 160,
      ctrBasisPoints: 70, // 160 / 22 964, recomputed, not averaged
      spendKopecks: 288_284,
      orders: 9,
      revenueKopecks: 914_050,
    });
  });

  it("trusts the bytes over the label", () => {
    const zipped = zipSync({ "1.csv": fixture("sku-14275771.csv") });
    expect(summarizeReport({ format: "csv", bytes: zipped }).files).toHaveLength(1);
  });

  it("gives typed errors for what it cannot read, never a crash", () => {
    expect(errorOf(() => summarizeReport({ format: "csv", bytes: new Uint8Array() })).code).toBe(
      "empty",
    );
    expect(
      errorOf(() => summarizeReport({ format: "csv", bytes: fixture("error-body.csv") })).code,
    ).toBe("no_header");
    const bad = errorOf(() =>
      summarizeReport({ format: "csv", bytes: fixture("malformed-number.csv"), name: "m.csv" }),
    );
    expect(bad).toMatchObject({ code: "bad_number", file: "m.csv", line: 3 });
    expect(
      errorOf(() => summarizeReport({ format: "zip", bytes: fixture("broken.zip") })).code,
    ).toBe("bad_zip");
    expect(
      errorOf(() => summarizeReport({ format: "zip", bytes: fixture("zip-without-csv.zip") })).code,
    ).toBe("no_csv_in_zip");
    const unclosed = new TextEncoder().encode(';t\nДата;Показы\n"01.10;5\n');
    expect(errorOf(() => summarizeReport({ format: "csv", bytes: unclosed })).code).toBe(
      "bad_quotes",
    );
    const binary = new Uint8Array([0xff, 0x00, 0x10, 0x3b, 0x00]);
    expect(errorOf(() => summarizeReport({ format: "csv", bytes: binary })).code).toBe("not_text");
  });
});

describe("summarizeReport on archives that lie or grow too large", () => {
  const csv = fixture("sku-14275771.csv");
  /** CSV-like text of `size` bytes: the same rows again and again (it packs about 1000:1). */
  const bulk = (size: number) => {
    const row = new TextEncoder().encode("01.10.2026;1;2;3;4\n");
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; at += row.length) bytes.set(row.subarray(0, size - at), at);
    return bytes;
  };

  it("reads a ZIP built by hand like any other (the builder makes real archives)", () => {
    const zip = buildZip([{ name: "14275771.csv", content: csv }]);
    expect(summarizeReport({ format: "zip", bytes: zip }).totals.impressions).toBe(3704);
  });

  it("stops an entry that inflates beyond the size it states, never inflating it in full", () => {
    const zip = buildZip([{ name: "1.csv", content: bulk(8 * 1024 * 1024), statedSize: 100 }]);
    // What the inflater is handed, in compressed bytes.
    let handed = 0;
    const push = UnzipInflate.prototype.push;
    const spy = vi.spyOn(UnzipInflate.prototype, "push").mockImplementation(function (
      this: UnzipInflate,
      chunk,
      final,
    ) {
      handed += chunk.length;
      push.call(this, chunk, final);
    });
    let error: ReturnType<typeof errorOf>;
    try {
      error = errorOf(() => summarizeReport({ format: "zip", bytes: zip, name: "r.zip" }));
    } finally {
      spy.mockRestore();
    }
    expect(error).toMatchObject({ code: "bad_zip", file: "r.zip" });
    expect(error.message).toContain("beyond the 100 bytes it states");
    // Stopped within a step or two of 1 KB: most of the entry's compressed data is never read.
    expect(zip.length).toBeGreaterThan(6_000);
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThan(zip.length / 3);
  });

  it("counts the bytes really inflated against the cap when sizes come only after the data", () => {
    const half = bulk(MAX_UNPACKED_BYTES / 2 + 1);
    const zip = buildZip([
      { name: "1.csv", content: half, dataDescriptor: true },
      { name: "2.csv", content: half, dataDescriptor: true, statedSize: 10 },
    ]);
    expect(errorOf(() => summarizeReport({ format: "zip", bytes: zip })).code).toBe("too_large");
  });

  it("refuses an archive of too many CSV files, and a lone CSV over the cap", () => {
    const many = buildZip(
      Array.from({ length: MAX_ZIP_FILES + 1 }, (_, i) => ({ name: `${i}.csv`, content: csv })),
    );
    expect(errorOf(() => summarizeReport({ format: "zip", bytes: many })).code).toBe("too_large");
    const huge = bulk(MAX_UNPACKED_BYTES + 1);
    expect(errorOf(() => summarizeReport({ format: "csv", bytes: huge })).code).toBe("too_large");
  });
});

describe("formatReportSummary", () => {
  it("writes short lines in the person's language", () => {
    const summary = summarizeReport({ format: "csv", bytes: fixture("sku-14275771.csv") });
    const nbsp = "\u00A0";
    expect(formatReportSummary(summary, "ru")).toBe(
      [
        `Показы: 3${nbsp}704`,
        "Клики: 84",
        `CTR: 2,27${nbsp}%`,
        `Расход: 793,25${nbsp}₽`,
        "Заказы: 6",
        `Выручка: 4${nbsp}240${nbsp}₽`,
      ].join("\n"),
    );
    // English numbers the English way, money in the one form (kopecks only when there are any).
    expect(formatReportSummary(summary, "en")).toBe(
      [
        "Impressions: 3,704",
        "Clicks: 84",
        "CTR: 2.27%",
        `Spend: RUB${nbsp}793.25`,
        "Orders: 6",
        `Revenue: RUB${nbsp}4,240`,
      ].join("\n"),
    );
    expect(formatReportSummary({ files: [], totals: {} }, "ru")).toMatch(/нет/);
  });
});
