/**
 * Buyer chats in Telegram: replies to relayed messages (and messages in a buyer's forum topic)
 * go to the buyer, /relay_here picks the relay group, and "Write to buyer" on a posting opens
 * the chat. The reply handler runs before the conversations, so an open dialog never eats it.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import { ReplyRouter } from "../../services/relay/reply-router.ts";
import type { ReplyFailure, ReplyService } from "../../services/relay/reply-service.ts";
import type { RelayRepositories } from "../../services/relay/repositories.ts";
import type { BotContext } from "../context.ts";
import { hasSavedDialog } from "../conversations/index.ts";
import type { FeatureDeps } from "../deps.ts";
import { formatBytes, relayHeader, replyFailureText, topicName } from "../format/relay.ts";
import { mayUse, refuse } from "../guard.ts";
import { translatorFor } from "../i18n.ts";
import type { FeatureFactory } from "../index.ts";
import { WRITE_TO_BUYER_CALLBACK } from "../keyboards/postings.ts";
import { ANSWER_BUYER_CALLBACK } from "../keyboards/relay.ts";
import { replyToMessage } from "../messages.ts";
import { ensureRelayTopic, moveRelayGroup } from "../notifiers/relay.ts";
import { isChatUnreachable } from "../telegram-errors.ts";
import {
  fetchTelegramFile,
  type OutgoingFile,
  outgoingContent,
  TELEGRAM_FETCH_LIMIT_BYTES,
  TelegramFileTooBigError,
} from "./relay-files.ts";

/** "Stop relaying here" under the /relay_here confirmation. */
export const RELAY_HERE_CALLBACK = "rh";

export interface RelayFeatureServices {
  repositories: RelayRepositories;
  replies: ReplyService;
}

const SELLERS = ["seller"] as const;
const THUMBS_UP = [{ type: "emoji", emoji: "👍" }] as const;

/** Telegram → Ozon: installed as `beforeConversations`; calls next() for everything else. */
export function relayRepliesFeature(services: RelayFeatureServices): FeatureFactory {
  return (deps) => {
    const { groups, links } = services.repositories;
    const router = new ReplyRouter(services.repositories);
    const composer = new Composer<BotContext>();
    // A group becomes a supergroup (topics turned on, say) under a new id: the relay follows it.
    composer.on("message:migrate_to_chat_id", async (ctx, next) => {
      const group = await groups.get();
      if (group?.chatId === ctx.chat.id) {
        await moveRelayGroup(ctx.api, groups, ctx.chat.id, ctx.message.migrate_to_chat_id);
      }
      return next();
    });
    composer.on("message", async (ctx, next) => {
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
      const ozonChatId = await router.resolve({
        chatId: ctx.chat.id,
        replyToMessageId: replyTo,
        topicId,
      });
      if (!ozonChatId) return next();
      if (anonymous) return replyToMessage(ctx, ctx.t("relay-reply-anonymous"));
      if (!mayUse(ctx.person, SELLERS)) return refuse(ctx, SELLERS);

      // A reply to what the seller wrote reaches the same buyer.
      await links.remember([{ chatId: ctx.chat.id, messageId: message.message_id }], {
        ozonChatId,
      });
      if (content.kind === "unsupported")
        return replyToMessage(ctx, ctx.t("relay-reply-unsupported"));
      if (content.kind === "text") {
        const sent = await services.replies.sendText(ozonChatId, content.text);
        if (!sent.ok) return explain(ctx, sent, sent.partsSent, sent.partsTotal);
        return acknowledge(ctx);
      }
      const bytes = await fetchFile(ctx, deps, content.file);
      if (!bytes) return;
      const sent = await services.replies.sendFile(ozonChatId, content.file.name, bytes);
      if (!sent.ok) return explain(ctx, sent);
      if (content.caption.trim()) {
        const text = await services.replies.sendText(ozonChatId, content.caption);
        if (!text.ok) {
          // The file is with the buyer: sending it again would only make a duplicate.
          const went = ctx.t("relay-fail-caption-only", { name: content.file.name });
          return explain(ctx, text, text.partsSent, text.partsTotal, went);
        }
      }
      return acknowledge(ctx);
    });
    return composer;
  };
}

/** /relay_here, its "stop" button, and "Write to buyer". */
export function relayFeature(services: RelayFeatureServices): FeatureFactory {
  return (deps) => {
    const { codec, router, config, i18n } = deps;
    const { groups, links, contexts, topics } = services.repositories;

    router.command("relay_here", async (ctx) => {
      const chat = ctx.chat;
      if (!chat || (chat.type !== "group" && chat.type !== "supergroup")) {
        await ctx.reply(ctx.t("relay-here-private"));
        return;
      }
      const current = await groups.get();
      const isForum = chat.type === "supergroup" && chat.is_forum === true;
      // Same group, same shape: the command switches the relay off. A group that turned topics
      // on (or off) since is set up anew instead.
      if (current?.chatId === chat.id && current.isForum === isForum) {
        await groups.clear();
        await ctx.reply(ctx.t("relay-here-cleared"));
        return;
      }
      await groups.set({ chatId: chat.id, title: chat.title, isForum, setBy: ctx.from?.id });
      const stop = new InlineKeyboard().text(
        ctx.t("relay-here-stop-button"),
        codec.encode(RELAY_HERE_CALLBACK, "off"),
      );
      const lines = [ctx.t(isForum ? "relay-here-set-forum" : "relay-here-set")];
      // Without the right to make topics every buyer message would wait unseen: say so now.
      if (isForum && !(await mayManageTopics(ctx))) lines.push(ctx.t("relay-here-needs-topics"));
      await ctx.reply(lines.join("\n\n"), { reply_markup: stop });
    });

    router.callback(RELAY_HERE_CALLBACK, ["admin"], async (ctx, [action]) => {
      const current = await groups.get();
      if (action !== "off" || !current || current.chatId !== ctx.chat?.id) {
        await ctx.answerCallbackQuery({ text: ctx.t("relay-here-not-set") });
        await ctx.editMessageReplyMarkup().catch(() => undefined);
        return;
      }
      await groups.clear();
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(ctx.t("relay-here-cleared"));
    });

    router.callback(WRITE_TO_BUYER_CALLBACK, SELLERS, async (ctx, [postingNumber]) => {
      if (!postingNumber || !ctx.from) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      const started = await services.replies.startChatForPosting(postingNumber);
      if (!started.ok) {
        const reason = replyFailureText(ctx.t, started);
        await ctx.answerCallbackQuery({ text: reason.slice(0, 200), show_alert: true });
        return;
      }
      const { ozonChatId } = started;
      const group = await groups.get();
      // Pressed elsewhere (a private alert, say): the prompt appears in the relay group, so say so.
      const elsewhere = group && group.chatId !== ctx.chat?.id;
      await ctx.answerCallbackQuery(
        elsewhere
          ? { text: ctx.t("relay-write-in-group", { group: group.title ?? "" }).slice(0, 200) }
          : undefined,
      );
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
            name: topicName(t, context, ozonChatId),
          });
        }
        text = t(where.threadId ? "relay-write-prompt-topic" : "relay-write-prompt", {
          posting: postingNumber,
        });
      } else {
        where = { chatId: ctx.from.id, private: true };
        text = ctx.t("relay-write-prompt", { posting: postingNumber });
      }
      const prompt = (chatId: number, threadId: number | undefined) =>
        askForAnswer(ctx, links, ozonChatId, { chatId, threadId, text });
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
    router.callback(ANSWER_BUYER_CALLBACK, SELLERS, async (ctx, [ozonChatId]) => {
      const message = ctx.callbackQuery?.message;
      if (!ozonChatId || !message) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      const threadId = message.is_topic_message ? message.message_thread_id : undefined;
      const about = relayHeader(ctx.t, await contexts.get(ozonChatId), ozonChatId);
      const key = threadId ? "relay-answer-prompt-topic" : "relay-answer-prompt";
      await askForAnswer(ctx, links, ozonChatId, {
        chatId: message.chat.id,
        threadId,
        text: ctx.t(key, { chat: about }),
      });
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
  links: RelayRepositories["links"],
  ozonChatId: string,
  where: { chatId: number; threadId: number | undefined; text: string },
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
  await links.remember([{ chatId: where.chatId, messageId: sent.message_id }], { ozonChatId });
}

/** False only when Telegram says plainly that the bot may not create topics here. */
async function mayManageTopics(ctx: BotContext): Promise<boolean> {
  const me = await ctx.getChatMember(ctx.me.id).catch(() => undefined);
  if (!me || typeof me !== "object" || !("status" in me)) return true;
  if (me.status === "creator") return true;
  return me.status === "administrator" && me.can_manage_topics === true;
}

function isCommand(message: Message): boolean {
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
