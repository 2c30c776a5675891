/**
 * When a product at a warehouse is worth an alert: it reached 0 ("zero"), or fell below the
 * store's threshold ("low"). Each crossing is told once; a product stays marked until its stock
 * has risen above the threshold again (a product hovering at the threshold is not told twice:
 * it must go above it, then below it again). Pure: the watcher keeps the marks in the store.
 * Tests: test/services/stock/watcher.test.ts
 */

export type StockMark = "low" | "zero";

/** One product's FBS stock at one warehouse, as the watcher read it from Ozon. */
export interface StockLevel {
  /** Ozon's SKU (a string: ids may exceed 2^53). */
  sku: string;
  offerId: string;
  /** Ozon's product id, when Ozon named it (the 📦 Stock button opens the product by it). */
  productId?: string | undefined;
  name?: string | undefined;
  warehouseId: string;
  warehouseName?: string | undefined;
  /** Units available to sell (present less reserved), never negative. */
  free: number;
}

export interface Crossing {
  mark: StockMark;
  level: StockLevel;
}

/** Where a product at a warehouse is kept in the marks. */
export function levelKey(level: Pick<StockLevel, "sku" | "warehouseId">): string {
  return `${level.sku}@${level.warehouseId}`;
}

/** What the stock says, before memory: zero, low (below the threshold) or nothing. */
export function markOf(free: number, threshold: number): StockMark | undefined {
  if (free <= 0) return "zero";
  if (free < threshold) return "low";
  return undefined;
}

/**
 * The next marks and the crossings to tell, from the marks kept and the levels read now.
 * A product missing from `levels` keeps no mark (it left the store or the FBS warehouse).
 */
export function crossings(
  marks: Readonly<Record<string, StockMark>>,
  levels: readonly StockLevel[],
  threshold: number,
): { marks: Record<string, StockMark>; crossings: Crossing[] } {
  const next: Record<string, StockMark> = {};
  const told: Crossing[] = [];
  for (const level of levels) {
    const key = levelKey(level);
    const before = marks[key];
    const now = markOf(level.free, threshold);
    if (now === undefined) {
      // Rose to the threshold but not above it: the mark stays, so a dip back is not told again.
      if (before !== undefined && level.free <= threshold) next[key] = before;
      continue;
    }
    if (before === undefined || (before === "low" && now === "zero")) {
      next[key] = now;
      told.push({ mark: now, level });
      continue;
    }
    // Marked already: zero stays zero until the stock rises above the threshold.
    next[key] = before;
  }
  return { marks: next, crossings: told };
}
