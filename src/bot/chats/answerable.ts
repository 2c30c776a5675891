/**
 * Whether the person pressing a reply button may write to that shop's buyers now.
 * Tests: none directly
 */
import { reachesShop } from "../../services/access/shop-scope.ts";
import type { Shop } from "../../shops/registry.ts";
import type { BotContext } from "../core/context.ts";
import type { SellerShop } from "../postings/index.ts";
/**
 * Why the person may not write to this shop's buyers now (undefined: they may). A shop gone,
 * paused or without Seller keys is never called; a seller limited to other shops is refused.
 */
export function whyNotAnswer(ctx: BotContext, shop: Shop | undefined): string | undefined {
  if (!shop?.seller) return ctx.t("relay-reply-shop-gone");
  if (!reachesShop(ctx.person, "seller", shop.id)) {
    return ctx.t("relay-reply-not-your-shop", { name: shop.name });
  }
  if (shop.paused) return ctx.t("shop-paused", { name: shop.name });
  return undefined;
}

/**
 * The shop a pressed button means when the presser may write to its buyers; else undefined,
 * after an alert saying why (the buttons of relayed chats, questions, reviews and the inbox).
 */
export async function answerableShop(
  ctx: BotContext,
  shop: Shop | undefined,
): Promise<SellerShop | undefined> {
  const refusal = whyNotAnswer(ctx, shop);
  if (!refusal && shop?.seller) return shop as SellerShop;
  await ctx.answerCallbackQuery({
    text: (refusal ?? ctx.t("relay-reply-shop-gone")).slice(0, 200),
    show_alert: true,
  });
  return undefined;
}
