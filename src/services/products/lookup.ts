/**
 * Finding a product from what a person typed or photographed: an exact offer_id (артикул), a SKU
 * or a barcode, else a fragment of the name. Ids are asked of Ozon directly; a barcode or a name
 * is looked for in the store's catalogue, read once and kept for a few minutes per shop.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
import type { ProductRef, SellerClient } from "../../ozon/index.ts";

/** Matches shown as a pick list at most; more are counted. */
export const MAX_MATCHES = 8;
/** The longest query taken (a name fragment). */
export const MAX_QUERY = 100;
const CATALOGUE_TTL_MS = 5 * 60_000;
/** Products read for a search by name or barcode at most. */
export const CATALOGUE_LIMIT = 5000;

export interface Found {
  products: ProductRef[];
  /** How many matched in all (more than shown when over MAX_MATCHES). */
  total: number;
}

type Catalogue = Pick<SellerClient["products"], "cards" | "catalogue">;

/** The catalogue of each shop, read at most once per TTL. */
export class CatalogueCache {
  readonly #kept = new Map<string, { at: number; refs: Promise<ProductRef[]> }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get(shopId: string, read: () => Promise<ProductRef[]>): Promise<ProductRef[]> {
    const kept = this.#kept.get(shopId);
    if (kept && this.#now() - kept.at < CATALOGUE_TTL_MS) return kept.refs;
    const refs = read();
    this.#kept.set(shopId, { at: this.#now(), refs });
    // A failed read is not kept: the next search asks again.
    refs.catch(() => this.#kept.delete(shopId));
    return refs;
  }

  forget(shopId: string): void {
    this.#kept.delete(shopId);
  }
}

const fold = (text: string) => text.toLocaleLowerCase("ru").replace(/ё/g, "е").trim();

/** The products `query` names in one shop. */
export async function findProducts(
  products: Catalogue,
  shopId: string,
  query: string,
  cache: CatalogueCache,
): Promise<Found> {
  const q = query.trim().slice(0, MAX_QUERY);
  if (q === "") return { products: [], total: 0 };
  const exact = await products.cards("offer_id", [q]);
  if (exact.length > 0) return limited(exact);
  if (/^\d{4,20}$/.test(q)) {
    const bySku = await products.cards("sku", [q]);
    if (bySku.length > 0) return limited(bySku);
  }
  const all = await cache.get(shopId, () => products.catalogue({ limit: CATALOGUE_LIMIT }));
  if (/^\d{8,14}$/.test(q)) {
    const byBarcode = all.filter((p) => p.barcodes.includes(q));
    if (byBarcode.length > 0) return limited(byBarcode);
  }
  const wanted = fold(q);
  const byName = all.filter(
    (p) => fold(p.name).includes(wanted) || fold(p.offerId ?? "").includes(wanted),
  );
  return limited(byName);
}

function limited(products: ProductRef[]): Found {
  return { products: products.slice(0, MAX_MATCHES), total: products.length };
}
