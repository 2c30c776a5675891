/**
 * `/supplies`: a store's FBO supply orders — how many in each state, the open ones with their
 * timeslot and warehouse — and, on tap, an order's card with its contents. Read from Ozon when
 * opened (status/counter, one page of the list, the orders; the bundle on tap).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { SupplyState } from "../../ozon/seller/supplies.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import type { Audience } from "../core/commands.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { newRow } from "../core/keyboard-rows.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { reachableSellerShops } from "../core/seller-shops.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { SUPPLIES_SHOP, SUPPLY_OPEN } from "./buttons.ts";
import { cardText, listText } from "./format.ts";

const VIEWERS: Audience = ["warehouse", "manager"];
const OPEN_STATES: readonly SupplyState[] = [
  "DATA_FILLING",
  "READY_TO_SUPPLY",
  "ACCEPTED_AT_SUPPLY_WAREHOUSE",
  "IN_TRANSIT",
  "ACCEPTANCE_AT_STORAGE_WAREHOUSE",
  "REPORTS_CONFIRMATION_AWAITING",
];
/** Open orders listed, each with a button. */
const SHOWN = 20;

export interface SuppliesScreenDeps {
  shops: ShopRegistry;
}

export function suppliesFeature(area: SuppliesScreenDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, logger } = deps;
    const localeOf = (ctx: BotContext) => (ctx.t("number-locale") === "en" ? "en" : "ru");

    async function show(ctx: BotContext, shop: Shop) {
      const seller = shop.seller;
      if (!seller) return;
      try {
        const counts = await seller.supplies.counts();
        const ids = await seller.supplies.ids(OPEN_STATES, undefined, SHOWN);
        const open = ids.length > 0 ? await seller.supplies.get(ids) : [];
        const keyboard = new InlineKeyboard();
        for (const order of open) {
          newRow(keyboard).text(
            `📦 ${order.number ?? order.id}`,
            SUPPLY_OPEN.data(codec, shop.ref, order.id),
          );
        }
        const text = listText(ctx.t, counts, open, localeOf(ctx));
        // No open orders, no buttons (Telegram refuses an empty keyboard row).
        const buttons = open.length > 0 ? keyboard : undefined;
        await showScreen(ctx, withShopTag(ctx.t, area.shops, shop.id, text), buttons);
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "supplies could not be read");
        await showScreen(
          ctx,
          withShopTag(ctx.t, area.shops, shop.id, ctx.t("supplies-unavailable")),
        );
      }
    }

    router.command("supplies", async (ctx) => {
      const offered = reachableSellerShops(ctx, area.shops);
      const [only] = offered;
      if (!only) return void (await ctx.reply(ctx.t("supplies-no-stores")));
      if (offered.length === 1) return show(ctx, only);
      const keyboard = new InlineKeyboard();
      for (const shop of offered)
        newRow(keyboard).text(shop.name, SUPPLIES_SHOP.data(codec, shop.ref));
      await ctx.reply(ctx.t("supplies-choose-store"), { reply_markup: keyboard });
    });

    router.button(SUPPLIES_SHOP, VIEWERS, async (ctx, [ref]) => {
      const shop = reachableSellerShops(ctx, area.shops).find((s) => s.ref === ref);
      if (!shop)
        return ctx.answerCallbackQuery({ text: ctx.t("supplies-store-unknown"), show_alert: true });
      await ctx.answerCallbackQuery();
      await show(ctx, shop);
    });

    router.button(SUPPLY_OPEN, VIEWERS, async (ctx, [ref, orderId]) => {
      const shop = reachableSellerShops(ctx, area.shops).find((s) => s.ref === ref);
      if (!shop?.seller) {
        return ctx.answerCallbackQuery({ text: ctx.t("supplies-store-unknown"), show_alert: true });
      }
      await ctx.answerCallbackQuery();
      try {
        const [order] = await shop.seller.supplies.get([orderId]);
        if (!order) return void (await ctx.reply(ctx.t("supplies-not-found")));
        const items = await shop.seller.supplies.contents(order.bundleIds);
        const text = cardText(ctx.t, order, items, localeOf(ctx));
        await ctx.reply(withShopTag(ctx.t, area.shops, shop.id, text));
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "a supply order could not be read");
        await ctx.reply(ctx.t("supplies-unavailable"));
      }
    });
    return undefined;
  };
}
