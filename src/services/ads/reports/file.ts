/**
 * What reading a report file may refuse, and how much of it is read at most.
 * Tests: test/services/ads/reports/jobs-format.test.ts and 12 more
 */

export type ReportFileErrorCode =
  | "empty"
  | "not_text"
  | "no_header"
  | "bad_number"
  | "bad_quotes"
  | "bad_zip"
  | "no_csv_in_zip"
  | "too_large";

/** A report file that cannot be read; the file itself may still be delivered. */
export class ReportFileError extends Error {
  readonly code: ReportFileErrorCode;
  readonly file?: string;
  readonly line?: number;
  constructor(code: ReportFileErrorCode, detail: string, where: { file?: string; line?: number }) {
    const at = [where.file, where.line === undefined ? undefined : `line ${where.line}`]
      .filter(Boolean)
      .join(", ");
    super(`Report file not readable (${code}${at ? `, ${at}` : ""}): ${detail}`);
    this.name = "ReportFileError";
    this.code = code;
    this.file = where.file;
    this.line = where.line;
  }
}

export function isReportFileError(error: unknown): error is ReportFileError {
  return error instanceof ReportFileError;
}

/**
 * The CSV text summed up from one report, in total, at most; counted on the bytes actually
 * inflated, never on the sizes a ZIP claims. It bounds the pause of the event loop: inflating
 * and reading run synchronously, reading at about 4 MB/s, so the worst is about two seconds.
 * A report of 10 campaigns × 62 days is some 30 KB; a bigger one is still delivered, without
 * its summary.
 */
export const MAX_UNPACKED_BYTES = 8 * 1024 * 1024;
