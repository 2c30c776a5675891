/**
 * Whether a store can be acted for now. A store is looked up at each press or step, never kept,
 * so one paused or removed meanwhile is told as such and Ozon is not called.
 * Tests: none directly
 */
import type { SellerClient } from "../ozon/index.ts";
import type { Shop, ShopRegistry } from "./registry.ts";

/** A shop with a Seller client, ready to act for. */
export type SellerShop = Shop & { seller: SellerClient };

/** The shop is paused or gone: thrown from a lookup so no Ozon call is made. */
export class ShopUnavailableError extends Error {
  override name = "ShopUnavailableError";
  /** Locale key of the sentence: shop-gone, shop-paused or postings-shop-unknown. */
  readonly key: string;
  readonly shopName: string;

  constructor(key: string, shopName: string) {
    super(`the store is not available (${key})`);
    this.key = key;
    this.shopName = shopName;
  }
}

/** The shop by id as it is now; throws ShopUnavailableError when it is paused or gone. */
export function currentShop(shops: ShopRegistry, id: string, name: string): SellerShop {
  const shop = shops.get(id);
  if (!shop?.seller) throw new ShopUnavailableError("shop-gone", name);
  if (shop.paused) throw new ShopUnavailableError("shop-paused", shop.name);
  return shop as SellerShop;
}
