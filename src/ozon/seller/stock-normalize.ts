/**
 * Ozon's stock and price answers in the client's own terms.
 * Tests: none directly
 */
import { OzonInputError } from "../errors.ts";
import { type ItemError, isTooManyRequests, refusalOf } from "./stock-refusals.ts";
import type { ItemResult, ProductPrices, ProductStock, Units } from "./stock-types.ts";

export function askedIds(ids: readonly string[]): Set<string> {
  const asked = new Set(ids.map((id) => id.trim()).filter((id) => id !== ""));
  if (asked.size > 1000) throw new OzonInputError("ids", "at most 1000 products per request");
  return asked;
}

export function emptyStock(productId: string, offerId: string | null | undefined): ProductStock {
  return {
    productId,
    ...(offerId ? { offerId } : {}),
    fbs: { present: 0, reserved: 0 },
    fbo: { present: 0, reserved: 0 },
  };
}

export function addUnits(stock: ProductStock, type: string | null | undefined, units: Units): void {
  const kind = (type ?? "").toLowerCase();
  const into = kind === "fbo" ? stock.fbo : kind === "fbs" || kind === "rfbs" ? stock.fbs : null;
  if (!into) return;
  into.present += units.present;
  into.reserved += units.reserved;
}

export function toPrices(item: {
  product_id: string;
  offer_id?: string | null | undefined;
  price?:
    | {
        price?: string | undefined;
        old_price?: string | undefined;
        min_price?: string | undefined;
        currency_code?: string | null | undefined;
      }
    | null
    | undefined;
}): ProductPrices {
  const p = item.price;
  return {
    productId: item.product_id,
    ...(item.offer_id ? { offerId: item.offer_id } : {}),
    ...(p?.price !== undefined ? { price: p.price } : {}),
    ...(p?.old_price !== undefined ? { oldPrice: p.old_price } : {}),
    ...(p?.min_price !== undefined ? { minPrice: p.min_price } : {}),
    ...(p?.currency_code ? { currency: p.currency_code } : {}),
  };
}

export function toResult(
  row: {
    offer_id?: string | null | undefined;
    product_id?: string | undefined;
    warehouse_id?: string | undefined;
    updated?: boolean | null | undefined;
    errors: ItemError[];
  },
  kind: "stock" | "price",
): ItemResult {
  const refusal = refusalOf(kind, row.errors);
  return {
    ...(row.product_id ? { productId: row.product_id } : {}),
    ...(row.offer_id ? { offerId: row.offer_id } : {}),
    ...(row.warehouse_id ? { warehouseId: row.warehouse_id } : {}),
    updated: row.updated === true && row.errors.length === 0,
    errors: row.errors,
    tooManyRequests: isTooManyRequests(row.errors),
    ...(refusal ? { refusal } : {}),
  };
}

export function unanswered(productId: string, warehouseId?: string): ItemResult {
  return {
    productId,
    ...(warehouseId ? { warehouseId } : {}),
    updated: false,
    errors: [{ code: "NO_ANSWER", message: "Ozon did not answer for this item" }],
    tooManyRequests: false,
  };
}
