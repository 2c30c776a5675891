/**
 * /stores (admins only): the Ozon stores the bot serves — which APIs each has, whether Ozon takes
 * its keys, its last successful call, whether it is paused — with Rename, Pause or Resume and
 * Remove per store, and "Add a store". Pause, resume and remove ask first and then say what was
 * done; rename and add are dialogs (stores/rename-dialog.ts, add-store.ts).
 *
 * Buttons carry the shop's short ref; the shop is looked up again at every press, so a button of
 * a shop removed meanwhile says so and shows the list as it is now.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import type { ShopHealth } from "../../shops/health.ts";
import { type Shop, ShopError, type ShopRegistry } from "../../shops/registry.ts";
import { type AuditRecorder, actorOf } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { isLocale } from "../core/i18n.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { ADD_STORE_CONVERSATION } from "./add-store-dialog.ts";
import { ADD_STORE, RENAME_STORE, STORES } from "./buttons.ts";
import { RENAME_STORE_CONVERSATION } from "./rename-dialog.ts";
import { confirmScreen, storesScreen, type ViewContext } from "./view.ts";

export interface StoresFeatureDeps {
  shops: ShopRegistry;
  health: ShopHealth;
  codec: CallbackCodec;
  timezone: string;
  logger: Logger;
  /** Where pause, resume and removal are recorded (the audit trail). */
  audit?: AuditRecorder;
}

export function storesFeature(deps: StoresFeatureDeps): FeatureFactory {
  const { shops, health, codec, logger } = deps;

  const viewOf = (ctx: BotContext): ViewContext => ({
    t: ctx.t.bind(ctx),
    locale: isLocale(ctx.locale) ? ctx.locale : "ru",
    timezone: deps.timezone,
    codec,
  });

  async function showList(ctx: BotContext, notice = ""): Promise<void> {
    const { text, keyboard } = await storesScreen(viewOf(ctx), shops.all(), health, notice);
    await showScreen(ctx, text, keyboard);
  }

  /** The shop a button names, or the list again with a sentence when it is gone. */
  async function shopOf(ctx: BotContext, ref: string): Promise<Shop | undefined> {
    const shop = shops.byRef(ref);
    if (shop) return shop;
    await ctx.answerCallbackQuery({ text: ctx.t("stores-gone") });
    await showList(ctx);
    return undefined;
  }

  async function act(
    ctx: BotContext,
    shop: Shop,
    work: () => Promise<unknown>,
    doneKey: string,
    via: "paused" | "resumed" | "removed",
  ): Promise<void> {
    try {
      await work();
      await deps.audit?.record({
        kind: "store",
        actor: actorOf(ctx),
        shopId: shop.id,
        objectId: shop.id,
        via,
        to: shop.name,
        result: { status: "done" },
      });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      const key = error.reason === "from-env" ? "stores-from-env" : "stores-gone";
      await ctx.answerCallbackQuery({ text: ctx.t(key, { name: shop.name }), show_alert: true });
      return showList(ctx);
    }
    const done = ctx.t(doneKey, { name: shop.name });
    await ctx.answerCallbackQuery({ text: done.slice(0, 200) });
    await showList(ctx, done);
  }

  return ({ router }) => {
    router.command("stores", (ctx) => showList(ctx));

    router.button(STORES, ["admin"], async (ctx, [action, ref]) => {
      if (action === "l") {
        await ctx.answerCallbackQuery();
        return showList(ctx);
      }
      const shop = await shopOf(ctx, ref);
      if (!shop) return;
      switch (action) {
        case "e":
          return ctx.answerCallbackQuery({
            text: ctx.t("stores-from-env", { name: shop.name }),
            show_alert: true,
          });
        case "p":
        case "u":
        case "d": {
          const { text, keyboard } = confirmScreen(viewOf(ctx), shop, upper(action));
          await ctx.answerCallbackQuery();
          return showScreen(ctx, text, keyboard);
        }
        case "P":
        case "U":
          return act(
            ctx,
            shop,
            () => shops.setPaused(shop.id, action === "P"),
            action === "P" ? "stores-paused" : "stores-resumed",
            action === "P" ? "paused" : "resumed",
          );
        case "D":
          return act(
            ctx,
            shop,
            async () => {
              await shops.remove(shop.id);
              logger.info({ shop: shop.id, by: ctx.from?.id }, "A store was removed in the bot");
              await health.forget(shop.id);
            },
            "stores-removed",
            "removed",
          );
      }
    });

    router.button(
      ADD_STORE,
      ["admin"],
      async (ctx) => {
        // Keys are typed in a private chat only: in a group others would read them.
        if (ctx.chat?.type !== "private") {
          return ctx.answerCallbackQuery({ text: ctx.t("stores-add-private"), show_alert: true });
        }
        await ctx.answerCallbackQuery();
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(ADD_STORE_CONVERSATION);
      },
      { entersConversation: true },
    );

    router.button(
      RENAME_STORE,
      ["admin"],
      async (ctx, [ref]) => {
        const shop = await shopOf(ctx, ref);
        if (!shop) return;
        await ctx.answerCallbackQuery();
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(RENAME_STORE_CONVERSATION, shop.id);
      },
      { entersConversation: true },
    );
    return undefined;
  };
}

function upper(action: "p" | "u" | "d"): "P" | "U" | "D" {
  return action.toUpperCase() as "P" | "U" | "D";
}
