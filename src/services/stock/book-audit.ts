/**
 * The audit records of a workbook job: one per stock pair and per product's prices sent, with
 * the person who applied it, the product (SKU, with offer_id and the warehouse), old → new and
 * Ozon's answer for the item. A batch is recorded after it is marked done, under once-keys of the
 * job, batch and item; a crash in between is repaired when the job's result is delivered (the
 * batch is not marked recorded yet), and the once-keys keep it to one record per item.
 * Tests: none directly
 */
import type { AuditInput, AuditRecorder } from "../audit/index.ts";
import type { BookBatch, BookJob } from "./book-job.ts";
import type { ItemOutcome, PriceSet, StockSet } from "./book-ozon.ts";

export const bookOnceKey = (job: Pick<BookJob, "shopId" | "id">, batch: number, item: number) =>
  `book:${job.shopId}:${job.id}:${batch}:${item}`;

function resultOf(outcome: ItemOutcome | undefined): AuditInput["result"] {
  if (!outcome) return { status: "failed", words: "not_sent" };
  if (outcome.ok) return { status: "done" };
  const words = [outcome.code, outcome.message].filter(Boolean).join(": ") || "—";
  // Our own words for a request that never got an item's answer; else Ozon refused the item.
  const ours = ["REQUEST_FAILED", "no_answer", "not_sent"].includes(outcome.code);
  return { status: ours ? "failed" : "refused", words };
}

function pricesTo(set: PriceSet): string {
  return [
    set.price,
    set.oldPrice === undefined ? undefined : `old ${set.oldPrice}`,
    set.minPrice === undefined ? undefined : `min ${set.minPrice}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** Records the batch's items (each once); false when the trail could not take them all. */
export async function recordBatch(
  recorder: AuditRecorder,
  job: BookJob,
  index: number,
  batch: BookBatch,
): Promise<boolean> {
  const warehouses = new Map(job.warehouses.map((w) => [w.id, w.name]));
  const written = await Promise.all(
    batch.items.map((item, i) => {
      const stock = batch.kind === "stock" ? (item as StockSet) : undefined;
      const place = stock ? (warehouses.get(stock.warehouseId) ?? stock.warehouseId) : undefined;
      const was = item.was;
      return recorder
        .record({
          kind: batch.kind,
          actor: { id: job.by, name: job.byName },
          shopId: job.shopId,
          objectId: item.sku ?? item.productId,
          detail: [item.offerId, place].filter(Boolean).join(" · "),
          via: "workbook",
          ...(was === undefined ? {} : { from: was }),
          to: stock ? String(stock.stock) : pricesTo(item as PriceSet),
          result: resultOf(batch.outcomes?.[i]),
          onceKey: bookOnceKey(job, index, i),
        })
        .then(
          () => true,
          () => false,
        );
    }),
  );
  return written.every(Boolean);
}
