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
  };
}

export type ProductsApi = ReturnType<typeof createProductsApi>;
