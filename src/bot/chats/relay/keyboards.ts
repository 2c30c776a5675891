/**
 * The buttons under a relayed buyer message, built in one place (relayKeyboard) so other buttons
 * can join them: Answer and the shop's saved answers (qt, chats/replies/in-chats.ts); Take
 * it, Mark as read and Open posting (the inbox handles those, chats/inbox/inbox.ts). Their kinds and
 * arguments are in chats/buttons.ts; the order in the seller's Ozon account is a link button.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { Translator } from "../../core/i18n.ts";
import {
  ANSWER_BUYER_BUTTON,
  CHAT_PICKER_BUTTONS,
  CHAT_POSTING_BUTTON,
  CHAT_READ_BUTTON,
  dataIfFits,
  RELEASE_CHAT_BUTTON,
  TAKE_CHAT_BUTTON,
} from "../buttons.ts";

export interface RelayKeyboardOptions {
  /** Who handles the chat now: shown on the top row ("✋ Anna is answering · till 14:35"). */
  claim?: { name: string; until: string; mine?: boolean } | undefined;
  /** The posting the chat is about: an "Open posting" button (first message of a chat). */
  postingNumber?: string | undefined;
  /** The order in the seller's Ozon account: a link button (never a raw URL in the text). */
  orderUrl?: string | undefined;
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
  const reply = dataIfFits(codec, ANSWER_BUYER_BUTTON, ozonChatId, shopRef);
  if (!reply) return undefined;
  const keyboard = new InlineKeyboard();
  const take =
    shopRef === undefined ? undefined : dataIfFits(codec, TAKE_CHAT_BUTTON, ozonChatId, shopRef);
  if (options.claim && take) {
    const { name, until, mine } = options.claim;
    const key = mine ? "inbox-claimed-mine-button" : "inbox-claimed-button";
    keyboard.text(t(key, { name, until }).slice(0, 64), take);
    const release = mine ? dataIfFits(codec, RELEASE_CHAT_BUTTON, ozonChatId, shopRef) : undefined;
    if (release) keyboard.text(t("inbox-release-button"), release);
    keyboard.row();
  }
  keyboard.text(t("inbox-answer-button"), reply);
  const template = dataIfFits(codec, CHAT_PICKER_BUTTONS.list, ozonChatId, shopRef, undefined);
  if (template) keyboard.text(t("quick-replies-button"), template);
  const read =
    shopRef === undefined ? undefined : dataIfFits(codec, CHAT_READ_BUTTON, ozonChatId, shopRef);
  if (read || (take && !options.claim)) keyboard.row();
  if (read) keyboard.text(t("inbox-read-button"), read);
  if (take && !options.claim) keyboard.text(t("inbox-take-button"), take);
  const posting =
    options.postingNumber && shopRef !== undefined
      ? dataIfFits(codec, CHAT_POSTING_BUTTON, options.postingNumber, shopRef)
      : undefined;
  if (posting || options.orderUrl) keyboard.row();
  if (posting) keyboard.text(t("inbox-open-posting-button"), posting);
  if (options.orderUrl) keyboard.url(t("relay-order-link-button"), options.orderUrl);
  return keyboard;
}
