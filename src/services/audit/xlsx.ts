/**
 * A period of the trail as an Excel workbook (exceljs, loaded on the first export): one row per
 * entry, oldest first, the header frozen and filterable. Texts from outside (names, Ozon's
 * words) go in as plain strings; a leading "=" is never read as a formula.
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */
import type ExcelJS from "exceljs";
import { DateTime } from "luxon";
import type { AuditEntry } from "./entry.ts";

export interface AuditXlsxLabels {
  /** Column headers, in order: time, person, person id, store, kind, object, via, from, to, result, words, details. */
  headers: readonly string[];
  sheet: string;
  kind(entry: AuditEntry): string;
  result(entry: AuditEntry): string;
  shopName(id: string): string;
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

/** Cells that Excel would read as a formula are kept as text. */
const safe = (text: string | undefined) =>
  text && /^[=+\-@]/.test(text) ? `'${text}` : (text ?? "");

export async function auditXlsx(
  entries: readonly AuditEntry[],
  labels: AuditXlsxLabels,
  timezone: string,
): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet(labels.sheet.slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.addRow([...labels.headers]).font = { bold: true };
  for (const entry of entries) {
    const words = entry.result.status === "done" ? "" : entry.result.words;
    sheet.addRow([
      DateTime.fromMillis(entry.at, { zone: timezone }).toFormat("yyyy-LL-dd HH:mm:ss"),
      safe(entry.actor.name),
      entry.actor.id,
      entry.shopId === undefined ? "" : safe(labels.shopName(entry.shopId)),
      labels.kind(entry),
      safe(entry.objectId),
      safe(entry.via),
      safe(entry.from),
      safe(entry.to),
      labels.result(entry),
      safe(words),
      safe(entry.detail),
    ]);
  }
  const widths = [20, 24, 12, 18, 18, 22, 12, 16, 16, 14, 40, 30];
  widths.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: widths.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
