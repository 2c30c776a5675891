/**
 * The typed report kept after delivery, so the XLSX button can build the workbook later without
 * asking Ozon again: kept REPORT_TABLE_TTL_MS (three days), then gone (the button then says so
 * and offers to order the report again). A report too large to keep is not kept.
 * Tests: test/services/ads/reports/chart-renderer.test.ts and 4 more
 */
import type { Store } from "../../../store/port.ts";
import type { ReportTable } from "./table.ts";

const PREFIX = "report-table:";
export const REPORT_TABLE_TTL_MS = 3 * 24 * 60 * 60 * 1000;
/** A 10-campaign, 62-day report is some 60 KB of JSON; anything past this is not kept. */
export const MAX_KEPT_TABLE_CHARS = 2_000_000;

export interface KeptReportTable {
  /** The person who ordered the report: the only one its buttons act for. */
  owner: number;
  /** The delivered file's name, for the workbook's. */
  name: string;
  table: ReportTable;
  keptAt: number;
}

export class ReportTableStore {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }

  /** Keeps the table for the job; false when it is too large to keep. */
  async keep(
    jobId: string,
    about: { owner: number; name: string },
    table: ReportTable,
    now = Date.now(),
  ): Promise<boolean> {
    const kept: KeptReportTable = { ...about, table, keptAt: now };
    if (JSON.stringify(kept).length > MAX_KEPT_TABLE_CHARS) return false;
    await this.#store.set(PREFIX + jobId, kept, { ttlMs: REPORT_TABLE_TTL_MS });
    return true;
  }

  get(jobId: string): Promise<KeptReportTable | undefined> {
    return this.#store.get<KeptReportTable>(PREFIX + jobId);
  }
}
