/**
 * Reads an uploaded workbook where it runs (book-worker.ts runs it in a worker thread with its
 * own memory cap; book-read.ts starts that). An XLSX goes through exceljs's stream reader over
 * the checked parts of its ZIP (book-zip.ts), a CSV through csv-parse; both stop at the first row
 * or column beyond the caps, as they read. Of each row only the columns the bot reads are kept
 * (those whose header carries a tag: "(offer_id)", "(stock #…)", "(price)"...).
 * Tests: none directly
 */
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { columnRole } from "./book-columns.ts";
import { BookFileError } from "./book-errors.ts";
import { type CellValue, cellText } from "./book-text.ts";
import { neededParts, partsStream, zipEntries } from "./book-zip.ts";

export const MAX_BOOK_BYTES = 10 * 1024 * 1024;
export const MAX_BOOK_ROWS = 20_000;
export const MAX_BOOK_COLUMNS = 200;
/** A cell longer than this is no offer_id, number or name anyone typed. */
export const MAX_CELL_CHARS = 1_000;
/** Blank rows tolerated beyond MAX_BOOK_ROWS before a row number alone refuses the file. */
const SLACK_ROWS = 50;

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

/** Collects rows as they are read: the header, then the body, the caps checked at each row. */
class SheetBuilder {
  header: string[] | undefined;
  headerRow = 0;
  /** Indexes of the columns the bot reads (their header has a tag). */
  kept: number[] = [];
  rows: BookRow[] = [];

  /** One row of raw cells (index 0 = column A); `width` is its last column's number. */
  add(n: number, width: number, cellAt: (index: number) => CellValue): void {
    if (n > MAX_BOOK_ROWS + SLACK_ROWS) throw new BookFileError("too_many_rows", `row ${n}`, n);
    if (width > MAX_BOOK_COLUMNS) {
      throw new BookFileError("too_many_columns", `${width} columns`, n);
    }
    if (!this.header) {
      const texts = Array.from({ length: width }, (_, i) => plain(cellAt(i), n));
      if (!texts.some((text) => cellText(text) !== "")) return;
      this.header = texts.map((text) => cellText(text));
      this.headerRow = n;
      this.kept = this.header.flatMap((text, i) => (columnRole(text) ? [i] : []));
      return;
    }
    const cells: CellValue[] = [];
    let filled = false;
    for (const index of this.kept) {
      const value = plain(cellAt(index), n);
      if (value === undefined) continue;
      cells[index] = value;
      if (cellText(value) !== "") filled = true;
    }
    if (!filled) return;
    for (let i = 0; i < cells.length; i++) cells[i] ??= undefined;
    if (this.rows.length >= MAX_BOOK_ROWS) {
      throw new BookFileError("too_many_rows", `row ${n}`, n);
    }
    this.rows.push({ n, cells });
  }

  sheet(): BookSheet {
    if (!this.header) throw new BookFileError("empty", "no header row");
    return { header: this.header, headerRow: this.headerRow, rows: this.rows };
  }
}

/** A cell as plain data (what a worker can post back): formulas by their result, rich text joined. */
function plain(value: CellValue, row: number): CellValue {
  const out =
    typeof value === "object" && value !== null && !(value instanceof Date)
      ? cellText(value)
      : value;
  if (typeof out === "string" && out.length > MAX_CELL_CHARS) {
    throw new BookFileError("cell_too_long", `${out.length} characters`, row);
  }
  return out instanceof Date ? out.toISOString() : out;
}

/** Reads the workbook in this thread: caps checked as it goes. */
export async function parseBook(bytes: Uint8Array, kind: BookKind): Promise<BookSheet> {
  if (bytes.byteLength > MAX_BOOK_BYTES) {
    throw new BookFileError("too_big", `${bytes.byteLength} bytes`);
  }
  const builder = new SheetBuilder();
  if (kind === "xlsx") await xlsxRows(bytes, builder);
  else csvRows(bytes, builder);
  return builder.sheet();
}

function csvRows(bytes: Uint8Array, builder: SheetBuilder): void {
  const text = Buffer.from(bytes)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [";", "\t", ","].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  if (text.split("\n", MAX_BOOK_ROWS + SLACK_ROWS + 2).length > MAX_BOOK_ROWS + SLACK_ROWS + 1) {
    throw new BookFileError("too_many_rows", "more lines than allowed");
  }
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_CELL_CHARS * MAX_BOOK_COLUMNS,
      to_line: MAX_BOOK_ROWS + SLACK_ROWS + 1,
    }) as string[][];
  } catch (error) {
    throw new BookFileError("unreadable", (error as Error).message.slice(0, 200));
  }
  records.forEach((cells, index) => {
    builder.add(index + 1, cells.length, (i) => cells[i]);
  });
}

let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  excelModule ??= import("exceljs").then((m) => m.default);
  return excelModule;
};

async function xlsxRows(bytes: Uint8Array, builder: SheetBuilder): Promise<void> {
  const parts = neededParts(zipEntries(bytes));
  const Excel = await loadExcelJS();
  const input = partsStream(bytes, parts);
  const reader = new Excel.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  // The stream's own failures (a cap reached while inflating) are the reason; exceljs's are not.
  let streamError: unknown;
  input.on("error", (error) => {
    streamError = error;
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        builder.add(row.number, row.cellCount, (i) => row.findCell(i + 1)?.value as CellValue);
      }
      break;
    }
  } catch (error) {
    if (error instanceof BookFileError) throw error;
    if (streamError instanceof BookFileError) throw streamError;
    throw new BookFileError("unreadable", (error as Error).message?.slice(0, 200) ?? "XLSX");
  } finally {
    input.destroy();
  }
  if (streamError instanceof BookFileError) throw streamError;
}
