/**
 * /replies (sellers and admins): the saved answers of a store — the list, add, edit, delete.
 * Adding and editing are a dialog (chats/replies/dialog.ts); deleting asks once. With
 * several stores the person picks the store first, among those their seller role reaches, and
 * every screen names it. Every press checks the role and the store again.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import { reachesShop, shopsInScope } from "../../../services/access/shop-scope.ts";
import { snippetOf } from "../../../services/chats/inbox/inbox.ts";
import {
  MAX_QUICK_REPLIES,
  QuickReplies,
  type QuickReply,
} from "../../../services/chats/replies/quick-replies.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { BotContext } from "../../core/context.ts";
import { newRow } from "../../core/keyboard-rows.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { showScreen } from "../../core/screen-text.ts";
import { shopChoice, shopKeyboard, withShopTag } from "../../core/shop-tags.ts";
import { QUICK_REPLIES_BUTTON } from "../buttons.ts";
import { QUICK_REPLY_CONVERSATION } from "./dialog.ts";

const SELLERS = ["seller"] as const;
const SHOWN_LENGTH = 100;

export const quickRepliesFeature =
  (shops: ShopRegistry): FeatureFactory =>
  (deps) => {
    const { router, codec } = deps;

    /** Active stores with buyer chats that the person's seller role reaches. */
    const reachable = (ctx: BotContext) =>
      shopsInScope(
        ctx.person,
        "seller",
        shops.active().filter((shop) => shop.seller),
      );

    const shopOf = async (ctx: BotContext, ref: string): Promise<Shop | undefined> => {
      const shop = shops.byRef(ref);
      let refusal: string | undefined;
      if (!shop?.seller) refusal = ctx.t("relay-reply-shop-gone");
      else if (!reachesShop(ctx.person, "seller", shop.id)) {
        refusal = ctx.t("relay-reply-not-your-shop", { name: shop.name });
      }
      if (!refusal) return shop;
      await ctx.answerCallbackQuery({ text: refusal.slice(0, 200), show_alert: true });
      return undefined;
    };

    const list = async (ctx: BotContext, shop: Shop) => {
      const replies = await new QuickReplies(shop.store).list();
      const { text, keyboard } = listScreen(ctx, codec, shop, replies);
      await showScreen(ctx, withShopTag(ctx.t, shops, shop.id, text), keyboard);
    };

    router.command("replies", async (ctx) => {
      const choices = reachable(ctx);
      const [only] = choices;
      if (!only) return ctx.reply(ctx.t("quick-replies-no-store"));
      if (choices.length === 1) return list(ctx, only);
      const keyboard = shopKeyboard(choices.map(shopChoice), (ref) =>
        QUICK_REPLIES_BUTTON.data(codec, "l", ref, undefined),
      );
      return ctx.reply(ctx.t("quick-replies-which-store"), { reply_markup: keyboard });
    });

    router.button(
      QUICK_REPLIES_BUTTON,
      SELLERS,
      async (ctx, [action, ref, id]) => {
        const shop = await shopOf(ctx, ref);
        if (!shop) return;
        const replies = new QuickReplies(shop.store);
        if (action === "l") {
          await ctx.answerCallbackQuery();
          return list(ctx, shop);
        }
        if (action === "a" || (action === "e" && id)) {
          if (action === "e" && !(await replies.get(id ?? ""))) {
            await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-gone"), show_alert: true });
            return list(ctx, shop);
          }
          await ctx.answerCallbackQuery();
          await ctx.conversation.exitAll();
          await ctx.conversation.enter(QUICK_REPLY_CONVERSATION, shop.id, action === "e" ? id : "");
          return;
        }
        if (action === "d" && id) {
          const reply = await replies.get(id);
          if (!reply) {
            await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-gone"), show_alert: true });
            return list(ctx, shop);
          }
          await ctx.answerCallbackQuery();
          const keyboard = new InlineKeyboard()
            .text(
              ctx.t("quick-replies-delete-yes"),
              QUICK_REPLIES_BUTTON.data(codec, "x", shop.ref, id),
            )
            .text(
              ctx.t("quick-replies-delete-no"),
              QUICK_REPLIES_BUTTON.data(codec, "l", shop.ref, undefined),
            );
          const text = ctx.t("quick-replies-delete-confirm", { text: reply.text });
          return showScreen(ctx, withShopTag(ctx.t, shops, shop.id, text), keyboard);
        }
        if (action === "x" && id) {
          const removed = await replies.remove(id);
          await ctx.answerCallbackQuery({
            text: ctx.t(removed ? "quick-replies-deleted" : "quick-replies-gone"),
          });
          return list(ctx, shop);
        }
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      },
      { entersConversation: true },
    );
    return undefined;
  };

function listScreen(ctx: BotContext, codec: CallbackCodec, shop: Shop, replies: QuickReply[]) {
  const lines = [
    ctx.t("quick-replies-title", { count: replies.length, max: MAX_QUICK_REPLIES }),
    "",
  ];
  if (replies.length === 0) lines.push(ctx.t("quick-replies-empty"), "");
  replies.forEach((reply, index) => {
    lines.push(`${index + 1}. ${snippetOf(reply.text, SHOWN_LENGTH)}`);
  });
  if (replies.length > 0) lines.push("");
  lines.push(ctx.t("quick-replies-placeholders"));
  const keyboard = new InlineKeyboard();
  replies.forEach((reply, index) => {
    newRow(keyboard)
      .text(`✏️ ${index + 1}`, QUICK_REPLIES_BUTTON.data(codec, "e", shop.ref, reply.id))
      .text(`🗑 ${index + 1}`, QUICK_REPLIES_BUTTON.data(codec, "d", shop.ref, reply.id));
  });
  if (replies.length < MAX_QUICK_REPLIES) {
    newRow(keyboard).text(
      ctx.t("quick-replies-add"),
      QUICK_REPLIES_BUTTON.data(codec, "a", shop.ref, undefined),
    );
  }
  return { text: lines.join("\n"), keyboard };
}
