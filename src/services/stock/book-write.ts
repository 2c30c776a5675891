/**
 * The workbooks the bot sends: every product of a store (offer_id, name, a stock column per FBS
 * warehouse, price, old price, min price), headers in the person's language with the tag that
 * reading back needs ("Цена (price)", "Остаток «Москва» (stock #123)"); and the result of an
 * apply, one line per change with "done" or Ozon's error in words.
 * Tests: test/services/stock/book.test.ts
 */
import type ExcelJS from "exceljs";
import { kopecksToRoubles } from "./book-cells.ts";
import type { BookCatalog } from "./book-plan.ts";

export interface BookLabels {
  offerId: string;
  name: string;
  /** The stock column's words for one warehouse. */
  stock(warehouse: string): string;
  price: string;
  oldPrice: string;
  minPrice: string;
  /** The seller's cost price column (kept by the bot). */
  cost: string;
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

/** Excel refuses these in a cell's text start (a formula): a name is shown as text. */
const FORMULA_START = /^[=+\-@]/;
const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const money = (kopecks: bigint | undefined) =>
  kopecks === undefined ? null : Number(kopecksToRoubles(kopecks));

export async function catalogWorkbook(catalog: BookCatalog, labels: BookLabels): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("stock");
  const header = [
    `${labels.offerId} (offer_id)`,
    `${labels.name} (name)`,
    ...catalog.warehouses.map((w) => `${labels.stock(w.name)} (stock #${w.id})`),
    `${labels.price} (price)`,
    `${labels.oldPrice} (old_price)`,
    `${labels.minPrice} (min_price)`,
    `${labels.cost} (cost)`,
  ];
  sheet.addRow(header).font = { bold: true };
  for (const item of catalog.items) {
    sheet.addRow([
      item.offerId,
      safeText(item.name),
      ...catalog.warehouses.map((w) => item.stocks[w.id] ?? null),
      money(item.price),
      money(item.oldPrice),
      money(item.minPrice),
      money(item.cost),
    ]);
  }
  const priceFrom = 3 + catalog.warehouses.length;
  for (let column = priceFrom; column < priceFrom + 4; column++) {
    sheet.getColumn(column).numFmt = "0.00";
  }
  sheet.getColumn(1).width = 20;
  sheet.getColumn(2).width = 40;
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ResultLine {
  row: number;
  offerId: string;
  what: string;
  value: string;
  outcome: string;
}

export async function resultWorkbook(
  lines: readonly ResultLine[],
  header: readonly [string, string, string, string, string],
): Promise<Buffer> {
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("result");
  sheet.addRow([...header]).font = { bold: true };
  for (const line of lines) {
    sheet.addRow([line.row, line.offerId, safeText(line.what), line.value, safeText(line.outcome)]);
  }
  sheet.getColumn(2).width = 20;
  sheet.getColumn(3).width = 30;
  sheet.getColumn(5).width = 60;
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
