/**
 * "🛒 Sales" in /subscribe: the row under its screen turns a store's FBO order alerts on or off
 * for the chat (one store), or opens the stores to choose (several). A person does it for their
 * private chat; in a group only an admin, as /subscribe itself. Only stores the person's roles
 * reach are offered, and a press naming another is refused.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
import { InlineKeyboard } from "grammy";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type { SalesSubscribers } from "../../services/sales/index.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { optionLabel } from "../core/marks.ts";
import type { FeatureFactory } from "../core/module.ts";
import { SALES_TOGGLE } from "./buttons.ts";
import { SALES_ROLES } from "./notifier.ts";

export interface SalesSubscribeDeps {
  shops: Pick<ShopRegistry, "all" | "byRef">;
  subscribers: SalesSubscribers;
}

function mayManage(ctx: BotContext): boolean {
  if (ctx.chat?.type === "private") return true;
  return ctx.person?.roles.includes("admin") === true;
}

/** The stores with Seller API keys the person reaches in some role that hears sales. */
export function salesShops(ctx: BotContext, shops: Pick<ShopRegistry, "all">): Shop[] {
  const person = ctx.person;
  return shops
    .all()
    .filter(
      (shop) =>
        shop.seller !== undefined &&
        (person?.roles.includes("admin") ||
          SALES_ROLES.some((role) => reachesShop(person, role, shop.id))),
    );
}

function toggleText(t: Translator, on: boolean, name?: string): string {
  return optionLabel(name ? t("sales-toggle-store", { store: name }) : t("sales-toggle"), on);
}

/** The /subscribe row of this chat, or none when the person reaches no store with keys. */
export async function salesSubscribeRow(
  ctx: BotContext,
  area: SalesSubscribeDeps,
  codec: CallbackCodec,
): Promise<{ text: string; data: string } | undefined> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return undefined;
  const offered = salesShops(ctx, area.shops);
  const [only] = offered;
  if (!only) return undefined;
  if (offered.length > 1)
    return { text: ctx.t("sales-toggle-choose"), data: SALES_TOGGLE.data(codec, undefined) };
  const on = await area.subscribers.wants(chatId, only.id);
  return { text: toggleText(ctx.t, on), data: SALES_TOGGLE.data(codec, only.ref) };
}

/** The row that turns one store's sales alerts on or off for this chat (under /stock, say). */
export async function salesShopRow(
  ctx: BotContext,
  shop: Shop,
  subscribers: SalesSubscribers,
  codec: CallbackCodec,
): Promise<{ text: string; data: string } | undefined> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return undefined;
  const on = await subscribers.wants(chatId, shop.id);
  return { text: toggleText(ctx.t, on), data: SALES_TOGGLE.data(codec, shop.ref) };
}

export function salesSubscribeFeature(area: SalesSubscribeDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec } = deps;
    router.button(SALES_TOGGLE, [...SALES_ROLES], async (ctx, [ref]) => {
      const chatId = ctx.chat?.id;
      const by = ctx.from?.id;
      if (chatId === undefined || by === undefined) return;
      if (!mayManage(ctx)) {
        return ctx.answerCallbackQuery({ text: ctx.t("sales-admin-only"), show_alert: true });
      }
      const offered = salesShops(ctx, area.shops);
      if (ref === undefined) {
        await ctx.answerCallbackQuery();
        const keyboard = new InlineKeyboard();
        for (const shop of offered) {
          const on = await area.subscribers.wants(chatId, shop.id);
          newRow(keyboard).text(
            toggleText(ctx.t, on, shop.name),
            SALES_TOGGLE.data(codec, shop.ref),
          );
        }
        await ctx.reply(ctx.t("sales-choose-stores"), { reply_markup: keyboard });
        return;
      }
      const shop = area.shops.byRef(ref);
      if (!shop || !offered.some((s) => s.id === shop.id)) {
        return ctx.answerCallbackQuery({ text: ctx.t("sales-store-unknown"), show_alert: true });
      }
      const on = await area.subscribers.toggle(chatId, by, shop.id);
      await ctx.answerCallbackQuery({
        text: ctx.t(on ? "sales-on" : "sales-off", { store: shop.name }),
      });
      // The pressed button shows the new state; the rest of the keyboard stays.
      const message = ctx.callbackQuery?.message;
      const rows = message?.reply_markup?.inline_keyboard;
      if (!message || !rows) return;
      const pressed = ctx.callbackQuery?.data;
      // The row names the store where the pressed button did (the store picker's rows).
      const pressedText = rows
        .flat()
        .find((b) => "callback_data" in b && b.callback_data === pressed)?.text;
      const named = pressedText?.includes(shop.name) === true && offered.length > 1;
      const text = toggleText(ctx.t, on, named ? shop.name : undefined);
      const keyboard = new InlineKeyboard(
        rows.map((row) =>
          row.map((button) =>
            "callback_data" in button && button.callback_data === pressed
              ? { text, callback_data: pressed }
              : button,
          ),
        ),
      );
      await ctx.editMessageReplyMarkup({ reply_markup: keyboard }).catch(() => undefined);
    });
    return undefined;
  };
}
