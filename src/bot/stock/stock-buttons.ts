/**
 * The buttons of stock alerts: the /subscribe row that turns them on or off for the chat (the
 * warehouse role in private, an admin in a group, as /subscribe itself), and 📦 Stock under an
 * alert, which opens the product for a person whose warehouse role reaches its store.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { type StockAlertChoice, StockThreshold } from "../../services/stock/settings.ts";
import type { SubscriptionService } from "../../services/subscriptions.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { chosenLabel } from "../core/marks.ts";
import type { FeatureFactory } from "../core/module.ts";
import { ALERT_STOCK, ALERTS_TOGGLE, STOCK_THRESHOLD, THRESHOLD_CHOICES } from "./buttons.ts";
import { stockToggleButton } from "./keyboards.ts";

export interface StockButtonsDeps {
  shops: Pick<ShopRegistry, "byRef">;
  /** LOW_STOCK: the threshold of a store without its own. */
  lowStock: number;
  choice: StockAlertChoice;
  subscriptions: SubscriptionService;
}

function mayManage(ctx: BotContext): boolean {
  if (ctx.chat?.type === "private") return true;
  return ctx.person?.roles.includes("admin") === true;
}

export function stockButtonsFeature(area: StockButtonsDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec } = deps;
    const { shops } = area;

    router.button(ALERTS_TOGGLE, ["warehouse"], async (ctx, [want]) => {
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return;
      if (!mayManage(ctx)) {
        return ctx.answerCallbackQuery({ text: ctx.t("stock-admin-only"), show_alert: true });
      }
      if (!(await area.subscriptions.get(chatId))) {
        return ctx.answerCallbackQuery({ text: ctx.t("stock-not-subscribed"), show_alert: true });
      }
      const on = want === "on";
      await area.choice.set(chatId, on);
      await ctx.answerCallbackQuery({ text: ctx.t(on ? "stock-alerts-on" : "stock-alerts-off") });
      // The row under /subscribe's screen shows the new state; the rest of the keyboard stays.
      const message = ctx.callbackQuery?.message;
      const rows = message?.reply_markup?.inline_keyboard;
      if (!message || !rows) return;
      const pressed = ctx.callbackQuery?.data;
      const next = stockToggleButton(codec, ctx.t, on);
      const keyboard = new InlineKeyboard(
        rows.map((row) =>
          row.map((button) =>
            "callback_data" in button && button.callback_data === pressed
              ? { text: next.text, callback_data: next.data }
              : button,
          ),
        ),
      );
      await ctx.editMessageReplyMarkup({ reply_markup: keyboard }).catch(() => undefined);
    });

    router.button(STOCK_THRESHOLD, ["admin"], async (ctx, [ref, value]) => {
      const shop = shops.byRef(ref);
      if (!shop) {
        return ctx.answerCallbackQuery({ text: ctx.t("stock-shop-unknown"), show_alert: true });
      }
      const threshold = new StockThreshold(shop.store, area.lowStock);
      if (value !== undefined) await threshold.set(value === "d" ? undefined : value);
      await ctx.answerCallbackQuery();
      const now = await threshold.get();
      const own = await threshold.isOwn();
      const keyboard = new InlineKeyboard();
      for (const choice of THRESHOLD_CHOICES) {
        keyboard.text(
          chosenLabel(String(choice), own && choice === now),
          STOCK_THRESHOLD.data(codec, shop.ref, choice),
        );
      }
      keyboard
        .row()
        .text(
          chosenLabel(ctx.t("stock-threshold-default", { count: area.lowStock }), !own),
          STOCK_THRESHOLD.data(codec, shop.ref, "d"),
        );
      const text = ctx.t("stock-threshold-screen", { name: shop.name, count: now });
      if (value === undefined) await ctx.reply(text, { reply_markup: keyboard });
      else await ctx.editMessageText(text, { reply_markup: keyboard }).catch(() => undefined);
    });

    router.button(ALERT_STOCK, ["warehouse"], async (ctx, [ref, sku]) => {
      const shop = shops.byRef(ref);
      if (!shop) {
        return ctx.answerCallbackQuery({ text: ctx.t("stock-shop-unknown"), show_alert: true });
      }
      if (!reachesShop(ctx.person, "warehouse", shop.id)) {
        return ctx.answerCallbackQuery({
          text: ctx.t("stock-shop-not-yours", { name: shop.name }),
          show_alert: true,
        });
      }
      await ctx.answerCallbackQuery();
      await ctx.reply(ctx.t("stock-open-product", { sku }));
    });
    return undefined;
  };
}
