/**
 * The FBO stock read's view of a store's Seller client: the catalogue's SKUs (kept for an hour,
 * archived products left out) and the stock analytics of those SKUs.
 * Tests: test/services/fbo-stock/empty-read.test.ts
 */
import type { SellerClient } from "../../ozon/index.ts";
import type { FboStockSource } from "./snapshot.ts";

const CATALOGUE_TTL_MS = 60 * 60 * 1000;
const MAX_PRODUCTS = 20_000;

export function sellerFboStockSource(
  seller: Pick<SellerClient, "products" | "fbo">,
  now: () => number = Date.now,
): FboStockSource {
  let catalogue: { at: number; skus: string[] } | undefined;
  return {
    async skus(signal) {
      if (!catalogue || now() - catalogue.at > CATALOGUE_TTL_MS) {
        const products = await seller.products.catalogue({
          limit: MAX_PRODUCTS,
          ...(signal ? { signal } : {}),
        });
        const skus = products.flatMap((p) => (p.sku && !p.archived ? [p.sku] : []));
        catalogue = { at: now(), skus };
      }
      return catalogue.skus;
    },
    stocks: (skus, signal) => seller.fbo.stocks(skus, signal),
  };
}
