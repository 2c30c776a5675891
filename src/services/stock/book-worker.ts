/**
 * One workbook read in a worker thread (book-read.ts starts it with a capped heap and a time
 * limit): the file's bytes come in workerData, the sheet or the reason it was refused goes back.
 * Tests: none directly
 */
import { parentPort, workerData } from "node:worker_threads";
import { BookFileError } from "./book-errors.ts";
import { type BookKind, parseBook } from "./book-parse.ts";
import type { BookReadAnswer } from "./book-read.ts";

/** Cells per message back: the bot's thread takes a message in one go, this many in a few ms. */
const CELLS_PER_MESSAGE = 10_000;

/**
 * The next slice goes when the bot's thread asks for it ("more"): Node hands a thread every
 * message already waiting in one go, so slices sent all at once would block it as one.
 */
function asked(port: NonNullable<typeof parentPort>): Promise<void> {
  return new Promise((resolve) => port.once("message", () => resolve()));
}

const port = parentPort;
const input = workerData as { bytes: Uint8Array; kind: BookKind } | undefined;
if (port && input) {
  parseBook(input.bytes, input.kind).then(
    async (sheet) => {
      // In slices, one at a time: each is quick to take, and the bot's thread runs in between.
      const width = Math.max(1, ...sheet.rows.slice(0, 1).map((row) => row.cells.length));
      const slice = Math.max(1, Math.floor(CELLS_PER_MESSAGE / width));
      for (let at = 0; at < sheet.rows.length; at += slice) {
        const more = asked(port);
        port.postMessage({ rows: sheet.rows.slice(at, at + slice) } satisfies BookReadAnswer);
        await more;
      }
      port.postMessage({ sheet: { ...sheet, rows: [] } } satisfies BookReadAnswer);
    },
    (error: unknown) => {
      const refusal =
        error instanceof BookFileError
          ? error
          : new BookFileError(
              "unreadable",
              String((error as Error)?.message ?? error).slice(0, 200),
            );
      const detail = refusal.detail.slice(0, 300);
      const row = refusal.row === undefined ? {} : { row: refusal.row };
      port.postMessage({
        error: { problem: refusal.problem, detail, ...row },
      } satisfies BookReadAnswer);
    },
  );
}
