/**
 * Which shop a postings button, dialog or list acts for. Buttons carry the shop's short ref; the
 * shop is looked up in the registry at the press (never kept), so a paused or removed shop is
 * told as such and Ozon is not called.
 * Tests: none directly
 */
import type { Person } from "../../services/access/roles.ts";
import { reachesShop, shopsInScope } from "../../services/access/shop-scope.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";

export { currentShop, type SellerShop, ShopUnavailableError } from "../../shops/availability.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

export interface PostingShops {
  shops: ShopRegistry;
  /**
   * The shop that owned the records before several shops existed: its part of the store is the
   * unprefixed store itself (src/shops/scoped-store.ts). Buttons and subscriptions written then
   * carry no shop and mean this one.
   */
  legacy(): Shop | undefined;
}

export function postingShops(shops: ShopRegistry): PostingShops {
  return { shops, legacy: () => shops.legacyOwner() };
}

export type ButtonShop = { ok: true; shop: SellerShop } | { ok: false; text: string };

/**
 * The shop a button acts for, when the person's warehouse role reaches it. A button without a
 * ref was sent by a version that served one shop: the legacy shop, whose records kept their keys.
 */
export function shopOfButton(
  t: Translate,
  person: Person | undefined,
  where: PostingShops,
  ref: string | undefined,
): ButtonShop {
  const shop = ref === undefined ? where.legacy() : where.shops.byRef(ref);
  if (!shop?.seller) return { ok: false, text: t("postings-shop-unknown") };
  if (shop.paused) return { ok: false, text: t("shop-paused", { name: shop.name }) };
  if (!reachesShop(person, "warehouse", shop.id)) {
    return { ok: false, text: t("postings-shop-not-yours", { name: shop.name }) };
  }
  return { ok: true, shop: shop as SellerShop };
}

/** Active shops with a Seller client that the person's warehouse role reaches, in order. */
export function reachableShops(person: Person | undefined, shops: ShopRegistry): SellerShop[] {
  const withSeller = shops.active().filter((shop): shop is SellerShop => Boolean(shop.seller));
  return shopsInScope(person, "warehouse", withSeller);
}
