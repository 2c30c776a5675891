/**
 * The same report as an Excel workbook (exceljs): one sheet per campaign, the file's columns
 * typed — dates as real dates, counts and money as numbers with formats — the header frozen,
 * widths that fit, and the file's `Корректировка` and `Всего` lines last (the total in bold).
 * When the file has no `Всего` line the totals row sums the count and money columns.
 * Tests: test/services/ads/reports/xlsx.test.ts and 4 more
 */
import type ExcelJS from "exceljs";
import type { ReportCell, ReportSheet, ReportTable, ReportTableColumn } from "./table.ts";

export interface ReportXlsxLabels {
  /** The totals row's label when the file has no `Всего` line ("Всего", "Total"). */
  total: string;
}

export interface ReportXlsxOptions {
  labels: ReportXlsxLabels;
  /** Campaign titles by id: sheet names are "<id> <title>" cut to Excel's 31 characters. */
  titles?: Readonly<Record<string, string>>;
  /** Refused above this many data rows in all sheets (default 100 000). */
  maxRows?: number;
}

export const DEFAULT_MAX_XLSX_ROWS = 100_000;

let excelModule: Promise<typeof ExcelJS> | undefined;
/** Loaded on the first workbook: a process that never builds one does not carry exceljs. */
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

/** The table is over the cap: no workbook is built. */
export class ReportXlsxTooLargeError extends Error {
  readonly rows: number;
  readonly max: number;
  constructor(rows: number, max: number) {
    super(`report workbook: ${rows} rows, at most ${max}`);
    this.rows = rows;
    this.max = max;
    this.name = "ReportXlsxTooLargeError";
  }
}

const FORMATS: Record<ReportTableColumn["type"], string | undefined> = {
  date: "dd.mm.yyyy",
  count: "#,##0",
  money: "#,##0.00",
  decimal: "#,##0.00",
  text: undefined,
};

/** Excel refuses these in sheet names and caps them at 31 characters. */
function sheetName(
  sheet: ReportSheet,
  index: number,
  options: ReportXlsxOptions,
  used: Set<string>,
) {
  const id = sheet.campaignId;
  const title = id === undefined ? undefined : options.titles?.[id];
  const base = (id ? (title ? `${id} ${title}` : id) : sheet.file.replace(/\.csv$/i, ""))
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/^'+|'+$/g, "")
    .trim();
  let name = (base || `Sheet ${index + 1}`).slice(0, 31).trim();
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

/** A cell as exceljs takes it: dates as Date (UTC midnight, which Excel shows as that day). */
function value(cell: ReportCell, column: ReportTableColumn): ExcelJS.CellValue {
  if (cell === null) return null;
  if (column.type === "date" && typeof cell === "string" && /^\d{4}-\d{2}-\d{2}$/.test(cell)) {
    return new Date(`${cell}T00:00:00Z`);
  }
  return cell;
}

/** Sums of the count and money columns, for a file without a `Всего` line. */
function totalsOf(sheet: ReportSheet, label: string): ReportCell[] {
  return sheet.columns.map((column, index) => {
    if (index === 0) return label;
    if (column.type !== "count" && column.type !== "money") return null;
    const rows = sheet.correction ? [...sheet.rows, sheet.correction] : sheet.rows;
    const sum = rows.reduce<number>(
      (s, row) => s + (typeof row[index] === "number" ? (row[index] as number) : 0),
      0,
    );
    return Math.round(sum * 100) / 100;
  });
}

function addSheet(
  book: ExcelJS.Workbook,
  sheet: ReportSheet,
  name: string,
  options: ReportXlsxOptions,
) {
  const ws = book.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  const header = ws.addRow(sheet.columns.map((c) => c.name));
  header.font = { bold: true };
  header.alignment = { vertical: "middle", wrapText: true };
  const add = (cells: ReportCell[]) =>
    ws.addRow(sheet.columns.map((column, index) => value(cells[index] ?? null, column)));
  for (const row of sheet.rows) add(row);
  if (sheet.correction) add(sheet.correction).font = { italic: true };
  add(sheet.total ?? totalsOf(sheet, options.labels.total)).font = { bold: true };

  sheet.columns.forEach((column, index) => {
    const col = ws.getColumn(index + 1);
    const format = FORMATS[column.type];
    if (format) col.numFmt = format;
    // Widths that fit the longest value shown (capped), counting the header's words.
    const longest = Math.max(
      ...column.name.split(/\s+/).map((w) => w.length),
      ...sheet.rows.slice(0, 500).map((row) => shownLength(row[index] ?? null, column)),
      8,
    );
    col.width = Math.min(longest + 2, 60);
  });
  if (sheet.title) ws.headerFooter.oddHeader = sheet.title.slice(0, 200);
}

function shownLength(cell: ReportCell, column: ReportTableColumn): number {
  if (cell === null) return 0;
  if (column.type === "date") return 10;
  if (typeof cell === "number") return Math.round(Math.abs(cell)).toString().length * 1.35 + 4;
  return cell.length;
}

/** The report as an .xlsx file; throws ReportXlsxTooLargeError above the row cap. */
export async function buildReportXlsx(
  table: ReportTable,
  options: ReportXlsxOptions,
): Promise<Buffer> {
  const max = options.maxRows ?? DEFAULT_MAX_XLSX_ROWS;
  const rows = table.sheets.reduce((s, sheet) => s + sheet.rows.length, 0);
  if (rows > max) throw new ReportXlsxTooLargeError(rows, max);
  const { Workbook } = await loadExcelJS();
  const book = new Workbook();
  book.creator = "ozon-seller-bot";
  // Fixed, so the same report gives the same file.
  book.created = new Date(0);
  book.modified = new Date(0);
  const used = new Set<string>();
  table.sheets.forEach((sheet, index) => {
    addSheet(book, sheet, sheetName(sheet, index, options, used), options);
  });
  if (table.sheets.length === 0) book.addWorksheet("Report");
  return Buffer.from(await book.xlsx.writeBuffer());
}
