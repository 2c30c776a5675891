/**
 * The products namespace.
 * Tests: none directly
 */

import { OzonInputError } from "../errors.ts";
import type { SellerContext } from "./context.ts";
import { productInfoList } from "./endpoints/products.ts";
import { productCardsV3, productListV3 } from "./endpoints/stock-prices.ts";

const PAGE = 1000;
/** A listing stops here even if Ozon keeps saying there is more. */
const MAX_PAGES = 50;
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function createProductsApi(ctx: SellerContext) {
  const api = {
    /** Product names by the SKUs asked for (a SKU Ozon does not know is simply absent). */
    async namesBySku(skus: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
      const asked = new Set(skus);
      const names = new Map<string, string>();
      if (asked.size === 0) return names;
      const answer = await ctx.http.call(productInfoList, {
        body: { sku: [...asked] },
        ...(signal ? { signal } : {}),
      });
      for (const item of answer.items) {
        const own = [item.sku, ...(item.sources ?? []).map((source) => source.sku)];
        for (const sku of own) if (sku && asked.has(sku)) names.set(sku, item.name);
      }
      return names;
    },
    /**
     * Name, price and stock (units present over all its warehouses) by SKU, for a buyer chat's
     * context card. A SKU Ozon does not know is absent; a figure Ozon leaves out stays undefined.
     */
    async factsBySku(
      skus: readonly string[],
      signal?: AbortSignal,
    ): Promise<Map<string, ProductFacts>> {
      const asked = new Set(skus);
      const facts = new Map<string, ProductFacts>();
      if (asked.size === 0) return facts;
      const answer = await ctx.http.call(productInfoList, {
        body: { sku: [...asked] },
        ...(signal ? { signal } : {}),
      });
      for (const item of answer.items) {
        const counts = (item.stocks?.stocks ?? []).map((s) => s.present ?? 0);
        const fact: ProductFacts = { name: item.name };
        if (item.price !== undefined && item.price !== null) fact.price = String(item.price);
        if (item.currency_code) fact.currency = item.currency_code;
        if (counts.length > 0) fact.stock = counts.reduce((a, b) => a + b, 0);
        const own = [item.sku, ...(item.sources ?? []).map((source) => source.sku)];
        for (const sku of own) if (sku && asked.has(sku)) facts.set(sku, fact);
      }
      return facts;
    },
    /** Products by one kind of id (up to 1000); an id Ozon does not know is simply absent. */
    async cards(
      kind: ProductIdKind,
      values: readonly string[],
      signal?: AbortSignal,
    ): Promise<ProductRef[]> {
      const list = [...new Set(values.map((v) => v.trim()).filter((v) => v !== ""))];
      if (list.length === 0) return [];
      if (list.length > 1000)
        throw new OzonInputError("ids", "at most 1000 ids per product request");
      const body =
        kind === "offer_id"
          ? { offer_id: list }
          : kind === "product_id"
            ? { product_id: list }
            : { sku: list };
      const answer = await ctx.http.call(productCardsV3, { body, ...signalOf(signal) });
      return answer.items.map((item) => {
        const skus = [item.sku, ...(item.sources ?? []).map((s) => s.sku)].filter(
          (s): s is string => s !== undefined,
        );
        return {
          productId: item.id,
          ...(item.offer_id ? { offerId: item.offer_id } : {}),
          ...(skus[0] ? { sku: skus[0] } : {}),
          skus: [...new Set(skus)],
          name: item.name,
          barcodes: item.barcodes ?? [],
          ...(item.currency_code ? { currency: item.currency_code } : {}),
          archived: item.is_archived ?? false,
        };
      });
    },

    /**
     * The whole catalogue (up to `limit` products, default 5 000), for a lookup by name or barcode:
     * ids page by page, then the cards 1 000 at a time.
     */
    async catalogue(options: { limit?: number; signal?: AbortSignal } = {}): Promise<ProductRef[]> {
      const limit = Math.max(1, Math.min(options.limit ?? 5000, 50_000));
      const ids: string[] = [];
      let lastId = "";
      for (let page = 0; page < MAX_PAGES && ids.length < limit; page++) {
        const answer = await ctx.http.call(productListV3, {
          body: { filter: { visibility: "ALL" }, last_id: lastId, limit: PAGE },
          ...signalOf(options.signal),
        });
        const items = answer.result.items ?? [];
        for (const item of items) if (ids.length < limit) ids.push(item.product_id);
        if (items.length < PAGE || !answer.result.last_id || answer.result.last_id === lastId)
          break;
        lastId = answer.result.last_id;
      }
      const refs: ProductRef[] = [];
      for (let i = 0; i < ids.length; i += 1000) {
        refs.push(...(await api.cards("product_id", ids.slice(i, i + 1000), options.signal)));
      }
      return refs;
    },
  };
  return api;
}

/** What a product card needs to name a product. */
export interface ProductRef {
  productId: string;
  offerId?: string;
  /** The main SKU, then those of other places it is sold from. */
  sku?: string;
  skus: string[];
  name: string;
  barcodes: string[];
  currency?: string;
  archived: boolean;
}

export type ProductIdKind = "offer_id" | "product_id" | "sku";

export interface ProductFacts {
  name: string;
  /** Decimal string as Ozon writes it ("1299.99"). */
  price?: string;
  currency?: string;
  stock?: number;
}

export type ProductsApi = ReturnType<typeof createProductsApi>;
