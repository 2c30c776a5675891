/**
 * /dispute <posting number>: a seller (or admin) opens a posting's card wherever it is, to open a
 * dispute about it once it is delivered or cancelled (the card's ⚖️ Dispute asks to confirm). The
 * posting is looked for in each shop the person sells for, in order.
 * Tests: none directly
 */
import { ozonFailureKind } from "../../ozon/errors.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { POSTING_NUMBER_ARG } from "../core/button-args.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { commandArgs } from "../core/router.ts";
import { describeOzonError, problemText } from "../postings/index.ts";
import { drawCard } from "./cards.ts";
import { formatOfCtx, rememberCard } from "./steps.ts";

export function registerDispute(deps: FeatureDeps, shops: ShopRegistry): void {
  const { router, codec, config, logger } = deps;
  router.command("dispute", async (ctx: BotContext) => {
    const number = commandArgs(ctx);
    // Typed text, of the same shape as a posting number on a button.
    if (!POSTING_NUMBER_ARG.safeParse(number).success) {
      await ctx.reply(ctx.t("deliveries-dispute-usage"));
      return;
    }
    const withSeller = shops.active().filter((shop): shop is SellerShop => Boolean(shop.seller));
    const mine = shopsInScope(ctx.person, "seller", withSeller);
    for (const shop of mine) {
      let posting: Posting;
      try {
        posting = await shop.seller.postings.get(number);
      } catch (error) {
        if (ozonFailureKind(error) === "not_found") continue;
        await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
        return;
      }
      const format = formatOfCtx(ctx, config.timezone);
      const card = drawCard({ codec, shops, timezone: config.timezone }, format, shop, posting);
      const sent = await ctx.reply(card.text, { reply_markup: card.keyboard });
      await rememberCard(ctx, shop, number, sent.message_id, logger);
      return;
    }
    await ctx.reply(ctx.t("postings-error-not-found", { posting: number }));
  });
}
