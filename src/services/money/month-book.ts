/**
 * The month per product as an XLSX: units, revenue, each of Ozon's charges, cost, margin and
 * margin %, typed numbers (roubles with kopecks, per cent) and a totals row; headers in the
 * person's language.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import type ExcelJS from "exceljs";
import type { ProductMargin } from "./margins.ts";

export interface MonthBookLabels {
  sku: string;
  offerId: string;
  units: string;
  revenue: string;
  commission: string;
  delivery: string;
  other: string;
  cost: string;
  margin: string;
  marginPercent: string;
  total: string;
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

/** Kopecks → roubles as a number: exact for any sum a store makes (< 2^53 kopecks). */
const rub = (kopecks: bigint | undefined) => (kopecks === undefined ? null : Number(kopecks) / 100);

export async function monthWorkbook(
  rows: readonly ProductMargin[],
  labels: MonthBookLabels,
): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("margin");
  sheet.addRow([
    labels.sku,
    labels.offerId,
    labels.units,
    labels.revenue,
    labels.commission,
    labels.delivery,
    labels.other,
    labels.cost,
    labels.margin,
    labels.marginPercent,
  ]).font = { bold: true };
  const sum = (pick: (r: ProductMargin) => bigint) => rows.reduce((s, r) => s + pick(r), 0n);
  for (const r of rows) {
    sheet.addRow([
      Number(r.sku),
      r.offerId ?? null,
      r.units,
      rub(r.revenueKopecks),
      rub(r.commissionKopecks),
      rub(r.deliveryKopecks),
      rub(r.otherKopecks),
      rub(r.costKopecks),
      rub(r.marginKopecks),
      r.marginPercent === undefined ? null : r.marginPercent / 100,
    ]);
  }
  const revenue = sum((r) => r.revenueKopecks);
  const margin = sum((r) => r.marginKopecks);
  const total = sheet.addRow([
    labels.total,
    null,
    rows.reduce((s, r) => s + r.units, 0),
    rub(revenue),
    rub(sum((r) => r.commissionKopecks)),
    rub(sum((r) => r.deliveryKopecks)),
    rub(sum((r) => r.otherKopecks)),
    rub(sum((r) => r.costKopecks ?? 0n)),
    rub(margin),
    revenue > 0n ? Number((margin * 10_000n) / revenue) / 10_000 : null,
  ]);
  total.font = { bold: true };
  for (let column = 4; column <= 9; column++) sheet.getColumn(column).numFmt = "#,##0.00";
  sheet.getColumn(10).numFmt = "0.00%";
  sheet.getColumn(1).width = 14;
  sheet.getColumn(2).width = 20;
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
