/**
 * Buttons of /chats and of one chat's view (declared in chats/buttons.ts):
 *   cl:<page>:<w|a>[:r] a page of the list (w: waiting only, a: answered too; r: list afresh) ·
 *   cv:<ozon chat id>:<shop>[:<page>:<w|a>] one chat's last messages, shown in place of the list
 *   (the page it came from, for « Back to list) · cr:<ozon chat id>:<shop> Mark as read ·
 *   cf:<ozon chat id>:<shop> send the files of the chat's last messages to the presser.
 * Answer, Take it and Open posting are the relayed message's buttons (chats/relay/keyboards.ts).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { ButtonKind } from "../../core/buttons.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { Translator } from "../../core/i18n.ts";
import {
  ANSWER_BUYER_BUTTON,
  CHAT_FILES_BUTTON,
  CHAT_POSTING_BUTTON,
  CHAT_READ_BUTTON,
  CHAT_VIEW_BUTTON,
  CHATS_LIST_BUTTON,
  type ChatsMode,
  dataIfFits,
  RELEASE_CHAT_BUTTON,
  TAKE_CHAT_BUTTON,
} from "../buttons.ts";

export type { ChatsMode };

export function listData(codec: CallbackCodec, page: number, mode: ChatsMode, fresh = false) {
  return CHATS_LIST_BUTTON.data(codec, page, mode, fresh ? "r" : undefined);
}

/** A chat's view: the list's page it was opened from; carried only when the data fits. */
export function viewData(
  codec: CallbackCodec,
  ozonChatId: string,
  shopRef: string,
  from?: { page: number; mode: ChatsMode },
): string {
  if (from) {
    try {
      return CHAT_VIEW_BUTTON.data(codec, ozonChatId, shopRef, from.page, from.mode, undefined);
    } catch {
      // Too long with the page: the view still opens, « Back leads to the first page.
    }
  }
  return CHAT_VIEW_BUTTON.data(codec, ozonChatId, shopRef, undefined, undefined, undefined);
}

/** What a chat's view adds under its buttons: the whole chat, its files on request, the way back. */
export interface ViewExtras {
  files?: number;
  back?: { page: number; mode: ChatsMode };
  /** The view shows the last messages only: «The whole chat» shows all it can. */
  whole?: boolean;
}

/** The data of «The whole chat» (the list's page carried when it fits, as viewData). */
function wholeData(
  codec: CallbackCodec,
  chat: { ozonChatId: string; shopRef: string },
  back?: { page: number; mode: ChatsMode },
) {
  const { page, mode } = back ?? { page: 0, mode: "w" as const };
  // Too long with it: undefined, and the view keeps its last messages.
  return dataIfFits(codec, CHAT_VIEW_BUTTON, chat.ozonChatId, chat.shopRef, page, mode, "all");
}

/**
 * Answer, Take it (or who has it), Mark as read, Open posting when there is one, then
 * 📎 Files (N) and « Back to list when the keyboard is a chat's view in place of /chats.
 */
export function chatViewKeyboard(
  codec: CallbackCodec,
  t: Translator,
  chat: { ozonChatId: string; shopRef: string; postingNumber?: string | undefined },
  claim: { name: string; until: string; mine?: boolean } | undefined,
  extras: ViewExtras = {},
): InlineKeyboard {
  const data = (button: ButtonKind<[string, string | undefined]>) =>
    button.data(codec, chat.ozonChatId, chat.shopRef);
  const keyboard = new InlineKeyboard();
  if (claim) {
    // The taker reads «✋ You are answering till 10:18», the others who answers.
    const { name, until } = claim;
    const label = t(claim.mine ? "inbox-claimed-mine-button" : "inbox-claimed-button", {
      name,
      until,
    });
    keyboard.text(label.slice(0, 64), data(TAKE_CHAT_BUTTON));
    if (claim.mine) keyboard.text(t("inbox-release-button"), data(RELEASE_CHAT_BUTTON));
    keyboard.row();
  }
  keyboard.text(t("inbox-answer-button"), data(ANSWER_BUYER_BUTTON));
  if (!claim) keyboard.text(t("inbox-take-button"), data(TAKE_CHAT_BUTTON));
  keyboard.row().text(t("inbox-read-button"), data(CHAT_READ_BUTTON));
  // A posting number of an unexpected shape: no button, the rest of the chat still works.
  const posting =
    chat.postingNumber && dataIfFits(codec, CHAT_POSTING_BUTTON, chat.postingNumber, chat.shopRef);
  if (posting) keyboard.text(t("inbox-open-posting-button"), posting);
  const whole = extras.whole ? wholeData(codec, chat, extras.back) : undefined;
  if (whole) keyboard.row().text(t("chat-view-whole-button"), whole);
  if (extras.files || extras.back) keyboard.row();
  if (extras.files) {
    keyboard.text(t("chat-view-files-button", { count: extras.files }), data(CHAT_FILES_BUTTON));
  }
  if (extras.back) {
    keyboard.text(t("chat-view-back-button"), listData(codec, extras.back.page, extras.back.mode));
  }
  return keyboard;
}
