/**
 * /subscribe and /unsubscribe: a person with the warehouse role (or an admin) subscribes their
 * private chat; in a group only an admin subscribes the group. After subscribing, buttons narrow
 * the alerts: with several shops in reach, to some shops (toggles, or "all stores"), and per shop
 * to some of its warehouses; with one shop, straight to its warehouses. Subscribing also says how
 * many postings already await packing (alerts cover only new ones), with a button that lists them.
 *
 * Buttons: ALERT_FILTER (buttons.ts). Warehouse buttons sent before several shops existed carry
 * no shop: they are the legacy shop's (its records kept their keys).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Warehouse } from "../../ozon/seller/types.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import {
  type Subscriber,
  type SubscriptionService,
  wantsShop,
  warehousesOf,
} from "../../services/subscriptions.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { optionLabel } from "../core/marks.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { ALERT_FILTER } from "./buttons.ts";
import { clip, describeOzonError, problemText } from "./format.ts";
import { listButton, listData } from "./keyboards.ts";
import {
  type PostingShops,
  reachableShops,
  type SellerShop,
  shopOfButton,
} from "./posting-shop.ts";

type ExtraRow = { text: string; data: string };

export interface SubscriptionsFeatureDeps {
  shops: PostingShops;
  subscriptions: SubscriptionService;
  /** Rows other areas add under the filters (stock alerts, 🛒 Sales on or off), if any. */
  extraRow?: (ctx: BotContext) => Promise<ExtraRow | Array<ExtraRow | undefined> | undefined>;
}

/** In a group only an admin acts for everyone; in a private chat the router's role check is enough. */
function mayManage(ctx: BotContext): boolean {
  if (ctx.chat?.type === "private") return true;
  return ctx.person?.roles.includes("admin") === true;
}

export function subscriptionsFeature(area: SubscriptionsFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, logger } = deps;
    const { subscriptions } = area;
    const where = area.shops;
    const { shops } = where;
    const legacyId = () => where.legacy()?.id;
    const chosenWarehouses = (subscriber: Subscriber, shop: SellerShop) =>
      warehousesOf(subscriber, shop.id, legacyId()) ?? [];

    /** How many postings await packing now in these shops; undefined when Ozon could not say. */
    async function waitingCount(inShops: readonly SellerShop[]): Promise<number | undefined> {
      const counts = await Promise.all(
        inShops.map((shop) =>
          awaitingPostings(shop.seller).then(
            (postings) => postings.length,
            (error: unknown) => {
              logger.warn({ err: error, shop: shop.id }, "counting waiting postings failed");
              return undefined;
            },
          ),
        ),
      );
      const known = counts.filter((count) => count !== undefined);
      return known.length > 0 ? known.reduce((a, b) => a + b, 0) : undefined;
    }

    function warehouseText(ctx: BotContext, warehouses: Warehouse[], chosen: string[]): string {
      if (chosen.length === 0) return ctx.t("postings-warehouses-current-all");
      const names = chosen.map((id) => warehouses.find((w) => w.id === id)?.name ?? id);
      return ctx.t("postings-warehouses-current", { names: names.join(", ") });
    }

    function warehouseKeyboard(
      ctx: BotContext,
      warehouses: Warehouse[],
      chosen: string[],
      shop: SellerShop,
      /** How many postings wait: the button that lists them says so (none when 0). */
      withList: number,
    ): InlineKeyboard {
      const marked = new Set(chosen);
      const keyboard = new InlineKeyboard();
      for (const warehouse of warehouses) {
        const data = ALERT_FILTER.data(codec, "t", warehouse.id, shop.ref);
        keyboard.text(optionLabel(clip(warehouse.name, 40), marked.has(warehouse.id)), data).row();
      }
      keyboard.text(
        optionLabel(ctx.t("postings-warehouses-all"), marked.size === 0),
        ALERT_FILTER.data(codec, "a", shop.ref, undefined),
      );
      keyboard
        .row()
        .text(
          ctx.t("postings-warehouses-done"),
          ALERT_FILTER.data(codec, "d", shop.ref, undefined),
        );
      if (withList) {
        keyboard.row().text(ctx.t("postings-button-list", { count: withList }), listData(codec, 0));
      }
      return keyboard;
    }

    async function withExtraRow(ctx: BotContext, keyboard: InlineKeyboard) {
      const extra = await area.extraRow?.(ctx);
      for (const row of Array.isArray(extra) ? extra : [extra]) {
        if (row) keyboard.row().text(row.text, row.data);
      }
      return keyboard;
    }

    /** One shop's warehouse filter; `withList` adds the button that lists the waiting postings. */
    async function showWarehouses(
      ctx: BotContext,
      subscriber: Subscriber,
      shop: SellerShop,
      lead?: string,
      withList = 0,
    ) {
      const tagged = (text: string) => withShopTag(ctx.t, shops, shop.id, text);
      let warehouses: Warehouse[];
      try {
        warehouses = await shop.seller.warehouses.list();
      } catch (error) {
        const text = [lead, tagged(problemText(ctx.t, describeOzonError(error)))];
        const list = withList ? listButton(codec, ctx.t, withList) : undefined;
        await showScreen(ctx, text.filter(Boolean).join("\n\n"), list);
        return;
      }
      const chosen = chosenWarehouses(subscriber, shop);
      const text = [
        lead,
        tagged(warehouseText(ctx, warehouses, chosen)),
        ctx.t("postings-warehouses-hint"),
      ];
      const keyboard = await withExtraRow(
        ctx,
        warehouseKeyboard(ctx, warehouses, chosen, shop, withList),
      );
      await showScreen(ctx, text.filter(Boolean).join("\n\n"), keyboard);
    }

    function shopsText(ctx: BotContext, inShops: SellerShop[], subscriber: Subscriber): string {
      const wanted = inShops.filter((shop) => wantsShop(subscriber, shop.id));
      if (!subscriber.shopIds?.length || wanted.length === inShops.length) {
        return ctx.t("postings-shops-current-all");
      }
      const names = wanted.map((shop) => shop.name).join(", ") || "—";
      return ctx.t("postings-shops-current", { names });
    }

    /** The shop filter (several shops in reach), each shop with its warehouses' button. */
    async function showShops(
      ctx: BotContext,
      subscriber: Subscriber,
      inShops: SellerShop[],
      lead?: string,
      withList = 0,
    ) {
      const keyboard = new InlineKeyboard();
      for (const shop of inShops) {
        const chosen = subscriber.shopIds?.includes(shop.id) === true;
        keyboard
          .text(optionLabel(shop.name, chosen), ALERT_FILTER.data(codec, "s", shop.ref, undefined))
          .text(
            ctx.t("postings-shops-warehouses"),
            ALERT_FILTER.data(codec, "w", shop.ref, undefined),
          )
          .row();
      }
      keyboard.text(
        optionLabel(ctx.t("postings-shops-all"), !subscriber.shopIds?.length),
        ALERT_FILTER.data(codec, "x", undefined, undefined),
      );
      keyboard
        .row()
        .text(
          ctx.t("postings-warehouses-done"),
          ALERT_FILTER.data(codec, "f", undefined, undefined),
        );
      if (withList) {
        keyboard.row().text(ctx.t("postings-button-list", { count: withList }), listData(codec, 0));
      }
      await withExtraRow(ctx, keyboard);
      const text = [lead, shopsText(ctx, inShops, subscriber), ctx.t("postings-shops-hint")];
      await showScreen(ctx, text.filter(Boolean).join("\n\n"), keyboard);
    }

    router.command("subscribe", async (ctx) => {
      if (!ctx.chat || !ctx.from) return;
      if (!mayManage(ctx)) {
        await ctx.reply(ctx.t("postings-subscribe-group-admin-only"));
        return;
      }
      const { subscriber, created } = await subscriptions.subscribe({
        chatId: ctx.chat.id,
        kind: ctx.chat.type === "private" ? "private" : "group",
        subscribedBy: ctx.from.id,
      });
      const inShops = reachableShops(ctx.person, shops);
      const waiting = await waitingCount(inShops);
      const lead = [
        ctx.t(created ? "postings-subscribed" : "postings-already-subscribed"),
        waiting ? ctx.t("postings-summary", { count: waiting }) : undefined,
      ]
        .filter(Boolean)
        .join("\n");
      const [only] = inShops;
      if (inShops.length > 1) await showShops(ctx, subscriber, inShops, lead, waiting ?? 0);
      else if (only) await showWarehouses(ctx, subscriber, only, lead, waiting ?? 0);
      else await showScreen(ctx, lead);
    });

    router.command("unsubscribe", async (ctx) => {
      if (!ctx.chat) return;
      if (!mayManage(ctx)) {
        await ctx.reply(ctx.t("postings-subscribe-group-admin-only"));
        return;
      }
      const removed = await subscriptions.unsubscribe(ctx.chat.id);
      await ctx.reply(ctx.t(removed ? "postings-unsubscribed" : "postings-not-subscribed"));
    });

    router.button(ALERT_FILTER, ["warehouse"], async (ctx, [action, first, second]) => {
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return;
      if (!mayManage(ctx)) {
        await ctx.answerCallbackQuery({
          text: ctx.t("postings-subscribe-group-admin-only"),
          show_alert: true,
        });
        return;
      }
      // The shop is the last argument of a warehouse button; none on an old one (legacy shop).
      const warehouseId = action === "t" ? first : undefined;
      const ref = action === "t" ? second : first;
      const current = await subscriptions.get(chatId);
      if (!current) {
        await ctx.answerCallbackQuery();
        await showScreen(ctx, ctx.t("postings-not-subscribed"));
        return;
      }
      const inShops = reachableShops(ctx.person, shops);
      if (action === "x" || action === "f" || action === "s") {
        let updated: Subscriber | undefined = current;
        if (action === "x") updated = await subscriptions.setShops(chatId, []);
        if (action === "s") {
          const found = shopOfButton(ctx.t, ctx.person, where, ref);
          if (!found.ok) return ctx.answerCallbackQuery({ text: found.text, show_alert: true });
          const chosen = new Set(current.shopIds ?? []);
          if (chosen.has(found.shop.id)) chosen.delete(found.shop.id);
          else chosen.add(found.shop.id);
          updated = await subscriptions.setShops(chatId, [...chosen]);
        }
        await ctx.answerCallbackQuery();
        if (!updated) return showScreen(ctx, ctx.t("postings-not-subscribed"));
        if (action === "f") return showScreen(ctx, shopsText(ctx, inShops, updated));
        return showShops(ctx, updated, inShops);
      }
      const found = shopOfButton(ctx.t, ctx.person, where, ref);
      if (!found.ok) return ctx.answerCallbackQuery({ text: found.text, show_alert: true });
      const { shop } = found;
      if (action === "w") {
        await ctx.answerCallbackQuery();
        return showWarehouses(ctx, current, shop);
      }
      if (action === "d") {
        await ctx.answerCallbackQuery();
        const warehouses = await shop.seller.warehouses.list().catch(() => []);
        const text = warehouseText(ctx, warehouses, chosenWarehouses(current, shop));
        return showScreen(ctx, withShopTag(ctx.t, shops, shop.id, text));
      }
      let next: string[] = [];
      if (action === "t" && warehouseId !== undefined) {
        const chosen = new Set(chosenWarehouses(current, shop));
        if (chosen.has(warehouseId)) chosen.delete(warehouseId);
        else chosen.add(warehouseId);
        next = [...chosen];
      }
      const updated = await subscriptions.setWarehouses(chatId, next, shop.id);
      await ctx.answerCallbackQuery();
      if (!updated) return showScreen(ctx, ctx.t("postings-not-subscribed"));
      await showWarehouses(ctx, updated, shop);
    });
    return undefined;
  };
}
