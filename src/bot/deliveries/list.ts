/**
 * /deliveries: the seller's own deliveries on their way, of every shop the person delivers for,
 * by status in the order they pass them, oldest first, a button per posting opening its card.
 */
import { deliveriesInProgress, type StatusGroup } from "../../services/deliveries/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { shopTag } from "../core/shop-tags.ts";
import { describeOzonError, problemText } from "../postings/index.ts";
import { listText } from "./format.ts";
import { listKeyboard } from "./keyboards.ts";
import { deliveryShops } from "./shop.ts";

/** Buttons of one message at most (Telegram allows 100; five rows of eight read well). */
export const LIST_SHOWN = 40;

export function registerList(deps: FeatureDeps, shops: ShopRegistry, now: () => number): void {
  const { router, codec, logger } = deps;
  router.command("deliveries", async (ctx: BotContext) => {
    const mine = deliveryShops(ctx.person, shops);
    if (mine.length === 0) {
      await ctx.reply(ctx.t("deliveries-no-shops"));
      return;
    }
    await ctx.replyWithChatAction("typing");
    const groups: Array<StatusGroup & { tag: string; ref: string }> = [];
    for (const shop of mine) {
      try {
        for (const group of await deliveriesInProgress(shop.seller, now())) {
          groups.push({ ...group, tag: shopTag(ctx.t, shops, shop.id), ref: shop.ref });
        }
      } catch (error) {
        logger.info({ err: error, shop: shop.id }, "deliveries not listed");
        const problem = problemText(ctx.t, describeOzonError(error));
        await ctx.reply(ctx.t("deliveries-list-failed", { name: shop.name, reason: problem }));
      }
    }
    const total = groups.reduce((sum, g) => sum + g.postings.length, 0);
    const items = groups
      .flatMap((g) => g.postings.map((p) => ({ postingNumber: p.postingNumber, shopRef: g.ref })))
      .slice(0, LIST_SHOWN);
    const text = listText(ctx.t, groups, LIST_SHOWN, total);
    await ctx.reply(text, items.length > 0 ? { reply_markup: listKeyboard(codec, items) } : {});
  });
}
