/**
 * The button under a relayed buyer message. Callback kind (signed, ≤ 64 bytes: an Ozon chat id
 * is a UUID): br:<ozon chat id>:<shop ref> asks for the answer to that buyer of that shop
 * (handled by the buyer chats area). Buttons of the single-shop version have no ref.
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";
import type { Translator } from "../i18n.ts";

export const ANSWER_BUYER_CALLBACK = "br";
/** qt:<ozon chat id>:<shop ref>: the shop's saved answers (features/relay-quick-replies.ts). */
export const QUICK_REPLY_CALLBACK = "qt";

/** "Reply" for those who do not know the swipe; none when the chat id cannot go in a button. */
export function answerKeyboard(
  codec: CallbackCodec,
  t: Translator,
  ozonChatId: string,
  shopRef: string | undefined,
): InlineKeyboard | undefined {
  let data: string;
  try {
    data =
      shopRef === undefined
        ? codec.encode(ANSWER_BUYER_CALLBACK, ozonChatId)
        : codec.encode(ANSWER_BUYER_CALLBACK, ozonChatId, shopRef);
  } catch {
    // An id of an unexpected shape from Ozon: the message still goes, replying by swipe works.
    return undefined;
  }
  const keyboard = new InlineKeyboard().text(t("relay-answer-button"), data);
  try {
    const args = shopRef === undefined ? [ozonChatId] : [ozonChatId, shopRef];
    keyboard.text(t("quick-replies-button"), codec.encode(QUICK_REPLY_CALLBACK, ...args));
  } catch {
    // Longer data than fits: "Reply" alone.
  }
  return keyboard;
}
