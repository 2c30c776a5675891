/**
 * An answer the bot cannot place is said to be not sent. A seller's reply that no handler took
 * (in private: any reply; in a group: a reply to the bot's message; in a forum: a message in a
 * topic the bot made for a buyer it no longer knows) gets "Not sent", why (the message is not a
 * buyer's, or too old to tell), and the ways to send it: /chats, a reply to the buyer's latest
 * message, and — when the person's last opened chat is known and the answer is text — a button
 * that sends it there after a confirmation. Only its writer's press acts on that button.
 * Its buttons (chats/buttons.ts) carry the id of the text kept in the store, never the text:
 * ask to confirm, send, drop.
 * Tests: none directly
 */
import { Composer, InlineKeyboard } from "grammy";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import type { BuyerChatRef } from "../../../services/chats/relay/unsent-answers.ts";
import { clip } from "../../../text.ts";
import type { BotContext } from "../../core/context.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import { mayUse } from "../../core/guard.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { isNotModified } from "../../core/screen-text.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { answerableShop } from "../answerable.ts";
import { UNSENT_ASK_BUTTON, UNSENT_DROP_BUTTON, UNSENT_SEND_BUTTON } from "../buttons.ts";
import { actorName, afterAnswer } from "../inbox/claims.ts";
import { relayHeader, replyFailureText } from "./format.ts";
import { isCommand } from "./relay.ts";

const SELLERS = ["seller"] as const;
/** Telegram shows about this much of a button's text. */
const BUTTON_TEXT_LIMIT = 64;
/** The answer as the confirmation quotes it: room left for the question within 4096. */
const CONFIRM_TEXT_LIMIT = 3500;

/** Why a reply could not be placed, as the person reads it. */
const WHY_KEYS = {
  notBuyer: "relay-not-sent-not-buyer",
  tooOld: "relay-not-sent-too-old",
} as const;
type Why = keyof typeof WHY_KEYS;

export function notSentFeature(relay: RelayShops): FeatureFactory {
  return (deps) => {
    const { router, codec } = deps;
    const composer = new Composer<BotContext>();

    composer.on("message", async (ctx, next) => {
      const why = unplacedReply(ctx, relay.links.ttlMs);
      if (!why) return next();
      const lines = [ctx.t("relay-not-sent"), ctx.t(WHY_KEYS[why]), ctx.t("relay-not-sent-how")];
      const text = ctx.message.text;
      const last = text?.trim() ? await relay.unsent.lastOpened(ctx.from.id) : undefined;
      let keyboard: InlineKeyboard | undefined;
      if (text && last && relay.shops.get(last.shopId)) {
        const id = await relay.unsent.keep({ ...last, userId: ctx.from.id, text });
        const label = ctx.t("relay-not-sent-button", { chat: await chatLabel(ctx, relay, last) });
        keyboard = new InlineKeyboard().text(
          clip(label, BUTTON_TEXT_LIMIT),
          UNSENT_ASK_BUTTON.data(codec, id),
        );
      }
      await ctx.reply(lines.join("\n\n"), {
        reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
        ...(keyboard ? { reply_markup: keyboard } : {}),
      });
    });

    router.button(UNSENT_ASK_BUTTON, SELLERS, async (ctx, [id]) => {
      const answer = await ownAnswer(ctx, relay, id);
      if (!answer) return;
      await ctx.answerCallbackQuery();
      const chat = await chatLabel(ctx, relay, answer);
      const keyboard = new InlineKeyboard()
        .text(ctx.t("relay-not-sent-confirm-button"), UNSENT_SEND_BUTTON.data(codec, id))
        .text(ctx.t("relay-not-sent-cancel-button"), UNSENT_DROP_BUTTON.data(codec, id));
      const text = clip(answer.text, CONFIRM_TEXT_LIMIT);
      await edit(ctx, ctx.t("relay-not-sent-confirm", { chat, text }), keyboard);
    });

    router.button(UNSENT_DROP_BUTTON, SELLERS, async (ctx, [id]) => {
      if (!ctx.from || !(await ownAnswer(ctx, relay, id))) return;
      await relay.unsent.drop(id, ctx.from.id);
      await ctx.answerCallbackQuery();
      await edit(ctx, ctx.t("relay-not-sent-dropped"));
    });

    router.button(UNSENT_SEND_BUTTON, SELLERS, async (ctx, [id]) => {
      const kept = await ownAnswer(ctx, relay, id);
      if (!kept || !ctx.from) return;
      const shop = await answerableShop(ctx, relay.shops.get(kept.shopId));
      if (!shop) return;
      // Taken out before sending: a second tap (or process) finds nothing and sends nothing.
      const answer = await relay.unsent.take(id, ctx.from.id);
      if (!answer) return gone(ctx);
      await ctx.answerCallbackQuery();
      const sent = await relay.replies(shop)?.sendText(answer.ozonChatId, answer.text);
      const chat = await chatLabel(ctx, relay, answer);
      if (!sent?.ok) {
        const reason = sent ? replyFailureText(ctx.t, sent) : ctx.t("relay-reply-shop-gone");
        return edit(ctx, reason);
      }
      await edit(ctx, ctx.t("relay-not-sent-sent", { chat }));
      await afterAnswer(claimDeps(deps, ctx, relay), shop, {
        ozonChatId: answer.ozonChatId,
        answeredIn: ctx.chat?.id ?? ctx.from.id,
        userId: ctx.from.id,
        name: actorName(ctx.from),
        words: answer.text,
      });
    });
    return composer;
  };
}

/**
 * Why a message is an answer the bot could not place, or undefined when it is no answer at all
 * (not a seller, not a reply, another person's message in a group, a topic not the bot's).
 */
function unplacedReply(ctx: BotContext, linkTtlMs: number): Why | undefined {
  const message = ctx.message;
  if (!message || !ctx.chat || isCommand(message) || message.sender_chat) return undefined;
  if (!ctx.from || ctx.from.is_bot || !mayUse(ctx.person, SELLERS)) return undefined;
  const replied = message.reply_to_message;
  if (!replied) return undefined;
  const botId = ctx.me.id;
  // Telegram marks every topic message as a reply to the topic's first message.
  if (message.is_topic_message && replied.message_id === message.message_thread_id) {
    const botsTopic = replied.from?.id === botId && replied.forum_topic_created !== undefined;
    return botsTopic ? "tooOld" : undefined;
  }
  if (ctx.chat.type !== "private" && replied.from?.id !== botId) return undefined;
  const ageMs = Date.now() - replied.date * 1000;
  return ageMs >= linkTtlMs ? "tooOld" : "notBuyer";
}

/** The kept answer behind a press, when the presser wrote it; else says why not. */
async function ownAnswer(ctx: BotContext, relay: RelayShops, id: string) {
  const userId = ctx.from?.id;
  if (userId === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
    return undefined;
  }
  const answer = await relay.unsent.get(id);
  if (answer?.userId === userId) return answer;
  if (!answer) await gone(ctx);
  else {
    const text = ctx.t("relay-not-sent-not-yours").slice(0, 200);
    await ctx.answerCallbackQuery({ text, show_alert: true });
  }
  return undefined;
}

function gone(ctx: BotContext) {
  return ctx.answerCallbackQuery({
    text: ctx.t("relay-not-sent-gone").slice(0, 200),
    show_alert: true,
  });
}

/** "🏬 Северный · 💬 Buyer · order 123": which buyer the button sends to. */
async function chatLabel(ctx: BotContext, relay: RelayShops, chat: BuyerChatRef) {
  const shop = relay.shops.get(chat.shopId);
  if (!shop) return relayHeader(ctx.t, {}, chat.ozonChatId);
  const context = await relay.repositories(shop).contexts.get(chat.ozonChatId);
  return withShopTag(ctx.t, relay.shops, shop.id, relayHeader(ctx.t, context, chat.ozonChatId));
}

async function edit(ctx: BotContext, text: string, keyboard?: InlineKeyboard) {
  try {
    await ctx.editMessageText(text, keyboard ? { reply_markup: keyboard } : {});
  } catch (error) {
    if (!isNotModified(error)) throw error;
  }
}

function claimDeps(deps: FeatureDeps, ctx: BotContext, relay: RelayShops) {
  const { codec, i18n, config, logger } = deps;
  const { timezone, defaultLocale } = config;
  return { api: ctx.api, codec, i18n, timezone, defaultLocale, logger, relay };
}
