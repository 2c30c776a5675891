/**
 * A workbook job's batches: the draft cut to Ozon's limits, what an interrupted batch already
 * reached (read back from Ozon), and the result lines.
 * Tests: none directly
 */
import { kopecksToRoubles } from "./book-cells.ts";
import type { BookBatch, BookDraft, BookResultLine } from "./book-job.ts";
import { PRICE_BATCH, type PriceSet, STOCK_BATCH, type StockSet } from "./book-ozon.ts";
import type { BookCatalog } from "./book-plan.ts";

export const pad = (index: number) => String(index).padStart(5, "0");

export function batchesOf(draft: BookDraft): BookBatch[] {
  const batches: BookBatch[] = [];
  for (let at = 0; at < draft.stock.length; at += STOCK_BATCH) {
    const part = draft.stock.slice(at, at + STOCK_BATCH);
    batches.push({
      kind: "stock",
      rows: part.map((c) => c.row),
      items: part.map((c) => ({
        offerId: c.offerId,
        productId: c.productId,
        warehouseId: c.warehouseId,
        stock: c.to,
        ...(c.sku ? { sku: c.sku } : {}),
        ...(c.from === undefined ? {} : { was: String(c.from) }),
      })),
      state: "pending",
    });
  }
  for (let at = 0; at < draft.prices.length; at += PRICE_BATCH) {
    const part = draft.prices.slice(at, at + PRICE_BATCH);
    batches.push({
      kind: "price",
      rows: part.map((c) => c.row),
      items: part.map((c) => {
        const price = c.fields.price?.to ?? c.keepPrice ?? "0";
        const set: PriceSet = {
          offerId: c.offerId,
          productId: c.productId,
          price: kopecksToRoubles(BigInt(price)),
        };
        if (c.fields.oldPrice) set.oldPrice = kopecksToRoubles(BigInt(c.fields.oldPrice.to));
        if (c.fields.minPrice) set.minPrice = kopecksToRoubles(BigInt(c.fields.minPrice.to));
        if (c.sku) set.sku = c.sku;
        const seen = c.fields.price?.from ?? c.keepPrice;
        if (seen !== undefined) set.seen = seen;
        const was = pricesText({
          price: c.fields.price?.from ?? c.keepPrice,
          oldPrice: c.fields.oldPrice?.from,
          minPrice: c.fields.minPrice?.from,
        });
        if (was) set.was = was;
        return set;
      }),
      state: "pending",
    });
  }
  return batches;
}

/** Which items of an interrupted batch Ozon already shows at their new value. */
export function reachedNow(batch: BookBatch, catalog: BookCatalog): boolean[] {
  const items = new Map(catalog.items.map((item) => [item.offerId, item]));
  return batch.items.map((item) => {
    const now = items.get(item.offerId);
    if (!now) return false;
    if (batch.kind === "stock") {
      const set = item as StockSet;
      return now.stocks[set.warehouseId] === set.stock;
    }
    const set = item as PriceSet;
    const same = (want: string | undefined, have: bigint | undefined) =>
      want === undefined || kopecksToRoubles(have ?? 0n) === want;
    return (
      same(set.price, now.price) &&
      same(set.oldPrice, now.oldPrice) &&
      same(set.minPrice, now.minPrice)
    );
  });
}

export function resultLines(batch: BookBatch): BookResultLine[] {
  return batch.items.map((item, i): BookResultLine => {
    const outcome = batch.outcomes?.[i] ?? { ok: false, code: "not_sent", message: "" };
    if (batch.kind === "stock") {
      const set = item as StockSet;
      return {
        row: batch.rows[i] ?? 0,
        offerId: set.offerId,
        kind: "stock" as const,
        warehouseId: set.warehouseId,
        stock: set.stock,
        outcome,
      };
    }
    const {
      offerId,
      productId: _id,
      sku: _sku,
      was: _was,
      seen: _seen,
      ...prices
    } = item as PriceSet;
    return { row: batch.rows[i] ?? 0, offerId, kind: "price" as const, prices, outcome };
  });
}

export function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Prices in words for the audit trail ("1299.50, old 1500.00"); kopecks in, empty when none. */
function pricesText(kopecks: { price?: string; oldPrice?: string; minPrice?: string }): string {
  const text = (value: string | undefined) =>
    value === undefined ? undefined : kopecksToRoubles(BigInt(value));
  return [
    text(kopecks.price),
    kopecks.oldPrice === undefined ? undefined : `old ${text(kopecks.oldPrice)}`,
    kopecks.minPrice === undefined ? undefined : `min ${text(kopecks.minPrice)}`,
  ]
    .filter(Boolean)
    .join(", ");
}
