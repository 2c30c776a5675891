/**
 * The CSV files inside a report ZIP (Ozon sends one CSV per campaign), read without trusting the
 * ZIP: a running count of the bytes actually inflated, never the sizes it claims.
 * Tests: test/services/ads/reports/summary.test.ts
 */
import { Unzip, UnzipInflate } from "fflate";
import { MAX_UNPACKED_BYTES, ReportFileError } from "./file.ts";

/** CSV files read from one ZIP at most (Ozon puts one per campaign, and a report has up to 10). */
export const MAX_ZIP_FILES = 100;
/**
 * Compressed bytes handed to the inflater at a time. DEFLATE inflates at most 1032 times, so one
 * step makes at most about 1 MB: the running count stops a bomb within one step of the cap.
 */
const INFLATE_STEP = 1024;

/**
 * The CSV files of a ZIP, inflated step by step with a running byte count: an entry that says it
 * is small and inflates to gigabytes is stopped at the cap (too_large) or at its stated size
 * (bad_zip), never inflated in full.
 */
export function unzip(bytes: Uint8Array, name: string): Array<{ name: string; bytes: Uint8Array }> {
  const files: Array<{ name: string; bytes: Uint8Array }> = [];
  let entries = 0;
  let unpacked = 0;
  const unzipper = new Unzip((entry) => {
    entries++;
    if (!/\.csv$/i.test(entry.name) || entry.name.startsWith("__MACOSX/")) return;
    if (files.length >= MAX_ZIP_FILES) {
      throw new ReportFileError("too_large", `more than ${MAX_ZIP_FILES} CSV files`, {
        file: name,
      });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (error, chunk, final) => {
      if (error) throw error;
      size += chunk.length;
      unpacked += chunk.length;
      if (unpacked > MAX_UNPACKED_BYTES) {
        throw new ReportFileError("too_large", "unpacked size over the limit", { file: name });
      }
      if (entry.originalSize !== undefined && size > entry.originalSize) {
        const detail = `${entry.name} inflates beyond the ${entry.originalSize} bytes it states`;
        throw new ReportFileError("bad_zip", detail, { file: name });
      }
      chunks.push(chunk);
      if (final) files.push({ name: entry.name, bytes: Buffer.concat(chunks, size) });
    };
    entry.start();
  });
  unzipper.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += INFLATE_STEP) {
      unzipper.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
    }
  } catch (error) {
    if (error instanceof ReportFileError) throw error;
    throw new ReportFileError("bad_zip", (error as Error).message, { file: name });
  }
  if (entries === 0) throw new ReportFileError("bad_zip", "no file inside", { file: name });
  if (files.length === 0) {
    throw new ReportFileError("no_csv_in_zip", "no .csv inside", { file: name });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
}
