// The workbook reader as it was before issue 37 (aa4fac2's src/services/stock/book-read.ts),
// kept for bench/book-upload.ts to measure against; not used by the bot.
/**
 * A stock-and-price workbook a person sent back, read without trusting it: an XLSX (exceljs,
 * after counting what its ZIP really inflates to) or a CSV (csv-parse; `;`, `,` or tab), capped
 * in bytes, rows, columns and cell length. What comes out is the header and the raw cells of
 * each row with its row number as the person's spreadsheet shows it.
 */
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { Unzip, UnzipInflate } from "fflate";
import { type CellValue, cellText } from "../src/services/stock/book-cells.ts";

export const MAX_BOOK_BYTES = 10 * 1024 * 1024;
export const MAX_BOOK_ROWS = 20_000;
export const MAX_BOOK_COLUMNS = 200;
/** A cell longer than this is no offer_id, number or name anyone typed. */
export const MAX_CELL_CHARS = 1_000;
/** What the XLSX's ZIP may inflate to (a real 20 000-row sheet is far below). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

export type BookFileProblem =
  | "too_big"
  | "too_many_rows"
  | "too_many_columns"
  | "cell_too_long"
  | "unreadable"
  | "empty";

export class BookFileError extends Error {
  override name = "BookFileError";
  readonly problem: BookFileProblem;
  readonly row: number | undefined;
  constructor(problem: BookFileProblem, detail: string, row?: number) {
    super(`workbook: ${problem}: ${detail}`);
    this.problem = problem;
    this.row = row;
  }
}

export interface BookRow {
  /** 1-based, as the spreadsheet numbers it (the header is row 1 in a file we wrote). */
  n: number;
  cells: CellValue[];
}

export interface BookSheet {
  header: string[];
  /** The header's row number. */
  headerRow: number;
  rows: BookRow[];
}

export type BookKind = "xlsx" | "csv";

/** The file's kind from its name or MIME type; undefined: neither. */
export function bookKindOf(
  fileName: string | undefined,
  mime: string | undefined,
): BookKind | undefined {
  const name = (fileName ?? "").toLowerCase();
  if (name.endsWith(".xlsx") || mime?.includes("spreadsheetml")) return "xlsx";
  if (name.endsWith(".csv") || mime === "text/csv" || mime === "text/comma-separated-values") {
    return "csv";
  }
  return undefined;
}

export async function readBook(bytes: Uint8Array, kind: BookKind): Promise<BookSheet> {
  if (bytes.byteLength > MAX_BOOK_BYTES) {
    throw new BookFileError("too_big", `${bytes.byteLength} bytes`);
  }
  const rows = kind === "xlsx" ? await xlsxRows(bytes) : csvRows(bytes);
  return withHeader(rows);
}

function withHeader(rows: BookRow[]): BookSheet {
  const first = rows.findIndex((row) => row.cells.some((cell) => cellText(cell) !== ""));
  const header = rows[first];
  if (first < 0 || !header) throw new BookFileError("empty", "no header row");
  const body = rows.slice(first + 1).filter((row) => row.cells.some((c) => cellText(c) !== ""));
  if (body.length > MAX_BOOK_ROWS) {
    throw new BookFileError("too_many_rows", `${body.length} rows`);
  }
  return { header: header.cells.map((cell) => cellText(cell)), headerRow: header.n, rows: body };
}

function check(row: number, cells: CellValue[]): void {
  if (row > MAX_BOOK_ROWS + 50) throw new BookFileError("too_many_rows", `row ${row}`, row);
  if (cells.length > MAX_BOOK_COLUMNS) {
    throw new BookFileError("too_many_columns", `${cells.length} columns`, row);
  }
  for (const cell of cells) {
    if (typeof cell === "string" && cell.length > MAX_CELL_CHARS) {
      throw new BookFileError("cell_too_long", `${cell.length} characters`, row);
    }
  }
}

function csvRows(bytes: Uint8Array): BookRow[] {
  const text = Buffer.from(bytes)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [";", "\t", ","].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_CELL_CHARS * MAX_BOOK_COLUMNS,
      to_line: MAX_BOOK_ROWS + 51,
    }) as string[][];
  } catch (error) {
    throw new BookFileError("unreadable", (error as Error).message.slice(0, 200));
  }
  if (text.split("\n", MAX_BOOK_ROWS + 52).length > MAX_BOOK_ROWS + 51) {
    throw new BookFileError("too_many_rows", "more lines than allowed");
  }
  return records.map((cells, index) => {
    check(index + 1, cells);
    return { n: index + 1, cells };
  });
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

/** Inflates the ZIP once with a running count, so a bomb stops at the cap before exceljs. */
function checkUnpacked(bytes: Uint8Array): void {
  let unpacked = 0;
  let entries = 0;
  const unzip = new Unzip((entry) => {
    entries++;
    entry.ondata = (error, chunk) => {
      if (error) throw new BookFileError("unreadable", "broken ZIP");
      unpacked += chunk.length;
      if (unpacked > MAX_UNPACKED_BYTES) {
        throw new BookFileError("too_big", "unpacked size over the limit");
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += 1024) {
      unzip.push(bytes.subarray(at, Math.min(bytes.length, at + 1024)), at + 1024 >= bytes.length);
    }
  } catch (error) {
    if (error instanceof BookFileError) throw error;
    throw new BookFileError("unreadable", "not an XLSX file");
  }
  if (entries === 0) throw new BookFileError("unreadable", "not an XLSX file");
}

async function xlsxRows(bytes: Uint8Array): Promise<BookRow[]> {
  checkUnpacked(bytes);
  const Excel = await loadExcelJS();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new BookFileError("unreadable", "not an XLSX file");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BookFileError("empty", "no sheet");
  if (sheet.columnCount > MAX_BOOK_COLUMNS) {
    throw new BookFileError("too_many_columns", `${sheet.columnCount} columns`);
  }
  if (sheet.actualRowCount > MAX_BOOK_ROWS + 50) {
    throw new BookFileError("too_many_rows", `${sheet.actualRowCount} rows`);
  }
  const rows: BookRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const values = row.values as CellValue[];
    // exceljs numbers cells from 1: index 0 is always empty.
    const cells = Array.isArray(values) ? values.slice(1) : [];
    const texts = cells.map((cell) =>
      typeof cell === "object" && cell !== null && !(cell instanceof Date) ? cellText(cell) : cell,
    );
    check(n, texts);
    rows.push({ n, cells: texts });
  });
  return rows;
}
