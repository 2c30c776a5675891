/**
 * What a workbook job checks before each batch: that its sender may still make its changes (a
 * role taken away stops the job before the next batch), that nobody cancelled it, and — for a
 * price batch — that each product's price at Ozon is still the one the preview showed: a row
 * that would put back an older price (someone changed it through 💰 Price meanwhile) is left out
 * and said so in the result.
 * Tests: none directly
 */
import { kopecksToRoubles } from "./book-cells.ts";
import { type BookOzon, type ItemOutcome, PRICE_MOVED, type PriceSet } from "./book-ozon.ts";

/** `book:cancel:<job>`: ✖ pressed while the job runs; it stops before its next batch. */
export const CANCEL_PREFIX = "book:cancel:";
/** A cancel mark outlives any job. */
export const CANCEL_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Every `book:batch:*` key expires after this long (a job runs for minutes; a result not
 * delivered in days is given up): nothing a job leaves behind stays for ever.
 */
export const BATCH_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** The outcomes of the items whose price moved since the preview, by their place in `items`. */
export async function movedPrices(
  ozon: BookOzon,
  items: readonly PriceSet[],
  signal: AbortSignal,
): Promise<Map<number, ItemOutcome>> {
  const checked = items.filter((item) => item.seen !== undefined);
  const moved = new Map<number, ItemOutcome>();
  if (checked.length === 0) return moved;
  const now = ozon.prices
    ? await ozon.prices(
        checked.map((item) => item.productId),
        signal,
      )
    : new Map(
        (await ozon.catalog(signal)).items.flatMap((item) =>
          item.price === undefined ? [] : [[item.productId, item.price] as const],
        ),
      );
  items.forEach((item, i) => {
    if (item.seen === undefined) return;
    const price = now.get(item.productId);
    if (price !== undefined && price === BigInt(item.seen)) return;
    const message = price === undefined ? "" : kopecksToRoubles(price);
    moved.set(i, { ok: false, code: PRICE_MOVED, message });
  });
  return moved;
}
