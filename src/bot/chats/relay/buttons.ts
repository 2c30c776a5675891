/**
 * Which buyer chat, question or review a bot message is about, read from its own signed buttons.
 * Telegram hands the bot the replied-to message with its keyboard, so a reply to a relayed copy
 * still finds its buyer when the stored link is gone. Only the bot's own messages count, and only
 * data whose signature checks out (callback-data.ts): a forged keyboard names nothing.
 * Tests: none directly
 */
import type { Message } from "grammy/types";
import type { FeedKind } from "../../../services/chats/questions/question-relay.ts";
import type { ButtonKind } from "../../core/buttons.ts";
import type { CallbackCodec, DecodedCallback } from "../../core/callback-data.ts";
import {
  ANSWER_BUYER_BUTTON,
  ANSWER_QUESTION_BUTTON,
  ANSWER_REVIEW_BUTTON,
  CHAT_PICKER_BUTTONS,
  CHAT_READ_BUTTON,
  QUESTION_PICKER_BUTTONS,
  QUESTION_PROCESSED_BUTTON,
  REVIEW_PICKER_BUTTONS,
  TAKE_CHAT_BUTTON,
} from "../buttons.ts";

/** A button whose first argument names the chat or item and whose second is the shop's ref. */
type NamingButton = ButtonKind<[string, string | undefined, ...unknown[]]>;

/**
 * Buttons whose first argument is an Ozon chat id and second (if any) the shop's ref: those of a
 * relayed copy and of one chat's view (not the /chats list, whose buttons name many chats).
 */
const CHAT_BUTTONS = byKind([
  ANSWER_BUYER_BUTTON,
  CHAT_PICKER_BUTTONS.list,
  TAKE_CHAT_BUTTON,
  CHAT_READ_BUTTON,
]);
/** Buttons whose first argument is a question's or review's id and second the shop's ref. */
const ITEM_BUTTONS = new Map<string, { button: NamingButton; feed: FeedKind }>([
  [ANSWER_QUESTION_BUTTON.kind, { button: ANSWER_QUESTION_BUTTON, feed: "question" }],
  [QUESTION_PICKER_BUTTONS.list.kind, { button: QUESTION_PICKER_BUTTONS.list, feed: "question" }],
  [QUESTION_PROCESSED_BUTTON.kind, { button: QUESTION_PROCESSED_BUTTON, feed: "question" }],
  [ANSWER_REVIEW_BUTTON.kind, { button: ANSWER_REVIEW_BUTTON, feed: "review" }],
  [REVIEW_PICKER_BUTTONS.list.kind, { button: REVIEW_PICKER_BUTTONS.list, feed: "review" }],
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
    const [ozonChatId, shopRef] = CHAT_BUTTONS.get(kind)?.parse(args) ?? [];
    if (ozonChatId === undefined) continue;
    named.set(`${ozonChatId}:${shopRef ?? ""}`, { ozonChatId, shopRef });
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
    const named = ITEM_BUTTONS.get(kind);
    const [id, shopRef] = named?.button.parse(args) ?? [];
    if (named && id !== undefined && shopRef !== undefined)
      return { kind: named.feed, id, shopRef };
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

function byKind(buttons: readonly NamingButton[]): ReadonlyMap<string, NamingButton> {
  return new Map(buttons.map((button) => [button.kind, button]));
}
