/**
 * A workbook job's records: the draft a preview keeps, the job Apply makes of it, its batches,
 * the result lines, and what the desk needs of the bot (book-desk.ts runs them).
 * Tests: none directly
 */
import type { ItemOutcome, PriceSet, StockSet } from "./book-ozon.ts";
import type { BookPlan, BookWarehouse } from "./book-plan.ts";

/** Who applies and where they hear of it. */
export interface BookAudience {
  chatId: number;
  by: number;
  byName: string;
  locale: string;
}

export interface BookDraft extends BookAudience {
  id: string;
  shopId: string;
  /** The store's warehouses when previewed (names for the result). */
  warehouses: BookWarehouse[];
  stock: BookPlan["stock"];
  prices: BookPlan["prices"];
  /** New cost prices (kept by the bot on Apply, not sent to Ozon); absent in older drafts. */
  costs?: BookPlan["costs"];
  createdAt: string;
}

export interface BookJob extends BookAudience {
  id: string;
  shopId: string;
  warehouses: BookWarehouse[];
  batches: number;
  /** Changes in all (stock pairs + products with new prices). */
  total: number;
  sent: number;
  /** The progress message, once there is one. */
  messageId?: number;
  state: "running" | "finished" | "delivered";
  /** Finished early: the sender's role no longer allows what is left, or they cancelled it. */
  stopped?: "rights" | "cancelled";
  deliveryTries: number;
  createdAt: string;
}

export interface BookBatch {
  kind: "stock" | "price";
  /** Requests begun for it (a failed one is tried again, up to MAX_BATCH_TRIES (book-desk.ts)). */
  tries?: number;
  rows: number[];
  items: Array<StockSet | PriceSet>;
  state: "pending" | "sending" | "done";
  outcomes?: ItemOutcome[];
  /** Its items are in the audit trail (book-audit.ts). */
  recorded?: true;
}

export interface BookResultLine {
  row: number;
  offerId: string;
  kind: "stock" | "price";
  warehouseId?: string;
  /** What was asked: units, or the prices in roubles ("1299.50"). */
  stock?: number;
  prices?: Omit<PriceSet, "offerId" | "productId">;
  outcome: ItemOutcome;
}

export interface BookNotifier {
  /** Shows (or edits) the job's one progress message; returns its id. */
  progress(job: BookJob): Promise<number | undefined>;
  /** Sends the result; resolves once Telegram accepted it. */
  finished(job: BookJob, lines: BookResultLine[]): Promise<void>;
  /** Tells the sender the job stopped early, and why (`job.stopped`). */
  stopped(job: BookJob): Promise<void>;
}

/** What a job's sender may still change in its store: stock, prices. */
export interface BookRights {
  stock: boolean;
  prices: boolean;
}
