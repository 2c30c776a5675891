/**
 * Answering product questions and reviews from Telegram: a reply to the relayed message (or to
 * the Answer prompt), the Answer button, or a saved answer (`{name}` is the question's author).
 * The answer goes to `/v1/question/answer/create` (question id and SKU) or
 * `/v1/review/comment/create`; then the question is marked processed and the others who got it
 * are told (done.ts). "Processed" marks a question without an answer. Sellers (and
 * admins) only, of the item's own shop. Admins turn polling back on after a Premium Plus refusal
 * with the button of the notice.
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { Message } from "grammy/types";
import { ozonFailureMessage } from "../../../ozon/errors.ts";
import type { FeedKind } from "../../../services/chats/questions/question-relay.ts";
import {
  FeedItems,
  type FeedLink,
  type FeedLinks,
} from "../../../services/chats/questions/records.ts";
import { QuestionSwitch } from "../../../services/chats/questions/switch.ts";
import { classifyReplyError } from "../../../services/chats/relay/reply-errors.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import { actorOf } from "../../audit/index.ts";
import { onMessage } from "../../core/chain.ts";
import type { BotContext } from "../../core/context.ts";
import { hasSavedDialog } from "../../core/dialog/conversations.ts";
import { mayUse, refuse } from "../../core/guard.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { replyToMessage } from "../../core/screen-text.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { answerableShop, whyNotAnswer } from "../answerable.ts";
import { FEED_BUTTONS, QUESTION_PROCESSED_BUTTON, QUESTIONS_ON_BUTTON } from "../buttons.ts";
import { actorName } from "../inbox/claims.ts";
import { type ButtonFeedItem, feedItemFromButtons } from "../relay/buttons.ts";
import { replyFailureText } from "../relay/format.ts";
import { registerQuickReplyPicker, type SendOutcome } from "../replies/picker.ts";
import { afterFeedDone, type FeedDone, type FeedDoneDeps, markQuestionProcessed } from "./done.ts";

const SELLERS = ["seller"] as const;
const ADMINS = ["admin"] as const;
const THUMBS_UP = [{ type: "emoji", emoji: "👍" }] as const;
/** Ozon takes answers of 2 to 3 000 characters. */
export const ANSWER_MIN = 2;
export const ANSWER_MAX = 3000;

export interface QuestionFeatureDeps extends FeedDoneDeps {
  shops: ShopRegistry;
  /** Message → question/review links (the shared store). */
  links: FeedLinks;
  /** A pass of the shop's poller now (after an admin turned it back on). */
  nudge(shopId: string): void;
}

/**
 * Sends an answer to Ozon, then marks and tells (afterFeedDone); a sentence for the person when
 * it did not go.
 */
async function answerItem(
  ctx: BotContext,
  deps: QuestionFeatureDeps,
  shop: Shop,
  kind: FeedKind,
  id: string,
  text: string,
): Promise<SendOutcome> {
  const trimmed = text.trim();
  if (Array.from(trimmed).length < ANSWER_MIN) {
    return { ok: false, text: ctx.t("questions-answer-too-short", { min: ANSWER_MIN }) };
  }
  if (Array.from(trimmed).length > ANSWER_MAX) {
    return { ok: false, text: ctx.t("questions-answer-too-long", { max: ANSWER_MAX }) };
  }
  const item = await new FeedItems(shop.store).get(kind, id);
  const seller = shop.seller;
  if (!item || !seller) return { ok: false, text: ctx.t("questions-item-gone") };
  try {
    if (kind === "question") await seller.questions.answerQuestion(id, item.sku, trimmed);
    else await seller.questions.commentReview(id, trimmed);
  } catch (error) {
    const reason = classifyReplyError(error);
    if (reason === "premium_required") {
      // Questions need Premium Plus; reviews «Управление отзывами» or Premium Pro.
      const key = kind === "question" ? "questions-fail-premium" : "reviews-fail-subscription";
      return { ok: false, text: ctx.t(key, { name: shop.name }) };
    }
    return {
      ok: false,
      text: replyFailureText(ctx.t, { reason, detail: ozonFailureMessage(error), error }),
    };
  }
  const done: FeedDone = {
    how: "answered",
    words: trimmed,
    name: actorName(ctx.from),
    answeredIn: ctx.chat?.id ?? 0,
    actor: actorOf(ctx),
  };
  await afterFeedDone({ ...deps, api: ctx.api }, shop, { kind, id, shopId: shop.id }, done);
  return { ok: true };
}

/** Replies to relayed questions and reviews: installed before the conversations. */
export function questionRepliesFeature(deps: QuestionFeatureDeps): FeatureFactory {
  return ({ codec }) => {
    const composer = new Composer<BotContext>();
    onMessage(composer, async (ctx, next) => {
      const message = ctx.message;
      const replyTo = message.reply_to_message?.message_id;
      if (replyTo === undefined || isCommand(message)) return next();
      const anonymous = message.sender_chat !== undefined;
      if (ctx.from.is_bot && !anonymous) return next();
      // A topic message is a reply to the topic's start: a dialog there keeps its own messages.
      if (replyTo === message.message_thread_id && hasSavedDialog(ctx)) return next();
      const link =
        (await deps.links.resolve(ctx.chat.id, replyTo)) ??
        linkOfButtons(deps.shops, feedItemFromButtons(codec, ctx.me.id, message.reply_to_message));
      if (!link) return next();
      if (anonymous) return replyToMessage(ctx, ctx.t("relay-reply-anonymous"));
      if (!mayUse(ctx.person, SELLERS)) return refuse(ctx, SELLERS);
      const shop = deps.shops.get(link.shopId);
      const refusal = whyNotAnswer(ctx, shop);
      if (refusal || !shop) return replyToMessage(ctx, refusal ?? ctx.t("relay-reply-shop-gone"));
      const text = message.text ?? message.caption;
      if (text === undefined || message.text === undefined) {
        return replyToMessage(ctx, ctx.t("questions-reply-text-only"));
      }
      const outcome = await answerItem(ctx, deps, shop, link.kind, link.id, text);
      if (!outcome.ok) return replyToMessage(ctx, outcome.text);
      // A reply to this answer answers the same item again.
      await deps.links.remember([{ chatId: ctx.chat.id, messageId: message.message_id }], link);
      try {
        await ctx.api.setMessageReaction(ctx.chat.id, message.message_id, [...THUMBS_UP]);
      } catch {
        await replyToMessage(ctx, ctx.t("questions-answered"));
      }
    });
    return composer;
  };
}

/** The Answer buttons, the saved-answer pickers and the admins' "turn back on". */
export function questionsFeature(deps: QuestionFeatureDeps): FeatureFactory {
  return (features) => {
    const { router, codec, store } = features;
    const { shops, links } = deps;

    const shopOf = (ctx: BotContext, ref: string | undefined) =>
      answerableShop(ctx, ref ? shops.byRef(ref) : undefined);

    for (const kind of ["question", "review"] as const) {
      const { answer, picker } = FEED_BUTTONS[kind];
      router.button(answer, SELLERS, async (ctx, [id, ref]) => {
        const pressed = ctx.callbackQuery?.message;
        if (!pressed) {
          await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
          return;
        }
        const shop = await shopOf(ctx, ref);
        if (!shop) return;
        await ctx.answerCallbackQuery();
        const threadId = pressed.is_topic_message ? pressed.message_thread_id : undefined;
        const prompt = withShopTag(ctx.t, shops, shop.id, ctx.t(`${kind}s-answer-prompt`));
        const sent = await ctx.api.sendMessage(pressed.chat.id, prompt, {
          reply_parameters: { message_id: pressed.message_id, allow_sending_without_reply: true },
          reply_markup: {
            force_reply: true,
            selective: true,
            input_field_placeholder: ctx.t("relay-write-placeholder").slice(0, 64),
          },
          ...(threadId ? { message_thread_id: threadId } : {}),
        });
        await links.remember([{ chatId: pressed.chat.id, messageId: sent.message_id }], {
          kind,
          id,
          shopId: shop.id,
        });
      });

      registerQuickReplyPicker(
        { router, codec, store, shops },
        {
          buttons: picker,
          audience: SELLERS,
          shopOf,
          async values(shop, id) {
            const item = await new FeedItems(shop.store).get(kind, id);
            return { name: item?.authorName };
          },
          send: (ctx, shop, id, text) => answerItem(ctx, deps, shop, kind, id, text),
          async sent(shop, id, message) {
            await links.remember([message], { kind, id, shopId: shop.id });
          },
        },
      );
    }

    // Processed without an answer (spam, nothing to say): Ozon first, then the copies and notes.
    router.button(QUESTION_PROCESSED_BUTTON, SELLERS, async (ctx, [id, ref]) => {
      const pressed = ctx.callbackQuery?.message;
      if (!pressed) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      const shop = await shopOf(ctx, ref);
      if (!shop) return;
      const record = { audit: deps.audit, actor: actorOf(ctx), via: "processed" };
      if (!(await markQuestionProcessed(shop, id, deps.logger, record))) {
        const text = ctx.t("questions-processed-failed", { name: shop.name });
        await ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery({ text: ctx.t("questions-processed-ok").slice(0, 200) });
      await afterFeedDone(
        { ...deps, api: ctx.api },
        shop,
        { kind: "question", id, shopId: shop.id },
        {
          how: "processed",
          name: actorName(ctx.from),
          answeredIn: pressed.chat.id,
          actor: actorOf(ctx),
        },
      );
    });

    router.button(QUESTIONS_ON_BUTTON, ADMINS, async (ctx, [ref]) => {
      const shop = shops.byRef(ref);
      if (!shop) {
        await ctx.answerCallbackQuery({ text: ctx.t("relay-reply-shop-gone"), show_alert: true });
        return;
      }
      const was = await new QuestionSwitch(shop.store).turnOn();
      await ctx.answerCallbackQuery();
      deps.nudge(shop.id);
      const key = was ? "questions-turned-on" : "questions-already-on";
      await replyToMessage(ctx, ctx.t(key, { name: shop.name }));
    });
    return undefined;
  };
}

/** The item a copy's signed buttons name, when its stored link is gone. */
function linkOfButtons(
  shops: ShopRegistry,
  item: ButtonFeedItem | undefined,
): FeedLink | undefined {
  const shop = item && shops.byRef(item.shopRef);
  return item && shop ? { kind: item.kind, id: item.id, shopId: shop.id } : undefined;
}

function isCommand(message: Message): boolean {
  const entity = message.entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0;
}
