/**
 * The stores with Seller API keys a person may see as warehouse or manager (in the scope of
 * either role): what the FBO screens (/stock, /supplies) offer.
 * Tests: none directly
 */
import { shopsInScope } from "../../services/access/shop-scope.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import type { BotContext } from "./context.ts";

export function reachableSellerShops(ctx: BotContext, shops: ShopRegistry): Shop[] {
  const all = shops.all().filter((shop) => shop.seller !== undefined);
  const seen = new Set<string>();
  for (const role of ["warehouse", "manager"] as const) {
    for (const shop of shopsInScope(ctx.person, role, all)) seen.add(shop.id);
  }
  return all.filter((shop) => seen.has(shop.id));
}
