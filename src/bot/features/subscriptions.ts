/**
 * /subscribe and /unsubscribe: a person with the warehouse role (or an admin) subscribes their
 * private chat; in a group only an admin subscribes the group. After subscribing, buttons narrow
 * the alerts to some warehouses (toggles, or "all warehouses"). Subscribing also says how many
 * postings already await packing (alerts cover only new ones), with a button that lists them.
 */
import { InlineKeyboard } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Warehouse } from "../../ozon/seller/types.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import type { Subscriber, SubscriptionService } from "../../services/subscriptions.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotContext } from "../context.ts";
import type { FeatureDeps } from "../deps.ts";
import { clip, describeOzonError, problemText } from "../format/postings.ts";
import type { FeatureFactory } from "../index.ts";
import { LIST_CALLBACK, listButton, WAREHOUSE_CALLBACK } from "../keyboards/postings.ts";
import { showScreen } from "../messages.ts";

export interface SubscriptionsFeatureDeps {
  seller: SellerClient;
  subscriptions: SubscriptionService;
}

const WAREHOUSE_ID = /^\d{1,20}$/;

/** In a group only an admin acts for everyone; in a private chat the router's role check is enough. */
function mayManage(ctx: BotContext): boolean {
  if (ctx.chat?.type === "private") return true;
  return ctx.person?.roles.includes("admin") === true;
}

function warehouseKeyboard(
  ctx: BotContext,
  codec: CallbackCodec,
  warehouses: Warehouse[],
  subscriber: Subscriber,
  withList: boolean,
): InlineKeyboard {
  const chosen = new Set(subscriber.warehouseIds ?? []);
  const keyboard = new InlineKeyboard();
  for (const warehouse of warehouses) {
    const mark = chosen.has(warehouse.id) ? "✅" : "▫️";
    keyboard
      .text(
        `${mark} ${clip(warehouse.name, 40)}`,
        codec.encode(WAREHOUSE_CALLBACK, "t", warehouse.id),
      )
      .row();
  }
  const all = chosen.size === 0 ? "✅" : "▫️";
  keyboard.text(
    `${all} ${ctx.t("postings-warehouses-all")}`,
    codec.encode(WAREHOUSE_CALLBACK, "a"),
  );
  keyboard.row().text(ctx.t("postings-warehouses-done"), codec.encode(WAREHOUSE_CALLBACK, "d"));
  if (withList) {
    keyboard.row().text(ctx.t("postings-button-list"), codec.encode(LIST_CALLBACK, 0));
  }
  return keyboard;
}

function filterText(ctx: BotContext, warehouses: Warehouse[], subscriber: Subscriber): string {
  const ids = subscriber.warehouseIds ?? [];
  if (ids.length === 0) return ctx.t("postings-warehouses-current-all");
  const names = ids.map((id) => warehouses.find((w) => w.id === id)?.name ?? id);
  return ctx.t("postings-warehouses-current", { names: names.join(", ") });
}

export function subscriptionsFeature(area: SubscriptionsFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, menus, logger } = deps;
    const { seller, subscriptions } = area;

    /** How many postings await packing now; undefined when Ozon could not say. */
    async function waitingCount(): Promise<number | undefined> {
      try {
        return (await awaitingPostings(seller)).length;
      } catch (error) {
        logger.warn({ err: error }, "counting waiting postings failed");
        return undefined;
      }
    }

    /** The warehouse filter; `withList` adds the button that lists the waiting postings. */
    async function showFilter(
      ctx: BotContext,
      subscriber: Subscriber,
      lead?: string,
      withList = false,
    ) {
      let warehouses: Warehouse[];
      try {
        warehouses = await seller.warehouses.list();
      } catch (error) {
        const text = [lead, problemText(ctx.t, describeOzonError(error))].filter(Boolean);
        await showScreen(ctx, text.join("\n\n"), withList ? listButton(codec, ctx.t) : undefined);
        return;
      }
      const text = [
        lead,
        filterText(ctx, warehouses, subscriber),
        ctx.t("postings-warehouses-hint"),
      ]
        .filter(Boolean)
        .join("\n\n");
      const keyboard = warehouseKeyboard(ctx, codec, warehouses, subscriber, withList);
      await showScreen(ctx, text, keyboard);
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
      if (ctx.chat.type === "private") await menus.refresh(ctx.api, ctx.from.id);
      const waiting = await waitingCount();
      const lead = [
        ctx.t(created ? "postings-subscribed" : "postings-already-subscribed"),
        waiting ? ctx.t("postings-summary", { count: waiting }) : undefined,
      ];
      await showFilter(ctx, subscriber, lead.filter(Boolean).join("\n"), Boolean(waiting));
    });

    router.command("unsubscribe", async (ctx) => {
      if (!ctx.chat) return;
      if (!mayManage(ctx)) {
        await ctx.reply(ctx.t("postings-subscribe-group-admin-only"));
        return;
      }
      const removed = await subscriptions.unsubscribe(ctx.chat.id);
      if (ctx.chat.type === "private") await menus.refresh(ctx.api, ctx.chat.id);
      await ctx.reply(ctx.t(removed ? "postings-unsubscribed" : "postings-not-subscribed"));
    });

    router.callback(WAREHOUSE_CALLBACK, ["warehouse"], async (ctx, [action, id]) => {
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return;
      if (!mayManage(ctx)) {
        await ctx.answerCallbackQuery({
          text: ctx.t("postings-subscribe-group-admin-only"),
          show_alert: true,
        });
        return;
      }
      const current = await subscriptions.get(chatId);
      if (!current) {
        await ctx.answerCallbackQuery();
        await showScreen(ctx, ctx.t("postings-not-subscribed"));
        return;
      }
      if (action === "d") {
        await ctx.answerCallbackQuery();
        const warehouses = await seller.warehouses.list().catch(() => []);
        await showScreen(ctx, filterText(ctx, warehouses, current));
        return;
      }
      let next: string[];
      if (action === "a") {
        next = [];
      } else if (action === "t" && id !== undefined && WAREHOUSE_ID.test(id)) {
        const chosen = new Set(current.warehouseIds ?? []);
        if (chosen.has(id)) chosen.delete(id);
        else chosen.add(id);
        next = [...chosen];
      } else {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      const updated = await subscriptions.setWarehouses(chatId, next);
      await ctx.answerCallbackQuery();
      if (!updated) return showScreen(ctx, ctx.t("postings-not-subscribed"));
      await showFilter(ctx, updated);
    });
    return undefined;
  };
}
