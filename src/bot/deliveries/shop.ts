/**
 * Which shop a deliveries button or command acts for: looked up at the press from the button's
 * ref, never kept. Warehouse staff and sellers both deliver; a dispute is for sellers (and admins).
 * Tests: none directly
 */
import type { Person, Role } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { ShopRegistry } from "../../shops/registry.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

export const DELIVERY_ROLES: readonly Role[] = ["warehouse", "seller"];

const reaches = (person: Person | undefined, shopId: string, roles: readonly Role[]) =>
  roles.some((role) => reachesShop(person, role, shopId));

export type FoundShop = { ok: true; shop: SellerShop } | { ok: false; text: string };

/** The shop of a button's ref (of the shape its declaration admits), when the person reaches it. */
export function shopOfRef(
  t: Translate,
  person: Person | undefined,
  shops: ShopRegistry,
  ref: string,
  roles: readonly Role[] = DELIVERY_ROLES,
): FoundShop {
  const shop = shops.byRef(ref);
  if (!shop?.seller) return { ok: false, text: t("deliveries-shop-unknown") };
  if (shop.paused) return { ok: false, text: t("shop-paused", { name: shop.name }) };
  if (!reaches(person, shop.id, roles)) {
    return { ok: false, text: t("deliveries-shop-not-yours", { name: shop.name }) };
  }
  return { ok: true, shop: shop as SellerShop };
}

/** Active shops with a Seller client that the person delivers for, in order. */
export function deliveryShops(person: Person | undefined, shops: ShopRegistry): SellerShop[] {
  return shops
    .active()
    .filter((shop): shop is SellerShop => Boolean(shop.seller))
    .filter((shop) => reaches(person, shop.id, DELIVERY_ROLES));
}
