/**
 * What applying a workbook needs of Ozon, as the stock module adapts it from the Seller client:
 * the store's catalog (products, FBS stock per warehouse, prices) and the two setters, each
 * answering per item in the order sent.
 * Tests: none directly
 */
import type { BookCatalog } from "./book-plan.ts";

/** Product–warehouse pairs in one `/v2/products/stocks` request (Ozon's limit). */
export const STOCK_BATCH = 100;
/** Products in one `/v1/product/import/prices` request (Ozon's limit). */
export const PRICE_BATCH = 1_000;
/**
 * Between two batches. Stock requests also wait their turn at the account's pace, shared with
 * the stock dialog (the Seller client's STOCK_UPDATES_PER_MINUTE, under Ozon's 80 a minute).
 */
export const DEFAULT_PACE_MS = 750;

/** An item's outcome codes for Ozon's documented change limits (worded by the result). */
export const STOCK_TOO_FREQUENT = "TOO_MANY_REQUESTS";
export const PRICE_TOO_OFTEN = "PRICE_TOO_OFTEN";
export const STOCK_TOO_BIG_CODE = "STOCK_TOO_BIG";
/** Not sent: the product's price at Ozon moved since the preview (message: the price now). */
export const PRICE_MOVED = "PRICE_MOVED";

export interface StockSet {
  offerId: string;
  productId: string;
  warehouseId: string;
  stock: number;
  /** For the audit record only (never sent): the SKU and the units before. */
  sku?: string;
  was?: string;
}

export interface PriceSet {
  offerId: string;
  productId: string;
  /** Roubles as Ozon takes them ("1299.50"); Ozon wants it even when only another one changes. */
  price: string;
  oldPrice?: string;
  minPrice?: string;
  /** For the audit record only (never sent): the SKU and the prices before, in words. */
  sku?: string;
  was?: string;
  /** Never sent: the price at the preview, in kopecks (the row is left out if it moved since). */
  seen?: string;
}

export type ItemOutcome = { ok: true } | { ok: false; code: string; message: string };

export interface BookOzon {
  catalog(signal: AbortSignal): Promise<BookCatalog>;
  /** The prices of these products now, in kopecks (default: read from `catalog`). */
  prices?(productIds: readonly string[], signal: AbortSignal): Promise<Map<string, bigint>>;
  setStocks(items: readonly StockSet[], signal: AbortSignal): Promise<ItemOutcome[]>;
  setPrices(items: readonly PriceSet[], signal: AbortSignal): Promise<ItemOutcome[]>;
}
