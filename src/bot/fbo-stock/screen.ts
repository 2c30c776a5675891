/**
 * `/stock`: a store's FBO stock per product and cluster — available units, days of stock and
 * Ozon's turnover grade, the most urgent products first (days under the store's threshold
 * marked) — and 📥 Restock: how many days to cover (28 unless chosen), then the XLSX of every
 * product and cluster where it sells. Read from the kept analytics (services/fbo-stock): opening
 * it costs Ozon nothing until its next refresh.
 * Tests: none directly
 */
import { InlineKeyboard, InputFile } from "grammy";
import {
  COVER_CHOICES,
  DaysThreshold,
  DEFAULT_COVER_DAYS,
  type FboStockBook,
  restockRows,
  restockWorkbook,
} from "../../services/fbo-stock/index.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import type { Audience } from "../core/commands.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { chosenLabel } from "../core/marks.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { reachableSellerShops } from "../core/seller-shops.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { DAYS_CHOICES, DAYS_THRESHOLD, FBO_STOCK_SHOP, RESTOCK } from "./buttons.ts";
import { gradeText, stockScreenText } from "./format.ts";

const VIEWERS: Audience = ["warehouse", "manager"];

export interface FboStockScreenDeps {
  shops: ShopRegistry;
  bookOf(shop: Shop): FboStockBook;
  /** The row that turns the store's FBO alerts on or off for the chat (🛒 Sales). */
  alertsRow(ctx: BotContext, shop: Shop): Promise<{ text: string; data: string } | undefined>;
}

export function fboStockFeature(area: FboStockScreenDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, logger } = deps;

    const shopOf = (ctx: BotContext, ref: string) =>
      reachableSellerShops(ctx, area.shops).find((shop) => shop.ref === ref);

    async function show(ctx: BotContext, shop: Shop) {
      let text: string;
      try {
        const snapshot = await area.bookOf(shop).current();
        const threshold = await new DaysThreshold(shop.store).get();
        text = stockScreenText(ctx.t, snapshot.rows, threshold);
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "FBO stock could not be read");
        text = ctx.t("fbo-stock-unavailable");
      }
      const keyboard = new InlineKeyboard().text(
        ctx.t("fbo-stock-restock-button"),
        RESTOCK.data(codec, shop.ref, undefined),
      );
      // In a group only an admin turns the chat's alerts on (the toggle says so to others).
      const alerts = await area.alertsRow(ctx, shop);
      if (alerts) keyboard.row().text(alerts.text, alerts.data);
      if (ctx.person?.roles.includes("admin")) {
        const threshold = await new DaysThreshold(shop.store).get();
        keyboard
          .row()
          .text(
            ctx.t("fbo-stock-threshold-button", { days: threshold }),
            DAYS_THRESHOLD.data(codec, shop.ref, undefined),
          );
      }
      await showScreen(ctx, withShopTag(ctx.t, area.shops, shop.id, text), keyboard);
    }

    router.command("stock", async (ctx) => {
      const offered = reachableSellerShops(ctx, area.shops);
      const [only] = offered;
      if (!only) return void (await ctx.reply(ctx.t("fbo-stock-no-stores")));
      if (offered.length === 1) return show(ctx, only);
      const keyboard = new InlineKeyboard();
      for (const shop of offered)
        newRow(keyboard).text(shop.name, FBO_STOCK_SHOP.data(codec, shop.ref));
      await ctx.reply(ctx.t("fbo-stock-choose-store"), { reply_markup: keyboard });
    });

    router.button(FBO_STOCK_SHOP, VIEWERS, async (ctx, [ref]) => {
      const shop = shopOf(ctx, ref);
      if (!shop)
        return ctx.answerCallbackQuery({
          text: ctx.t("fbo-stock-store-unknown"),
          show_alert: true,
        });
      await ctx.answerCallbackQuery();
      await show(ctx, shop);
    });

    router.button(DAYS_THRESHOLD, ["admin"], async (ctx, [ref, chosen]) => {
      const shop = shopOf(ctx, ref);
      if (!shop)
        return ctx.answerCallbackQuery({
          text: ctx.t("fbo-stock-store-unknown"),
          show_alert: true,
        });
      const threshold = new DaysThreshold(shop.store);
      if (chosen !== undefined) await threshold.set(Number(chosen));
      await ctx.answerCallbackQuery(
        chosen === undefined
          ? {}
          : { text: ctx.t("fbo-stock-threshold-set", { days: Number(chosen) }) },
      );
      const now = await threshold.get();
      const keyboard = new InlineKeyboard();
      for (const days of DAYS_CHOICES) {
        keyboard.text(
          chosenLabel(String(days), days === now),
          DAYS_THRESHOLD.data(codec, shop.ref, String(days)),
        );
      }
      const text = ctx.t("fbo-stock-threshold-ask", { days: now });
      await showScreen(ctx, withShopTag(ctx.t, area.shops, shop.id, text), keyboard);
    });

    router.button(RESTOCK, VIEWERS, async (ctx, [ref, cover]) => {
      const shop = shopOf(ctx, ref);
      if (!shop)
        return ctx.answerCallbackQuery({
          text: ctx.t("fbo-stock-store-unknown"),
          show_alert: true,
        });
      if (cover === undefined) {
        await ctx.answerCallbackQuery();
        const keyboard = new InlineKeyboard();
        for (const days of COVER_CHOICES) {
          keyboard.text(
            chosenLabel(String(days), days === DEFAULT_COVER_DAYS),
            RESTOCK.data(codec, shop.ref, String(days) as "28"),
          );
        }
        await ctx.reply(ctx.t("fbo-stock-restock-ask", { days: DEFAULT_COVER_DAYS }), {
          reply_markup: keyboard,
        });
        return;
      }
      await ctx.answerCallbackQuery({ text: ctx.t("fbo-stock-restock-making") });
      const days = Number(cover);
      try {
        const snapshot = await area.bookOf(shop).current();
        const rows = restockRows(snapshot.rows, days);
        const bytes = await restockWorkbook(
          rows,
          {
            offerId: ctx.t("fbo-stock-col-offer"),
            name: ctx.t("fbo-stock-col-name"),
            sku: "SKU",
            cluster: ctx.t("fbo-stock-col-cluster"),
            sold28: ctx.t("fbo-stock-col-sold"),
            available: ctx.t("fbo-stock-col-available"),
            inTransit: ctx.t("fbo-stock-col-transit"),
            days: ctx.t("fbo-stock-col-days"),
            grade: ctx.t("fbo-stock-col-grade"),
            toSend: ctx.t("fbo-stock-col-send", { days }),
          },
          (grade) => gradeText(ctx.t, grade),
        );
        const date = new Date(snapshot.at).toISOString().slice(0, 10);
        await ctx.replyWithDocument(
          new InputFile(bytes, `restock-${shop.ref}-${date}-${days}d.xlsx`),
          {
            caption: withShopTag(
              ctx.t,
              area.shops,
              shop.id,
              ctx.t("fbo-stock-restock-caption", { days, rows: rows.length }),
            ),
          },
        );
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "the restock file could not be made");
        await ctx.reply(ctx.t("fbo-stock-unavailable"));
      }
    });
    return undefined;
  };
}
