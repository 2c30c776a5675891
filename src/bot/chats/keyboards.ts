/**
 * The buttons under a relayed buyer message, built in one place (relayKeyboard) so other buttons
 * can join them. Callback kinds (signed, ≤ 64 bytes: an Ozon chat id is a UUID; <shop> is the
 * shop's short ref, absent on buttons of the single-shop version):
 *   br:<ozon chat id>[:<shop>] asks for the answer to that buyer · ct:<ozon chat id>:<shop> Take
 *   it · cq:<posting>:<shop> opens the posting's card · cr:<ozon chat id>:<shop> Mark as read (the
 *   inbox area handles the last three) · qt:<ozon chat id>[:<shop>] the shop's saved answers
 *   (chats/relay-quick-replies.ts). The order in the seller's Ozon account is a link button.
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";

export const ANSWER_BUYER_CALLBACK = "br";
export const TAKE_CHAT_CALLBACK = "ct";
/** cu:<ozon chat id>:<shop>: the taker lets the chat go (inbox.ts). */
export const RELEASE_CHAT_CALLBACK = "cu";
export const CHAT_POSTING_CALLBACK = "cq";
/** cr:<ozon chat id>:<shop>: Mark as read at Ozon (inbox.ts), on a relayed copy and a chat's view. */
export const CHAT_READ_CALLBACK = "cr";
/** qt:<ozon chat id>:<shop ref>: the shop's saved answers (chats/relay-quick-replies.ts). */
export const QUICK_REPLY_CALLBACK = "qt";

export interface RelayKeyboardOptions {
  /** Who handles the chat now: shown on the top row ("✋ Anna is answering · till 14:35"). */
  claim?: { name: string; until: string; mine?: boolean } | undefined;
  /** The posting the chat is about: an "Open posting" button (first message of a chat). */
  postingNumber?: string | undefined;
  /** The order in the seller's Ozon account: a link button (never a raw URL in the text). */
  orderUrl?: string | undefined;
}

function encoded(codec: CallbackCodec, kind: string, arg: string, ref: string | undefined) {
  try {
    return ref === undefined ? codec.encode(kind, arg) : codec.encode(kind, arg, ref);
  } catch {
    // An id of an unexpected shape from Ozon: the message still goes, replying by swipe works.
    return undefined;
  }
}

/**
 * Answer (for those who do not know the swipe) and a saved answer; Mark as read and Take it; Open
 * posting and the order in Ozon; none when the chat id cannot go in a button. Mark as read, Take
 * it and Open posting need the shop's ref.
 */
export function relayKeyboard(
  codec: CallbackCodec,
  t: Translator,
  ozonChatId: string,
  shopRef: string | undefined,
  options: RelayKeyboardOptions = {},
): InlineKeyboard | undefined {
  const reply = encoded(codec, ANSWER_BUYER_CALLBACK, ozonChatId, shopRef);
  if (!reply) return undefined;
  const keyboard = new InlineKeyboard();
  const take =
    shopRef === undefined ? undefined : encoded(codec, TAKE_CHAT_CALLBACK, ozonChatId, shopRef);
  if (options.claim && take) {
    const { name, until, mine } = options.claim;
    const key = mine ? "inbox-claimed-mine-button" : "inbox-claimed-button";
    keyboard.text(t(key, { name, until }).slice(0, 64), take);
    const release = mine ? encoded(codec, RELEASE_CHAT_CALLBACK, ozonChatId, shopRef) : undefined;
    if (release) keyboard.text(t("inbox-release-button"), release);
    keyboard.row();
  }
  keyboard.text(t("inbox-answer-button"), reply);
  const template = encoded(codec, QUICK_REPLY_CALLBACK, ozonChatId, shopRef);
  if (template) keyboard.text(t("quick-replies-button"), template);
  const read =
    shopRef === undefined ? undefined : encoded(codec, CHAT_READ_CALLBACK, ozonChatId, shopRef);
  if (read || (take && !options.claim)) keyboard.row();
  if (read) keyboard.text(t("inbox-read-button"), read);
  if (take && !options.claim) keyboard.text(t("inbox-take-button"), take);
  const posting =
    options.postingNumber && shopRef !== undefined
      ? encoded(codec, CHAT_POSTING_CALLBACK, options.postingNumber, shopRef)
      : undefined;
  if (posting || options.orderUrl) keyboard.row();
  if (posting) keyboard.text(t("inbox-open-posting-button"), posting);
  if (options.orderUrl) keyboard.url(t("relay-order-link-button"), options.orderUrl);
  return keyboard;
}
