/**
 * "Answer with a template": the saved answers of the shop, each shown filled for this buyer, as
 * Send buttons (two taps in all); one whose placeholders this buyer lacks, or a list too long to
 * show whole, goes through a preview → Send. One picker for every place a buyer waits for an
 * answer (a buyer chat, a product question); each place says how to reach its shop, what the
 * placeholders are worth there and how the answer goes to Ozon.
 *
 * Buttons (chats/buttons.ts, pickerButtons): the list (in place of the screen pressed, or a new
 * message), the preview of one saved answer, and Send of one revision of it — a template edited
 * meanwhile is previewed again, not sent.
 * A second press of Send on the same preview (a double tap, another seller in the group) is
 * refused while the first is under way or done.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import { snippetOf } from "../../../services/chats/inbox/inbox.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import {
  fillQuickReply,
  type PlaceholderName,
  type PlaceholderValues,
  QuickReplies,
  type QuickReply,
} from "../../../services/chats/replies/quick-replies.ts";
import type { Shop } from "../../../shops/registry.ts";
import type { Store } from "../../../store/port.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { Audience } from "../../core/commands.ts";
import type { BotContext } from "../../core/context.ts";
import { newRow } from "../../core/keyboard-rows.ts";
import type { Router } from "../../core/router.ts";
import { isNotModified } from "../../core/screen-text.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { dataIfFits, IN_PLACE, type PickerButtons } from "../buttons.ts";

export type SendOutcome = { ok: true } | { ok: false; text: string };

export interface PickerPlace {
  buttons: PickerButtons;
  audience: Audience;
  /** The shop of a button, or undefined after telling the presser why they cannot act. */
  shopOf(ctx: BotContext, ref: string | undefined): Promise<Shop | undefined>;
  /** What the placeholders are worth for this buyer. */
  values(shop: Shop, target: string): Promise<PlaceholderValues>;
  /** Sends the answer to Ozon. */
  send(ctx: BotContext, shop: Shop, target: string, text: string): Promise<SendOutcome>;
  /** After a successful send: the message that says "sent" (replies to it reach the buyer). */
  sent?(shop: Shop, target: string, message: { chatId: number; messageId: number }): Promise<void>;
}

export interface PickerDeps {
  router: Router;
  codec: CallbackCodec;
  /** The unprefixed store: the marks of previews already sent. */
  store: Store;
  shops: RelayShops["shops"];
}

const SENDING_TTL_MS = 24 * 60 * 60 * 1000;
/** Characters of a saved answer on its button (whole characters: an emoji is never cut). */
const LABEL_LENGTH = 40;
/** Characters of the list shown whole (each answer filled in); longer lists preview one by one. */
const LIST_TEXT_BUDGET = 3500;
const MISSING_KEYS: Record<PlaceholderName, string> = {
  order: "quick-replies-missing-order",
  name: "quick-replies-missing-name",
};

export function registerQuickReplyPicker(deps: PickerDeps, place: PickerPlace): void {
  const { router, codec, store, shops } = deps;
  const { buttons } = place;
  const tagged = (ctx: BotContext, shop: Shop, text: string) =>
    withShopTag(ctx.t, shops, shop.id, text);

  const listScreen = async (ctx: BotContext, shop: Shop, target: string, replies: QuickReply[]) => {
    const keyboard = new InlineKeyboard();
    const values = await place.values(shop, target);
    const filled = replies.map((reply) => fillQuickReply(reply.text, values));
    const shown = filled.map((f, index) => `${index + 1}. ${f.text}`);
    // Shown whole, what a button sends is what is read above it: Send at once.
    const whole = shown.join("\n\n").length <= LIST_TEXT_BUDGET;
    const allDirect = whole && filled.every((f) => f.missing.length === 0);
    replies.forEach((reply, index) => {
      const direct = whole && filled[index]?.missing.length === 0;
      const data = direct
        ? dataIfFits(codec, buttons.send, target, shop.ref, reply.id, reply.rev)
        : dataIfFits(codec, buttons.pick, target, shop.ref, reply.id);
      // A button that sends at once reads what it sends (filled in), as the list above it does.
      const words = direct ? (filled[index]?.text ?? reply.text) : reply.text;
      const label = `${index + 1}. ${direct ? "📤 " : ""}${replyLabel(words)}`;
      if (data) newRow(keyboard).text(label, data);
    });
    const head = ctx.t(allDirect ? "quick-replies-pick-send" : "quick-replies-pick");
    const text = whole ? [head, "", ...shown.flatMap((s) => [s, ""])].join("\n").trim() : head;
    return { text: tagged(ctx, shop, text), keyboard };
  };

  router.button(buttons.list, place.audience, async (ctx, [target, ref, inPlace]) => {
    const pressed = ctx.callbackQuery?.message;
    if (!pressed) return invalid(ctx);
    const shop = await place.shopOf(ctx, ref);
    if (!shop) return;
    const replies = await new QuickReplies(shop.store).list();
    if (replies.length === 0) {
      const text = ctx.t("quick-replies-none-yet", { name: shop.name });
      await ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const screen = await listScreen(ctx, shop, target, replies);
    // "Back" from a preview turns it into the list again; elsewhere the list is a new message.
    if (inPlace === IN_PLACE) {
      return edit(ctx, screen.text, screen.keyboard);
    }
    await ctx.api.sendMessage(pressed.chat.id, screen.text, {
      reply_markup: screen.keyboard,
      reply_parameters: { message_id: pressed.message_id, allow_sending_without_reply: true },
      ...(pressed.is_topic_message ? { message_thread_id: pressed.message_thread_id } : {}),
      link_preview_options: { is_disabled: true },
    });
  });

  const preview = async (ctx: BotContext, shop: Shop, target: string, reply: QuickReply) => {
    const filled = fillQuickReply(reply.text, await place.values(shop, target));
    const lines = [ctx.t("quick-replies-preview"), "", filled.text];
    if (filled.missing.length > 0) {
      lines.push("", ...filled.missing.map((name) => ctx.t(MISSING_KEYS[name])));
    }
    const keyboard = new InlineKeyboard();
    const send = dataIfFits(codec, buttons.send, target, shop.ref, reply.id, reply.rev);
    const back = dataIfFits(codec, buttons.list, target, shop.ref, IN_PLACE);
    if (send) keyboard.text(ctx.t("quick-replies-send"), send);
    if (back) keyboard.text(ctx.t("quick-replies-back"), back);
    await edit(ctx, tagged(ctx, shop, lines.join("\n")), keyboard);
    return filled;
  };

  router.button(buttons.pick, place.audience, async (ctx, [target, ref, id]) => {
    const shop = await place.shopOf(ctx, ref);
    if (!shop) return;
    const reply = await new QuickReplies(shop.store).get(id);
    if (!reply) return gone(ctx);
    await ctx.answerCallbackQuery();
    await preview(ctx, shop, target, reply);
  });

  router.button(buttons.send, place.audience, async (ctx, [target, ref, id, rev]) => {
    const pressed = ctx.callbackQuery?.message;
    if (!pressed) return invalid(ctx);
    const shop = await place.shopOf(ctx, ref);
    if (!shop) return;
    const reply = await new QuickReplies(shop.store).get(id);
    if (!reply) return gone(ctx);
    if (reply.rev !== rev) {
      // Edited since the preview was shown: the new text is previewed, nothing is sent.
      await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-changed"), show_alert: true });
      await preview(ctx, shop, target, reply);
      return;
    }
    const mark = `quick-replies:sending:${pressed.chat.id}:${pressed.message_id}`;
    if (!(await store.setIfAbsent(mark, ctx.from?.id ?? 0, { ttlMs: SENDING_TTL_MS }))) {
      await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-already-sent") });
      return;
    }
    const filled = fillQuickReply(reply.text, await place.values(shop, target));
    const outcome = await place.send(ctx, shop, target, filled.text);
    if (!outcome.ok) {
      await store.delete(mark);
      await ctx.answerCallbackQuery({ text: outcome.text.slice(0, 200), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-sent-short") });
    const who = ctx.from?.first_name ?? "";
    await edit(ctx, tagged(ctx, shop, ctx.t("quick-replies-sent", { who, text: filled.text })));
    await place.sent?.(shop, target, { chatId: pressed.chat.id, messageId: pressed.message_id });
  });
}

/** A saved answer's text on its button: one line of whole characters. */
export function replyLabel(text: string): string {
  return snippetOf(text, LABEL_LENGTH);
}

async function edit(ctx: BotContext, text: string, keyboard?: InlineKeyboard): Promise<void> {
  try {
    await ctx.editMessageText(text, {
      ...(keyboard ? { reply_markup: keyboard } : {}),
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    if (!isNotModified(error)) throw error;
  }
}

async function invalid(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
}

async function gone(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("quick-replies-gone"), show_alert: true });
}
