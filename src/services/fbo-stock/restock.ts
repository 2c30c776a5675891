/**
 * The restock list of a store: per product and cluster where it sells, units sold in the last 28
 * days, days of stock, units in transit, and the units to send so that what is there and on its
 * way covers N days at the 28-day pace; most urgent first (fewest days of stock, then most to
 * send). The XLSX carries typed numbers (integers, days to a tenth), never text.
 * Tests: test/services/fbo-stock/empty-read.test.ts
 */
import type ExcelJS from "exceljs";
import type { ClusterStock } from "./snapshot.ts";

export const DEFAULT_COVER_DAYS = 28;
export const COVER_CHOICES = [14, 28, 42, 56, 90] as const;
const PACE_DAYS = 28;

export interface RestockRow {
  sku: string;
  offerId: string | undefined;
  name: string;
  cluster: string;
  sold28: number;
  available: number;
  inTransit: number;
  days: number;
  grade: string | undefined;
  toSend: number;
}

/** Units sold in 28 days from the pace Ozon gives (a mean a day over 28 days). */
export function sold28(stock: Pick<ClusterStock, "dailySales">): number {
  return Math.round(stock.dailySales * PACE_DAYS);
}

/** Units to send to cover `days` at the pace, beyond what is there and on its way. */
export function toSend(
  stock: Pick<ClusterStock, "dailySales" | "available" | "inTransit">,
  days: number,
): number {
  const need = Math.ceil(stock.dailySales * days - 1e-9);
  return Math.max(0, need - stock.available - stock.inTransit);
}

export function restockRows(rows: readonly ClusterStock[], days: number): RestockRow[] {
  return rows
    .filter((r) => r.dailySales > 0)
    .map((r) => ({
      sku: r.sku,
      offerId: r.offerId,
      name: r.name,
      cluster: r.clusterName,
      sold28: sold28(r),
      available: r.available,
      inTransit: r.inTransit,
      days: Math.round(r.days * 10) / 10,
      grade: r.grade,
      toSend: toSend(r, days),
    }))
    .sort((a, b) => a.days - b.days || b.toSend - a.toSend || a.name.localeCompare(b.name));
}

export interface RestockLabels {
  offerId: string;
  name: string;
  sku: string;
  cluster: string;
  sold28: string;
  available: string;
  inTransit: string;
  days: string;
  grade: string;
  toSend: string;
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};
/** Excel reads these at a cell's start as a formula: such a name is written as text. */
const FORMULA_START = /^[=+\-@]/;
const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** `gradeText`: Ozon's turnover grade code as the reader's language names it. */
export async function restockWorkbook(
  rows: readonly RestockRow[],
  labels: RestockLabels,
  gradeText: (grade: string | undefined) => string = (grade) => grade ?? "",
): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("restock");
  sheet.addRow([
    labels.offerId,
    labels.name,
    labels.sku,
    labels.cluster,
    labels.sold28,
    labels.available,
    labels.inTransit,
    labels.days,
    labels.grade,
    labels.toSend,
  ]).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      safeText(r.offerId ?? ""),
      safeText(r.name),
      Number(r.sku),
      safeText(r.cluster),
      r.sold28,
      r.available,
      r.inTransit,
      r.days,
      safeText(gradeText(r.grade)),
      r.toSend,
    ]);
  }
  sheet.getColumn(8).numFmt = "0.0";
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.columns.forEach((column, i) => {
    column.width = i === 1 ? 40 : 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
