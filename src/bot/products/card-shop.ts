/**
 * Which shops a products screen reaches, and a shop by a button's ref: looked up at every press
 * (never kept), so a paused or removed shop is told as such and Ozon is not called.
 * Tests: none directly
 */

import type { Person } from "../../services/access/roles.ts";
import { reachesShop, shopsInScope } from "../../services/access/shop-scope.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { ShopRegistry } from "../../shops/registry.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

/** Active shops with a Seller client that the person's warehouse or manager role reaches. */
export function productShops(person: Person | undefined, shops: ShopRegistry): SellerShop[] {
  const withSeller = shops.active().filter((shop): shop is SellerShop => Boolean(shop.seller));
  const ids = new Set([
    ...shopsInScope(person, "warehouse", withSeller).map((s) => s.id),
    ...shopsInScope(person, "manager", withSeller).map((s) => s.id),
  ]);
  return withSeller.filter((shop) => ids.has(shop.id));
}

export type ButtonShop = { ok: true; shop: SellerShop } | { ok: false; text: string };

/** The shop of a button, when `role` (or, without one, either products role) reaches it. */
export function shopOfRef(
  t: Translate,
  person: Person | undefined,
  shops: ShopRegistry,
  ref: string,
  role?: "warehouse" | "manager",
): ButtonShop {
  const shop = shops.byRef(ref);
  if (!shop?.seller) return { ok: false, text: t("products-shop-unknown") };
  if (shop.paused) return { ok: false, text: t("shop-paused", { name: shop.name }) };
  const roles = role ? [role] : (["warehouse", "manager"] as const);
  if (!roles.some((r) => reachesShop(person, r, shop.id))) {
    return { ok: false, text: t("products-shop-not-yours", { name: shop.name }) };
  }
  return { ok: true, shop: shop as SellerShop };
}
