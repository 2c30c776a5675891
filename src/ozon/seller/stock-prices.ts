/**
 * The stock-and-prices namespace: read stock (in total and per FBS warehouse) and prices, set them
 * with Ozon's answer per item, and find products by their ids or over the whole catalogue.
 * Tests: test/ozon/seller/deliveries.test.ts, test/ozon/seller/todays-ozon.test.ts and 4 more
 */
import { OzonInputError } from "../errors.ts";
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  importPricesV1,
  prices as pricesCapability,
  pricesV1,
  pricesV5,
  STOCKS_BY_WAREHOUSE_IDS,
  STOCKS_BY_WAREHOUSE_PAGE,
  setStocksV2,
  stocksByWarehouseFbsV2,
  stocks as stocksCapability,
  stocksV2,
  stocksV4,
} from "./endpoints/stock-prices.ts";
import {
  addUnits,
  askedIds,
  emptyStock,
  toPrices,
  toResult,
  unanswered,
} from "./stock-normalize.ts";
import type {
  ItemResult,
  PriceChange,
  ProductPrices,
  ProductStock,
  StockChange,
  WarehouseStock,
} from "./stock-types.ts";

export {
  type ItemError,
  isTooManyRequests,
  type KnownRefusal,
  refusalOf,
} from "./stock-refusals.ts";
export type {
  ItemResult,
  PriceChange,
  ProductPrices,
  ProductStock,
  StockChange,
  Units,
  WarehouseStock,
} from "./stock-types.ts";

/** Ozon takes one change of a product's stock at one warehouse at most once in this time. */
export const STOCK_CHANGE_WINDOW_MS = 30_000;
/** Ozon refuses a stock of this many units or more (STOCK_TOO_BIG). */
export const STOCK_TOO_BIG = 1_000_000;
/** Ozon takes a product's price at most this many times an hour. */
export const PRICE_CHANGES_PER_HOUR = 10;
/**
 * Stock requests per minute the bot sends for one account: Ozon takes 80; the rest is headroom
 * for the seller's other tools. The stock dialog and the workbook share it (a request waits its
 * turn).
 */
export const STOCK_UPDATES_PER_MINUTE = 70;
/** Pairs per /v2/products/stocks request; products per /v1/product/import/prices request. */
export const STOCK_BATCH = 100;
export const PRICE_BATCH = 1000;
const PAGE = 1000;
/** A listing stops here even if Ozon keeps saying there is more. */
const MAX_PAGES = 50;

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The body of a successor's cursor-paged list of these products. */
const cursorBody = (asked: Set<string>, page: { cursor?: string }) => ({
  filter: { product_id: [...asked], visibility: "ALL" },
  limit: PAGE,
  ...page,
});

/** The body of a seed's offset-paged list of these products. */
const offsetBody = (asked: Set<string>, page: number) => ({
  page,
  page_size: PAGE,
  filter: { product_id: [...asked] },
});

/**
 * The asked products of an offset-paged seed list (`/v2` stocks, `/v1` prices), each as `toValue`
 * makes it, by product id. At most MAX_PAGES pages; stops once every asked product came, on a
 * short page, or past Ozon's total.
 */
async function offsetPagedProducts<I extends { product_id: string }, T>(
  asked: Set<string>,
  fetchPage: (page: number) => Promise<{ result: { items?: I[] | null; total?: number | null } }>,
  toValue: (item: I) => T,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { result } = await fetchPage(page);
    const items = result.items ?? [];
    for (const item of items) {
      if (asked.has(item.product_id)) found.set(item.product_id, toValue(item));
    }
    const total = result.total ?? 0;
    if (found.size >= asked.size || items.length < PAGE || page * PAGE >= total) break;
  }
  return found;
}

/**
 * Visits every item of a cursor-paged successor list (`/v4` stocks, `/v5` prices), at most
 * MAX_PAGES pages; stops on an empty page or a cursor that does not move.
 */
async function eachCursorItem<I>(
  fetchPage: (page: { cursor?: string }) => Promise<{ items?: I[] | null; cursor?: string | null }>,
  visit: (item: I) => void,
): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchPage(cursor ? { cursor } : {});
    const items = answer.items ?? [];
    for (const item of items) visit(item);
    if (items.length === 0 || !answer.cursor || answer.cursor === cursor) break;
    cursor = answer.cursor;
  }
}

/** Whole units below Ozon's STOCK_TOO_BIG, checked before anything is sent. */
function checkUnits(changes: ReadonlyArray<{ stock: number }>): void {
  for (const c of changes) {
    if (!Number.isSafeInteger(c.stock) || c.stock < 0) {
      throw new OzonInputError("stock", "a whole number of units, 0 or more");
    }
    if (c.stock >= STOCK_TOO_BIG) {
      throw new OzonInputError("stock", `fewer than ${STOCK_TOO_BIG} units (STOCK_TOO_BIG)`);
    }
  }
}

export function createStockPricesApi(ctx: SellerContext) {
  /** Waits for this account's turn among its stock requests (STOCK_UPDATES_PER_MINUTE). */
  const stockTurn = (signal?: AbortSignal) => ctx.stockUpdates?.take(signal) ?? Promise.resolve();

  function stocksSpec(asked: Set<string>, signal?: AbortSignal) {
    return offsetPagedProducts(
      asked,
      (page) => ctx.http.call(stocksV2, { body: offsetBody(asked, page), ...signalOf(signal) }),
      (item) => {
        const stock = emptyStock(item.product_id, item.offer_id);
        for (const s of item.stocks ?? []) addUnits(stock, s.type, s);
        return stock;
      },
    );
  }

  async function stocksSuccessor(asked: Set<string>, signal?: AbortSignal) {
    const found = new Map<string, ProductStock>();
    await eachCursorItem(
      (body) => ctx.http.call(stocksV4, { body: cursorBody(asked, body), ...signalOf(signal) }),
      (item) => {
        if (!asked.has(item.product_id)) return;
        const stock = found.get(item.product_id) ?? emptyStock(item.product_id, item.offer_id);
        for (const s of item.stocks ?? []) addUnits(stock, s.type, s);
        found.set(item.product_id, stock);
      },
    );
    return found;
  }

  function pricesSpec(asked: Set<string>, signal?: AbortSignal) {
    return offsetPagedProducts(
      asked,
      (page) => ctx.http.call(pricesV1, { body: offsetBody(asked, page), ...signalOf(signal) }),
      toPrices,
    );
  }

  async function pricesSuccessor(asked: Set<string>, signal?: AbortSignal) {
    const found = new Map<string, ProductPrices>();
    await eachCursorItem(
      (body) => ctx.http.call(pricesV5, { body: cursorBody(asked, body), ...signalOf(signal) }),
      (item) => {
        if (asked.has(item.product_id)) found.set(item.product_id, toPrices(item));
      },
    );
    return found;
  }

  return {
    /** FBS and FBO units by product id (a product Ozon does not know is absent). */
    async stocks(productIds: readonly string[], signal?: AbortSignal) {
      const asked = askedIds(productIds);
      if (asked.size === 0) return new Map<string, ProductStock>();
      const { value } = await ctx.successors.run(
        stocksCapability,
        () => stocksSpec(asked, signal),
        () => stocksSuccessor(asked, signal),
      );
      return value;
    },

    /**
     * Units per FBS (and rFBS) warehouse, by SKUs or by offer_ids (up to 1000 of one kind): a row
     * per product and warehouse, every page of Ozon's answer (at most MAX_PAGES).
     */
    async stocksByWarehouse(
      by: { skus: readonly string[] } | { offerIds: readonly string[] },
      signal?: AbortSignal,
    ): Promise<WarehouseStock[]> {
      const list = [...new Set("skus" in by ? by.skus : by.offerIds)];
      if (list.length === 0) return [];
      if (list.length > STOCKS_BY_WAREHOUSE_IDS) {
        throw new OzonInputError("ids", `at most ${STOCKS_BY_WAREHOUSE_IDS} ids per stock request`);
      }
      const ids = "skus" in by ? { sku: list } : { offer_id: list };
      const rows = new Map<string, WarehouseStock>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await ctx.http.call(stocksByWarehouseFbsV2, {
          body: { ...ids, limit: STOCKS_BY_WAREHOUSE_PAGE, ...(cursor ? { cursor } : {}) },
          ...signalOf(signal),
        });
        const products = answer.products ?? [];
        for (const row of products) {
          rows.set(`${row.product_id}:${row.warehouse_id}`, {
            productId: row.product_id,
            ...(row.offer_id ? { offerId: row.offer_id } : {}),
            ...(row.sku ? { sku: row.sku } : {}),
            warehouseId: row.warehouse_id,
            ...(row.warehouse_name ? { warehouseName: row.warehouse_name } : {}),
            present: row.present,
            reserved: row.reserved,
            free: Math.max(0, row.free_stock ?? row.present - row.reserved),
          });
        }
        const next = answer.cursor;
        if (!answer.has_next || products.length === 0 || !next || next === cursor) break;
        cursor = next;
      }
      return [...rows.values()];
    },

    /** Price, old price and minimum price by product id. */
    async prices(productIds: readonly string[], signal?: AbortSignal) {
      const asked = askedIds(productIds);
      if (asked.size === 0) return new Map<string, ProductPrices>();
      const { value } = await ctx.successors.run(
        pricesCapability,
        () => pricesSpec(asked, signal),
        () => pricesSuccessor(asked, signal),
      );
      return value;
    },

    /** Sets units available at FBS warehouses; Ozon's answer per product–warehouse pair. */
    async setStocks(changes: readonly StockChange[], signal?: AbortSignal): Promise<ItemResult[]> {
      if (changes.length === 0) return [];
      if (changes.length > STOCK_BATCH) {
        throw new OzonInputError("stocks", `at most ${STOCK_BATCH} stock changes per request`);
      }
      checkUnits(changes);
      await stockTurn(signal);
      const answer = await ctx.http.call(setStocksV2, {
        body: {
          stocks: changes.map((c) => ({
            product_id: wireInt(c.productId),
            quant_size: 1,
            warehouse_id: wireInt(c.warehouseId),
            stock: c.stock,
          })),
        },
        ...signalOf(signal),
      });
      const results = (answer.result ?? []).map((row) => toResult(row, "stock"));
      return changes.map(
        (c) =>
          results.find(
            (r) =>
              r.productId === c.productId &&
              (r.warehouseId === undefined || r.warehouseId === c.warehouseId),
          ) ?? unanswered(c.productId, c.warehouseId),
      );
    },

    /** Sets prices; Ozon's answer per product. */
    async setPrices(changes: readonly PriceChange[], signal?: AbortSignal): Promise<ItemResult[]> {
      if (changes.length === 0) return [];
      if (changes.length > PRICE_BATCH) {
        throw new OzonInputError("prices", `at most ${PRICE_BATCH} price changes per request`);
      }
      const answer = await ctx.http.call(importPricesV1, {
        body: {
          prices: changes.map((c) => ({
            product_id: wireInt(c.productId),
            price: c.price,
            ...(c.oldPrice !== undefined ? { old_price: c.oldPrice } : {}),
            ...(c.minPrice !== undefined ? { min_price: c.minPrice } : {}),
            ...(c.currency ? { currency_code: c.currency } : {}),
          })),
        },
        ...signalOf(signal),
      });
      const results = (answer.result ?? []).map((row) => toResult(row, "price"));
      return changes.map(
        (c) => results.find((r) => r.productId === c.productId) ?? unanswered(c.productId),
      );
    },
  };
}

export type StockPricesApi = ReturnType<typeof createStockPricesApi>;
