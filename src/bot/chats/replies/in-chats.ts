/**
 * Saved answers for buyer chats: "Answer with a template" under each relayed buyer message
 * (chats/relay/keyboards.ts) and the saved answers offered under the Answer prompt. `{order}` is the
 * chat's order number (else its posting number); Ozon names no buyer in chats, so `{name}` is
 * left out there.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import { QuickReplies } from "../../../services/chats/replies/quick-replies.ts";
import type { Shop } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { BotContext } from "../../core/context.ts";
import { newRow } from "../../core/keyboard-rows.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { answerableShop } from "../answerable.ts";
import { CHAT_PICKER_BUTTONS, dataIfFits, IN_PLACE } from "../buttons.ts";
import { replyFailureText } from "../relay/format.ts";
import { registerQuickReplyPicker, replyLabel } from "./picker.ts";

const SELLERS = ["seller"] as const;
const OFFERED = 8;

export function relayQuickRepliesFeature(relay: RelayShops): FeatureFactory {
  return (deps) => {
    registerQuickReplyPicker(
      { router: deps.router, codec: deps.codec, store: deps.store, shops: relay.shops },
      {
        buttons: CHAT_PICKER_BUTTONS,
        audience: SELLERS,
        shopOf: (ctx, ref) => answerableShop(ctx, relay.fromButton(ref)),
        async values(shop, ozonChatId) {
          const context = await relay.repositories(shop).contexts.get(ozonChatId);
          return { order: context.orderNumber ?? context.postingNumber };
        },
        async send(ctx, shop, ozonChatId, text) {
          const replies = relay.replies(shop);
          if (!replies) return { ok: false, text: ctx.t("relay-reply-shop-gone") };
          const sent = await replies.sendText(ozonChatId, text);
          return sent.ok ? { ok: true } : { ok: false, text: replyFailureText(ctx.t, sent) };
        },
        async sent(shop, ozonChatId, message) {
          // A reply to the "sent" message reaches the same buyer, as a reply to a relayed one does.
          await relay.links.remember([message], { ozonChatId, shopId: shop.id });
        },
      },
    );
    return undefined;
  };
}

/**
 * Under the Answer prompt: the shop's first saved answers as buttons, when it has any (sent as a
 * message of its own: the prompt's force-reply cannot carry buttons).
 */
export async function offerQuickReplies(
  ctx: BotContext,
  codec: CallbackCodec,
  shop: Shop,
  ozonChatId: string,
  where: { chatId: number; threadId: number | undefined; replyTo: number },
): Promise<void> {
  const replies = await new QuickReplies(shop.store).list();
  if (replies.length === 0) return;
  const keyboard = new InlineKeyboard();
  for (const [index, reply] of replies.slice(0, OFFERED).entries()) {
    const data = dataIfFits(codec, CHAT_PICKER_BUTTONS.pick, ozonChatId, shop.ref, reply.id);
    if (data) keyboard.text(`${index + 1}. ${replyLabel(reply.text)}`, data);
  }
  const more = dataIfFits(codec, CHAT_PICKER_BUTTONS.list, ozonChatId, shop.ref, IN_PLACE);
  if (replies.length > OFFERED && more) newRow(keyboard).text(ctx.t("quick-replies-more"), more);
  await ctx.api.sendMessage(where.chatId, ctx.t("quick-replies-offer"), {
    reply_markup: keyboard,
    reply_parameters: { message_id: where.replyTo, allow_sending_without_reply: true },
    ...(where.threadId ? { message_thread_id: where.threadId } : {}),
  });
}
