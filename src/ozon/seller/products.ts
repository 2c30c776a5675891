/** The products namespace. */
import type { SellerContext } from "./context.ts";
import { productInfoList } from "./endpoints/products.ts";

export function createProductsApi(ctx: SellerContext) {
  return {
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
  };
}

export interface ProductFacts {
  name: string;
  /** Decimal string as Ozon writes it ("1299.99"). */
  price?: string;
  currency?: string;
  stock?: number;
}

export type ProductsApi = ReturnType<typeof createProductsApi>;
