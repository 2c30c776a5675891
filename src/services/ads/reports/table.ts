/**
 * A statistics report as typed tables: one sheet per CSV (Ozon's ZIP holds one CSV per
 * campaign), each column typed (date, count, money, decimal, text) and each number a number.
 * The chart (chart.ts) and the workbook (xlsx.ts) are built from it, and it is what
 * is kept for the XLSX button (table-store.ts), so it is plain JSON.
 *
 * Reading reuses the project's CSV reader (services/ads/reports/csv.ts, zip.ts) with its
 * caps: at most MAX_UNPACKED_BYTES of CSV text, at most MAX_ZIP_FILES files.
 * Tests: test/services/ads/reports/chart-renderer.test.ts and 4 more
 */
import { hundredths, lineKind, metricOfColumn, type ReportMetric } from "./csv.ts";
import { readReportLines, reportCsvFiles, titleFacts } from "./summary.ts";

export type ReportColumnType = "date" | "count" | "money" | "decimal" | "text";

export interface ReportTableColumn {
  /** As written in the file ("Расход, ₽, с НДС"). */
  name: string;
  type: ReportColumnType;
  /** The metric the column holds, when it is one the bot knows. */
  metric?: ReportMetric;
}

/** A date column holds ISO dates ("2026-10-01"); number columns numbers; text columns text. */
export type ReportCell = number | string | null;

export interface ReportSheet {
  /** The CSV's name (the ZIP entry, or the report's file name). */
  file: string;
  campaignId?: string;
  /** The title line without its leading `;`. */
  title?: string;
  period?: { from: string; to: string };
  columns: ReportTableColumn[];
  /** Data rows, in file order. */
  rows: ReportCell[][];
  /** The `Корректировка` line; its label cell holds the file's word. */
  correction?: ReportCell[];
  /** The `Всего` line; its label cell holds the file's word. */
  total?: ReportCell[];
}

export interface ReportTable {
  sheets: ReportSheet[];
}

/** Columns that hold numbers which are names, not amounts (SKU, banner id, article). */
const ID_COLUMN = /^(sku|id|артикул|ozon id)\b|\bid\b|баннер/iu;
const DATE_CELL = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const MONEY_COLUMN = /₽|руб|\brub\b/iu;

const isoDate = (cell: string): string | undefined => {
  const m = cell.trim().match(DATE_CELL);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
};

function numberOf(raw: string, file: string, line: number): number | null | undefined {
  try {
    const value = hundredths(raw, file, line);
    return value === undefined ? null : Number(value) / 100;
  } catch {
    return undefined; // not a number
  }
}

function typeOf(name: string, values: string[], file: string): ReportColumnType {
  const present = values.map((v) => v.trim()).filter((v) => v !== "");
  const metric = metricOfColumn(name);
  if (present.length > 0 && present.every((v) => isoDate(v) !== undefined)) return "date";
  if (!metric && ID_COLUMN.test(name.trim())) return "text";
  if (present.length === 0 && !metric) return "text";
  const numbers = present.map((v) => numberOf(v, file, 0));
  if (numbers.some((n) => n === undefined)) return "text";
  if (metric === "spend" || metric === "revenue" || MONEY_COLUMN.test(name)) return "money";
  if (metric === "ctr" || name.includes("%")) return "decimal";
  return numbers.every((n) => n === null || Number.isInteger(n)) ? "count" : "decimal";
}

function cellOf(raw: string, type: ReportColumnType, file: string, line: number): ReportCell {
  const text = raw.trim();
  if (text === "") return null;
  if (type === "date") return isoDate(text) ?? text;
  if (type === "text") return text;
  const value = numberOf(text, file, line);
  // A label ("Всего") in a number column stays a label.
  return value === undefined ? text : value;
}

/** One CSV as a sheet; throws ReportFileError when it cannot be read. */
export function readReportSheet(bytes: Uint8Array, file: string): ReportSheet {
  const { title, columns: names, body } = readReportLines(bytes, file);
  const data = body.filter(({ cells }) => lineKind(cells) === "data");
  const columns: ReportTableColumn[] = names.map((name, index) => {
    const metric = metricOfColumn(name);
    return {
      name,
      type: typeOf(
        name,
        data.map(({ cells }) => cells[index] ?? ""),
        file,
      ),
      ...(metric ? { metric } : {}),
    };
  });
  const row = ({ cells, line }: { cells: string[]; line: number }) =>
    columns.map((column, index) => cellOf(cells[index] ?? "", column.type, file, line));
  const sheet: ReportSheet = { file, columns, rows: data.map(row) };
  if (title) sheet.title = title;
  Object.assign(sheet, titleFacts(title, file));
  for (const line of body) {
    const kind = lineKind(line.cells);
    if (kind === "total") sheet.total = row(line);
    else if (kind === "correction") sheet.correction = row(line);
  }
  return sheet;
}

/** The whole report (a CSV, or a ZIP of CSVs) as typed sheets. */
export function readReportTable(file: {
  format: "csv" | "zip";
  bytes: Uint8Array;
  name?: string;
}): ReportTable {
  return { sheets: reportCsvFiles(file).map((f) => readReportSheet(f.bytes, f.name)) };
}

/** The index of the first column of `type` (or holding `metric`), -1 when there is none. */
export function columnIndex(
  sheet: ReportSheet,
  find: { type?: ReportColumnType; metric?: ReportMetric },
): number {
  return sheet.columns.findIndex(
    (c) =>
      (find.type === undefined || c.type === find.type) &&
      (find.metric === undefined || c.metric === find.metric),
  );
}

/** Data rows in the whole table (for caps). */
export function tableRows(table: ReportTable): number {
  return table.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
}
