/**
 * A stock-and-price workbook a person sent back, read without trusting it: an XLSX or a CSV, read
 * in a worker thread (book-worker.ts → book-parse.ts) whose heap is capped and whose time is
 * limited, so a file built to be expensive costs that worker, never the bot's event loop or its
 * memory. What comes out is the header and the cells of the columns the bot reads, each row
 * with its number as the person's spreadsheet shows it; a refusal is a BookFileError.
 * Tests: test/services/stock/book-read-worker.test.ts, test/services/stock/book.test.ts and 1 more
 */
import { Worker } from "node:worker_threads";
import { BookFileError, type BookFileProblem } from "./book-errors.ts";
import { type BookKind, type BookRow, type BookSheet, MAX_BOOK_BYTES } from "./book-parse.ts";

export { BookFileError, type BookFileProblem } from "./book-errors.ts";
export {
  type BookKind,
  type BookRow,
  type BookSheet,
  MAX_BOOK_BYTES,
  MAX_BOOK_COLUMNS,
  MAX_BOOK_ROWS,
  MAX_CELL_CHARS,
} from "./book-parse.ts";
export { MAX_UNPACKED_BYTES } from "./book-zip.ts";

/** The worker beside this file: TypeScript when run from src/, JavaScript when built. */
const WORKER_FILE = import.meta.url.endsWith(".ts") ? "./book-worker.ts" : "./book-worker.js";
/**
 * A bot workbook of 20 000 rows reads in a few seconds; the caps' corner (20 000 × 200 numbers)
 * takes exceljs ~20 s of CPU, more on a busy machine (bench/book-upload.ts). Past this, refused.
 */
export const BOOK_READ_TIMEOUT_MS = 90_000;
/**
 * The worker's heap: exceljs's stream reader holds one row and the shared strings at a time, the
 * kept cells of up to 20 000 rows stay; a file that needs more is refused, not the bot stopped.
 */
export const BOOK_READ_HEAP_MB = 256;

export interface BookReadOptions {
  timeoutMs?: number;
  heapMb?: number;
}

/** What the worker posts back. */
export type BookReadAnswer =
  | { rows: BookRow[] }
  /** The last message: the header (its `rows` empty; they came before). */
  | { sheet: BookSheet }
  | { error: { problem: BookFileProblem; detail: string; row?: number } };

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

/** Reads the workbook in a worker of its own (one per file: its memory is given back at the end). */
export function readBook(
  bytes: Uint8Array,
  kind: BookKind,
  options: BookReadOptions = {},
): Promise<BookSheet> {
  if (bytes.byteLength > MAX_BOOK_BYTES) {
    return Promise.reject(new BookFileError("too_big", `${bytes.byteLength} bytes`));
  }
  const timeoutMs = options.timeoutMs ?? BOOK_READ_TIMEOUT_MS;
  const heapMb = options.heapMb ?? BOOK_READ_HEAP_MB;
  return new Promise<BookSheet>((resolve, reject) => {
    let settled = false;
    const worker = new Worker(new URL(WORKER_FILE, import.meta.url), {
      // A copy: the caller's bytes may sit in a shared pool that must not be moved away.
      workerData: { bytes: new Uint8Array(bytes), kind },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    const finish = (outcome: { sheet: BookSheet } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ("sheet" in outcome) resolve(outcome.sheet);
      else reject(outcome.error);
    };
    const timer = setTimeout(() => {
      finish({ error: new BookFileError("too_slow", `not read within ${timeoutMs} ms`) });
    }, timeoutMs);
    const rows: BookRow[] = [];
    worker.on("message", (answer: BookReadAnswer) => {
      if ("rows" in answer) {
        for (const row of answer.rows) rows.push(row);
        // The next slice after a turn of the event loop: other chats run in between.
        setImmediate(() => {
          if (!settled) worker.postMessage("more");
        });
        return;
      }
      if ("sheet" in answer) return finish({ sheet: { ...answer.sheet, rows } });
      const { problem, detail, row } = answer.error;
      finish({ error: new BookFileError(problem, detail, row) });
    });
    worker.on("error", (error: Error & { code?: string }) => {
      // The heap cap reached: the file needs more memory than any workbook of ours does.
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        return finish({ error: new BookFileError("unpacked_too_big", "out of the read's memory") });
      }
      finish({ error });
    });
    worker.on("exit", (code) => {
      finish({ error: new Error(`workbook reader stopped (exit ${code}) without an answer`) });
    });
  });
}
