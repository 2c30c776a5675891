/**
 * What applying a workbook needs of Ozon, as the stock module adapts it from the Seller client:
 * the store's catalog (products, FBS stock per warehouse, prices) and the two setters, each
 * answering per item in the order sent.
 */
import type { BookCatalog } from "./book-plan.ts";

/** Product–warehouse pairs in one `/v2/products/stocks` request (Ozon's limit). */
export const STOCK_BATCH = 100;
/** Products in one `/v1/product/import/prices` request (Ozon's limit). */
export const PRICE_BATCH = 1_000;
/** Between two requests: Ozon takes 80 stock requests a minute per account. */
export const DEFAULT_PACE_MS = 750;

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
}

export type ItemOutcome = { ok: true } | { ok: false; code: string; message: string };

export interface BookOzon {
  catalog(signal: AbortSignal): Promise<BookCatalog>;
  setStocks(items: readonly StockSet[], signal: AbortSignal): Promise<ItemOutcome[]>;
  setPrices(items: readonly PriceSet[], signal: AbortSignal): Promise<ItemOutcome[]>;
}
