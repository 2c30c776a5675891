/**
 * Which buyer chat, question or review a bot message is about, read from its own signed buttons.
 * Telegram hands the bot the replied-to message with its keyboard, so a reply to a relayed copy
 * still finds its buyer when the stored link is gone. Only the bot's own messages count, and only
 * data whose signature checks out (callback-data.ts): a forged keyboard names nothing.
 */
import type { Message } from "grammy/types";
import type { FeedKind } from "../../services/questions/question-relay.ts";
import type { CallbackCodec, DecodedCallback } from "../core/callback-data.ts";
import { CHAT_READ_CALLBACK } from "./inbox-keyboards.ts";
import { ANSWER_BUYER_CALLBACK, QUICK_REPLY_CALLBACK, TAKE_CHAT_CALLBACK } from "./keyboards.ts";
import {
  ANSWER_QUESTION_CALLBACK,
  ANSWER_REVIEW_CALLBACK,
  QUESTION_PICKER_KINDS,
  QUESTION_PROCESSED_CALLBACK,
  REVIEW_PICKER_KINDS,
} from "./question-keyboards.ts";

/**
 * Buttons whose first argument is an Ozon chat id and second (if any) the shop's ref: those of a
 * relayed copy and of one chat's view (not the /chats list, whose buttons name many chats).
 */
const CHAT_KINDS = new Set([
  ANSWER_BUYER_CALLBACK,
  QUICK_REPLY_CALLBACK,
  TAKE_CHAT_CALLBACK,
  CHAT_READ_CALLBACK,
]);
/** Buttons whose first argument is a question's or review's id and second the shop's ref. */
const FEED_KINDS = new Map<string, FeedKind>([
  [ANSWER_QUESTION_CALLBACK, "question"],
  [QUESTION_PICKER_KINDS.list, "question"],
  [QUESTION_PROCESSED_CALLBACK, "question"],
  [ANSWER_REVIEW_CALLBACK, "review"],
  [REVIEW_PICKER_KINDS.list, "review"],
]);
/** Buttons read at most: a relayed copy has five. */
const MAX_BUTTONS = 20;

export interface ButtonChat {
  ozonChatId: string;
  /** The shop's ref; undefined on buttons of the single-shop version (the legacy owner's). */
  shopRef: string | undefined;
}

export interface ButtonFeedItem {
  kind: FeedKind;
  id: string;
  shopRef: string;
}

/** The one buyer chat the bot's message `replied` is about, from its signed buttons. */
export function chatFromButtons(
  codec: CallbackCodec,
  botId: number,
  replied: Message | undefined,
): ButtonChat | undefined {
  const named = new Map<string, ButtonChat>();
  for (const { kind, args } of signedButtons(codec, botId, replied)) {
    const [ozonChatId, shopRef] = args;
    if (!CHAT_KINDS.has(kind) || !ozonChatId) continue;
    named.set(`${ozonChatId}:${shopRef ?? ""}`, { ozonChatId, shopRef: shopRef || undefined });
  }
  // Buttons naming two chats say nothing about which one a reply is for.
  return named.size === 1 ? [...named.values()][0] : undefined;
}

/** The question or review the bot's message `replied` carries, from its signed buttons. */
export function feedItemFromButtons(
  codec: CallbackCodec,
  botId: number,
  replied: Message | undefined,
): ButtonFeedItem | undefined {
  for (const { kind, args } of signedButtons(codec, botId, replied)) {
    const feed = FEED_KINDS.get(kind);
    const [id, shopRef] = args;
    if (feed && id && shopRef) return { kind: feed, id, shopRef };
  }
  return undefined;
}

function signedButtons(
  codec: CallbackCodec,
  botId: number,
  replied: Message | undefined,
): DecodedCallback[] {
  if (!replied || replied.from?.id !== botId) return [];
  const rows = replied.reply_markup?.inline_keyboard ?? [];
  const decoded: DecodedCallback[] = [];
  for (const button of rows.flat().slice(0, MAX_BUTTONS)) {
    const data = "callback_data" in button ? button.callback_data : undefined;
    const callback = typeof data === "string" ? codec.decode(data) : undefined;
    if (callback) decoded.push(callback);
  }
  return decoded;
}
