/**
 * The stock module's view of a store's Seller client (i24-base's stock-and-prices namespace):
 * the watcher's FBS stock per product and warehouse, and the workbook's catalog and setters.
 *
 * Calls per read of a store with N products (the watcher's cost): the catalogue's ids
 * (⌈N/1000⌉ /v3/product/list) and cards (⌈N/1000⌉ /v3/product/info/list) — kept for an hour —
 * and the stock per warehouse (⌈N/1000⌉ /v2/product/info/stocks-by-warehouse/fbs, each paged by
 * its cursor: a row per product and warehouse) every pass.
 * Tests: none directly
 */
import type { ItemResult, ProductRef, SellerClient } from "../../ozon/index.ts";
import { roublesToKopecks } from "./book-cells.ts";
import {
  type BookOzon,
  type ItemOutcome,
  PRICE_TOO_OFTEN,
  STOCK_TOO_BIG_CODE,
  STOCK_TOO_FREQUENT,
} from "./book-ozon.ts";
import type { BookCatalog, BookItem } from "./book-plan.ts";
import type { StockLevel } from "./crossings.ts";
import type { StockSource } from "./watcher.ts";

/** Products read at most (the workbook's row cap). */
export const MAX_PRODUCTS = 20_000;
/** SKUs per stocks-by-warehouse request (Ozon's limit). */
const SKUS_PER_CALL = 1_000;
const PRICES_PER_CALL = 1_000;
/** The catalogue (names, SKUs) is read again after this long. */
export const CATALOGUE_TTL_MS = 60 * 60 * 1000;

type StockPart = Pick<SellerClient, "products" | "stock">;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < list.length; at += size) out.push(list.slice(at, at + size));
  return out;
}

async function levelsOf(seller: StockPart, products: readonly ProductRef[], signal: AbortSignal) {
  const bySku = new Map<string, ProductRef>();
  for (const product of products)
    if (product.sku && !product.archived) bySku.set(product.sku, product);
  const levels: StockLevel[] = [];
  for (const skus of chunks([...bySku.keys()], SKUS_PER_CALL)) {
    signal.throwIfAborted();
    for (const row of await seller.stock.stocksByWarehouse({ skus }, signal)) {
      const product = (row.sku && bySku.get(row.sku)) || undefined;
      const offerId = row.offerId ?? product?.offerId;
      if (!row.sku || offerId === undefined) continue;
      levels.push({
        sku: row.sku,
        offerId,
        productId: row.productId || product?.productId,
        name: product?.name,
        warehouseId: row.warehouseId,
        warehouseName: row.warehouseName,
        free: row.free,
      });
    }
  }
  return levels;
}

/**
 * The watcher's source: the catalogue kept for an hour, the stock read every pass — of every
 * product, or of those SKUs a push named (⌈n/1000⌉ requests for n of the store's SKUs; a SKU
 * not in the catalogue is not read).
 */
export function sellerStockSource(seller: StockPart, now: () => number = Date.now): StockSource {
  let catalogue: { at: number; products: ProductRef[] } | undefined;
  return async (signal, skus) => {
    if (!catalogue || now() - catalogue.at > CATALOGUE_TTL_MS) {
      const products = await seller.products.catalogue({ limit: MAX_PRODUCTS, signal });
      catalogue = { at: now(), products };
    }
    if (skus === undefined) return levelsOf(seller, catalogue.products, signal);
    const wanted = new Set(skus);
    const named = catalogue.products.filter((p) => p.sku !== undefined && wanted.has(p.sku));
    return named.length === 0 ? [] : levelsOf(seller, named, signal);
  };
}

/**
 * Ozon's answer for one item as the workbook keeps it; its documented change limits under the
 * workbook's own codes (book-ozon.ts), worded by the result.
 */
function outcomeOf(result: ItemResult, kind: "stock" | "price"): ItemOutcome {
  if (result.updated) return { ok: true };
  const [first] = result.errors;
  const message = first?.message ?? "";
  if (result.refusal === "stock_too_big") return { ok: false, code: STOCK_TOO_BIG_CODE, message };
  if (result.tooManyRequests) {
    return { ok: false, code: kind === "stock" ? STOCK_TOO_FREQUENT : PRICE_TOO_OFTEN, message };
  }
  return { ok: false, code: first?.code ?? "NOT_UPDATED", message };
}

/** The workbook's Ozon: every product with its stock per warehouse and its prices, and the setters. */
export function sellerBookOzon(
  seller: Pick<SellerClient, "products" | "stock" | "warehouses">,
): BookOzon {
  return {
    async catalog(signal) {
      const warehouses = await seller.warehouses.list(signal);
      const products = (await seller.products.catalogue({ limit: MAX_PRODUCTS, signal })).filter(
        (p) => p.offerId !== undefined && !p.archived,
      );
      const items = new Map<string, BookItem>();
      for (const p of products) {
        items.set(p.productId, {
          offerId: p.offerId as string,
          productId: p.productId,
          sku: p.sku,
          name: p.name,
          stocks: {},
        });
      }
      const byOffer = new Map([...items.values()].map((item) => [item.offerId, item]));
      for (const level of await levelsOf(seller, products, signal)) {
        const item = byOffer.get(level.offerId);
        if (item) item.stocks[level.warehouseId] = level.free;
      }
      for (const ids of chunks([...items.keys()], PRICES_PER_CALL)) {
        for (const [id, prices] of await seller.stock.prices(ids, signal)) {
          const item = items.get(id);
          if (!item) continue;
          item.price = roublesToKopecks(prices.price);
          item.oldPrice = roublesToKopecks(prices.oldPrice);
          item.minPrice = roublesToKopecks(prices.minPrice);
        }
      }
      const catalog: BookCatalog = {
        warehouses: warehouses.map((w) => ({ id: w.id, name: w.name })),
        items: [...items.values()],
      };
      return catalog;
    },
    async prices(productIds, signal) {
      const now = new Map<string, bigint>();
      for (const ids of chunks([...productIds], PRICES_PER_CALL)) {
        for (const [id, prices] of await seller.stock.prices(ids, signal)) {
          const price = roublesToKopecks(prices.price);
          if (price !== undefined) now.set(id, price);
        }
      }
      return now;
    },
    async setStocks(items, signal) {
      const results = await seller.stock.setStocks(
        items.map((i) => ({ productId: i.productId, warehouseId: i.warehouseId, stock: i.stock })),
        signal,
      );
      return results.map((r) => outcomeOf(r, "stock"));
    },
    async setPrices(items, signal) {
      const results = await seller.stock.setPrices(
        items.map((i) => ({
          productId: i.productId,
          price: i.price as string,
          ...(i.oldPrice === undefined ? {} : { oldPrice: i.oldPrice }),
          ...(i.minPrice === undefined ? {} : { minPrice: i.minPrice }),
        })),
        signal,
      );
      return results.map((r) => outcomeOf(r, "price"));
    },
  };
}
