/**
 * Buyer chats in Telegram: replies to relayed messages (and messages in a buyer's forum topic)
 * go to the buyer of the right shop, and "Write to buyer" on a posting opens the chat. The reply
 * handler runs before the conversations, so an open dialog never eats it. /relay_here is in
 * here.ts. A seller whose role is limited to some shops cannot write into the others.
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { Message } from "grammy/types";
import type { RoutedChat } from "../../../services/chats/relay/reply-router.ts";
import type { ReplyFailure } from "../../../services/chats/relay/reply-service.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import { onMessage } from "../../core/chain.ts";
import type { BotContext } from "../../core/context.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import { hasSavedDialog } from "../../core/dialog/conversations.ts";
import { mayUse, refuse } from "../../core/guard.ts";
import { translatorFor } from "../../core/i18n.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { replyToMessage } from "../../core/screen-text.ts";
import { shopTag, withShopTag } from "../../core/shop-tags.ts";
import { isChatUnreachable } from "../../core/telegram-errors.ts";
import {
  fetchTelegramFile,
  formatBytes,
  type OutgoingFile,
  outgoingContent,
  TELEGRAM_FETCH_LIMIT_BYTES,
  TelegramFileTooBigError,
} from "../../core/telegram-files.ts";
import { WRITE_TO_BUYER } from "../../postings/index.ts";
import { answerableShop, whyNotAnswer } from "../answerable.ts";
import { ANSWER_BUYER_BUTTON } from "../buttons.ts";
import { actorName, afterAnswer, claimDepsOf, takeOnAnswer } from "../inbox/claims.ts";
import { offerQuickReplies } from "../replies/in-chats.ts";
import { chatFromButtons } from "./buttons.ts";
import { relayHeader, replyFailureText, topicName } from "./format.ts";
import { ensureRelayTopic } from "./groups.ts";

const SELLERS = ["seller"] as const;
const THUMBS_UP = [{ type: "emoji", emoji: "👍" }] as const;

/** Telegram → Ozon: installed as `beforeConversations`; calls next() for everything else. */
export function relayRepliesFeature(relay: RelayShops): FeatureFactory {
  return (deps) => {
    const composer = new Composer<BotContext>();
    onMessage(composer, async (ctx, next) => {
      const message = ctx.message;
      if (isCommand(message)) return next();
      // An anonymous admin (or a linked channel) writes as the group: nobody to check the role of.
      const anonymous = message.sender_chat !== undefined;
      if (ctx.from.is_bot && !anonymous) return next();
      const replyTo = message.reply_to_message?.message_id;
      const topicId = message.is_topic_message ? message.message_thread_id : undefined;
      if (replyTo === undefined && topicId === undefined) return next();
      const content = outgoingContent(message);
      if (content.kind === "none") return next();
      // In a buyer's topic a plain message (no reply to anything but the topic itself) of a
      // person with a dialog open here answers the dialog; an explicit reply always goes to
      // the buyer. Telegram marks every topic message as a reply to the topic's first message.
      const explicitReply = replyTo !== undefined && replyTo !== message.message_thread_id;
      if (!explicitReply && hasSavedDialog(ctx)) return next();
      const routed =
        (await relay.router.resolve({ chatId: ctx.chat.id, replyToMessageId: replyTo, topicId })) ??
        routedByButtons(ctx, deps, relay);
      if (!routed) return next();
      if (anonymous) return replyToMessage(ctx, ctx.t("relay-reply-anonymous"));
      if (!mayUse(ctx.person, SELLERS)) return refuse(ctx, SELLERS);
      const shop = routed.shopId === undefined ? undefined : relay.shops.get(routed.shopId);
      const refusal = whyNotAnswer(ctx, shop);
      // Without a refusal the shop has Seller keys, so it has a reply service.
      const replies = shop && !refusal ? relay.replies(shop) : undefined;
      if (!shop || !replies) {
        return replyToMessage(ctx, refusal ?? ctx.t("relay-reply-shop-gone"));
      }
      const { ozonChatId } = routed;

      // A reply to what the seller wrote reaches the same buyer.
      const chat = { ozonChatId, shopId: shop.id };
      await Promise.all([
        relay.links.remember([{ chatId: ctx.chat.id, messageId: message.message_id }], chat),
        relay.unsent.opened(ctx.from.id, chat),
      ]);
      if (content.kind === "unsupported")
        return replyToMessage(ctx, ctx.t("relay-reply-unsupported"));
      const answered = (words?: string) =>
        afterAnswer(
          {
            api: ctx.api,
            codec: deps.codec,
            i18n: deps.i18n,
            timezone: deps.config.timezone,
            defaultLocale: deps.config.defaultLocale,
            logger: deps.logger,
            relay,
          },
          shop,
          {
            ozonChatId,
            answeredIn: ctx.chat.id,
            userId: ctx.from.id,
            name: actorName(ctx.from),
            ...(words ? { words } : {}),
          },
        );
      if (content.kind === "text") {
        const sent = await replies.sendText(ozonChatId, content.text);
        if (!sent.ok) return explain(ctx, sent, sent.partsSent, sent.partsTotal);
        await acknowledge(ctx);
        return answered(content.text);
      }
      const bytes = await fetchFile(ctx, deps, content.file);
      if (!bytes) return;
      const sent = await replies.sendFile(ozonChatId, content.file.name, bytes);
      if (!sent.ok) return explain(ctx, sent);
      if (content.caption.trim()) {
        const text = await replies.sendText(ozonChatId, content.caption);
        if (!text.ok) {
          // The file is with the buyer: sending it again would only make a duplicate.
          const went = ctx.t("relay-fail-caption-only", { name: content.file.name });
          return explain(ctx, text, text.partsSent, text.partsTotal, went);
        }
      }
      await acknowledge(ctx);
      return answered(content.caption.trim() || undefined);
    });
    return composer;
  };
}

/** "Write to buyer" on a posting, and "Reply" under a relayed buyer message. */
export function relayFeature(relay: RelayShops): FeatureFactory {
  return (deps) => {
    const { router, config, i18n } = deps;
    const { shops, links } = relay;

    /** The shop a button means, or undefined after telling the presser why it cannot act. */
    const shopOfButton = (ctx: BotContext, ref: string | undefined) =>
      answerableShop(ctx, relay.fromButton(ref));

    // wb:<posting>[:<shop ref>]; a button without a ref (the single-shop version) is the legacy owner's.
    router.button(WRITE_TO_BUYER, SELLERS, async (ctx, [postingNumber, ref]) => {
      if (!ctx.from) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      const shop = await shopOfButton(ctx, ref);
      const replies = shop && relay.replies(shop);
      if (!shop || !replies) return;
      const started = await replies.startChatForPosting(postingNumber);
      if (!started.ok) {
        const reason = replyFailureText(ctx.t, started);
        await ctx.answerCallbackQuery({ text: reason.slice(0, 200), show_alert: true });
        return;
      }
      const { ozonChatId } = started;
      const targets = await relay.groups.forShop(shop.id);
      const group = targets.find((g) => g.chatId === ctx.chat?.id) ?? targets[0];
      // Pressed elsewhere (a private alert, say): the prompt appears in the relay group, so say so.
      const elsewhere = group && group.chatId !== ctx.chat?.id;
      await ctx.answerCallbackQuery(
        elsewhere
          ? { text: ctx.t("relay-write-in-group", { group: group.title ?? "" }).slice(0, 200) }
          : undefined,
      );
      const { contexts, topics } = relay.repositories(shop);
      let where: { chatId: number; threadId?: number; private: boolean };
      let text: string;
      if (group) {
        const t = translatorFor(i18n, config.defaultLocale);
        where = { chatId: group.chatId, private: false };
        if (group.isForum) {
          const context = await contexts.get(ozonChatId);
          where.threadId = await ensureRelayTopic({
            api: ctx.api,
            topics,
            groupChatId: group.chatId,
            ozonChatId,
            name: topicName(t, context, ozonChatId, shopTag(t, shops, shop.id)),
          });
        }
        const key = where.threadId ? "relay-write-prompt-topic" : "relay-write-prompt";
        text = withShopTag(t, shops, shop.id, t(key, { posting: postingNumber }));
      } else {
        where = { chatId: ctx.from.id, private: true };
        text = withShopTag(
          ctx.t,
          shops,
          shop.id,
          ctx.t("relay-write-prompt", { posting: postingNumber }),
        );
      }
      const offer = (where: OfferPlace) =>
        offerQuickReplies(ctx, deps.codec, shop, ozonChatId, where);
      const prompt = (chatId: number, threadId: number | undefined) =>
        askForAnswer(
          ctx,
          links,
          { ozonChatId, shopId: shop.id },
          { chatId, threadId, text },
          offer,
        );
      try {
        await prompt(where.chatId, where.threadId);
      } catch (error) {
        // The person never opened a private chat with the bot: ask where they pressed.
        const here = ctx.chat?.id;
        if (
          !where.private ||
          here === undefined ||
          here === where.chatId ||
          !isChatUnreachable(error)
        ) {
          throw error;
        }
        where = { chatId: here, private: false };
        const thread = ctx.callbackQuery?.message?.is_topic_message
          ? ctx.callbackQuery.message.message_thread_id
          : undefined;
        await prompt(here, thread);
      }
    });

    // "Reply" under a relayed buyer message: the same prompt, where the message is.
    // br:<ozon chat id>[:<shop ref>]; without a ref (the single-shop version) the legacy owner's.
    router.button(ANSWER_BUYER_BUTTON, SELLERS, async (ctx, [ozonChatId, ref]) => {
      const message = ctx.callbackQuery?.message;
      if (!message) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      const shop = await shopOfButton(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      if (ctx.from) await relay.unsent.opened(ctx.from.id, { ozonChatId, shopId: shop.id });
      // Answering takes the chat (when free): no separate Take it tap.
      const answering = { message, t: ctx.t };
      if (ctx.from && ref !== undefined) {
        const claims = claimDepsOf(ctx.api, deps);
        await takeOnAnswer(claims, relay, shop, ozonChatId, ctx.from, answering);
      }
      const threadId = message.is_topic_message ? message.message_thread_id : undefined;
      const context = await relay.repositories(shop).contexts.get(ozonChatId);
      const about = withShopTag(ctx.t, shops, shop.id, relayHeader(ctx.t, context, ozonChatId));
      const key = threadId ? "relay-answer-prompt-topic" : "relay-answer-prompt";
      await askForAnswer(
        ctx,
        links,
        { ozonChatId, shopId: shop.id },
        {
          chatId: message.chat.id,
          threadId,
          text: ctx.t(key, { chat: about }),
        },
        (where) => offerQuickReplies(ctx, deps.codec, shop, ozonChatId, where),
      );
    });
    return undefined;
  };
}

/**
 * A prompt whose reply goes to the buyer. In private the reply field opens at once; selective
 * keeps it from popping up for a whole group. In a topic every message reaches the buyer anyway.
 */
async function askForAnswer(
  ctx: BotContext,
  links: RelayShops["links"],
  chat: { ozonChatId: string; shopId: string },
  where: { chatId: number; threadId: number | undefined; text: string },
  /** Offers the shop's saved answers under the prompt. */
  offer?: (where: OfferPlace) => Promise<void>,
): Promise<void> {
  const placeholder = ctx.t("relay-write-placeholder").slice(0, 64);
  const sent = await ctx.api.sendMessage(where.chatId, where.text, {
    ...(where.threadId
      ? { message_thread_id: where.threadId }
      : {
          reply_markup: {
            force_reply: true,
            selective: true,
            input_field_placeholder: placeholder,
          },
        }),
  });
  await links.remember([{ chatId: where.chatId, messageId: sent.message_id }], chat);
  const place = { chatId: where.chatId, threadId: where.threadId, replyTo: sent.message_id };
  await offer?.(place);
}

type OfferPlace = { chatId: number; threadId: number | undefined; replyTo: number };

/** The buyer chat named by the signed buttons of the bot's message replied to (link gone). */
function routedByButtons(
  ctx: BotContext,
  deps: FeatureDeps,
  relay: RelayShops,
): RoutedChat | undefined {
  const chat = chatFromButtons(deps.codec, ctx.me.id, ctx.message?.reply_to_message);
  const shop = chat && relay.fromButton(chat.shopRef);
  return chat && shop ? { ozonChatId: chat.ozonChatId, shopId: shop.id } : undefined;
}

export function isCommand(message: Message): boolean {
  const entity = message.entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0;
}

/** The file's bytes, or undefined after telling the sender why it cannot be fetched. */
async function fetchFile(
  ctx: BotContext,
  deps: FeatureDeps,
  file: OutgoingFile,
): Promise<Uint8Array | undefined> {
  const tooBig = (size: number | undefined) =>
    replyToMessage(
      ctx,
      ctx.t("relay-reply-file-too-big", {
        size: size === undefined ? "> 20 MB" : formatBytes(size),
        limit: formatBytes(TELEGRAM_FETCH_LIMIT_BYTES),
      }),
    );
  if (file.size !== undefined && file.size > TELEGRAM_FETCH_LIMIT_BYTES) {
    await tooBig(file.size);
    return undefined;
  }
  try {
    return await fetchTelegramFile({
      api: ctx.api,
      apiRoot: deps.config.telegramApiRoot,
      token: deps.config.botToken,
      fileId: file.fileId,
    });
  } catch (error) {
    if (error instanceof TelegramFileTooBigError) {
      await tooBig(error.size);
      return undefined;
    }
    deps.logger.warn({ err: error }, "Chat relay: a file could not be fetched from Telegram");
    await replyToMessage(ctx, ctx.t("relay-reply-fetch-failed"));
    return undefined;
  }
}

/** 👍 on the sender's message; a short reply where reactions are not allowed. */
async function acknowledge(ctx: BotContext): Promise<void> {
  const chatId = ctx.chat?.id;
  const messageId = ctx.msg?.message_id;
  if (chatId === undefined || messageId === undefined) return;
  try {
    await ctx.api.setMessageReaction(chatId, messageId, [...THUMBS_UP]);
  } catch {
    await replyToMessage(ctx, ctx.t("relay-reply-sent"));
  }
}

async function explain(
  ctx: BotContext,
  failure: ReplyFailure,
  partsSent = 0,
  partsTotal = 0,
  before?: string,
): Promise<void> {
  const lines = [replyFailureText(ctx.t, failure)];
  if (before) lines.unshift(before);
  if (partsSent > 0) {
    lines.push(ctx.t("relay-fail-partial", { sent: partsSent, total: partsTotal }));
  }
  await replyToMessage(ctx, lines.join("\n"));
}
