/**
 * What the stock and price methods read and change, in the bot's own terms.
 * Tests: none directly
 */
import type { ItemError, KnownRefusal } from "./stock-refusals.ts";

export interface Units {
  present: number;
  reserved: number;
}

export interface ProductStock {
  productId: string;
  offerId?: string;
  /** FBS and rFBS together. */
  fbs: Units;
  fbo: Units;
}

export interface WarehouseStock {
  productId: string;
  offerId?: string;
  sku?: string;
  warehouseId: string;
  warehouseName?: string;
  present: number;
  reserved: number;
  /** Units available to sell, as Ozon counts them (`free_stock`; else present less reserved). */
  free: number;
}

/** Decimal strings of roubles as Ozon writes them ("1290.00" or "1290.5"); absent when unset. */
export interface ProductPrices {
  productId: string;
  offerId?: string;
  price?: string;
  oldPrice?: string;
  minPrice?: string;
  currency?: string;
}

/** Ozon's answer for one item of a change. */
export interface ItemResult {
  productId?: string;
  offerId?: string;
  warehouseId?: string;
  updated: boolean;
  errors: ItemError[];
  /** The per product-and-warehouse (or per price) change limit: try again later. */
  tooManyRequests: boolean;
  /** Which documented refusal it was, when it was one. */
  refusal?: KnownRefusal;
}

export interface StockChange {
  productId: string;
  warehouseId: string;
  /** Units available, not counting the reserved ones (Ozon adds those itself). */
  stock: number;
}

export interface PriceChange {
  productId: string;
  /** Decimal strings of roubles, at most 2 decimals; oldPrice "0" resets it. */
  price: string;
  oldPrice?: string;
  minPrice?: string;
  currency?: string;
}
