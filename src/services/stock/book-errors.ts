/**
 * Why an uploaded workbook is refused (the bot words each problem: book-file-<problem>).
 * Tests: none directly
 */
export type BookFileProblem =
  | "too_big"
  | "too_many_rows"
  | "too_many_columns"
  | "cell_too_long"
  | "unreadable"
  | "empty"
  /** The ZIP's local and central headers disagree: a forged file, never a program's. */
  | "zip_mismatch"
  /** The parts read would inflate past their cap, or the read ran out of its memory. */
  | "unpacked_too_big"
  /** The read took longer than its time cap. */
  | "too_slow";

export class BookFileError extends Error {
  override name = "BookFileError";
  readonly problem: BookFileProblem;
  readonly row: number | undefined;
  readonly detail: string;
  constructor(problem: BookFileProblem, detail: string, row?: number) {
    super(`workbook: ${problem}: ${detail}`);
    this.problem = problem;
    this.detail = detail;
    this.row = row;
  }
}
