/**
 * Buttons of /chats and of one chat's view. Callback kinds (signed, ≤ 64 bytes):
 *   cl:<page>:<w|a>[:r] a page of the list (w: waiting only, a: answered too; r: list afresh) ·
 *   cv:<ozon chat id>:<shop>[:<page>:<w|a>] one chat's last messages, shown in place of the list
 *   (the page it came from, for « Back to list) · cr:<ozon chat id>:<shop> Mark as read ·
 *   cf:<ozon chat id>:<shop> send the files of the chat's last messages to the presser.
 * Answer, Take it and Open posting are the relayed message's buttons (chats/keyboards.ts).
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";
import {
  ANSWER_BUYER_CALLBACK,
  CHAT_POSTING_CALLBACK,
  CHAT_READ_CALLBACK,
  RELEASE_CHAT_CALLBACK,
  TAKE_CHAT_CALLBACK,
} from "./keyboards.ts";

export const CHATS_LIST_CALLBACK = "cl";
export const CHAT_VIEW_CALLBACK = "cv";
export { CHAT_READ_CALLBACK };
export const CHAT_FILES_CALLBACK = "cf";

export type ChatsMode = "w" | "a";

export function listData(codec: CallbackCodec, page: number, mode: ChatsMode, fresh = false) {
  return fresh
    ? codec.encode(CHATS_LIST_CALLBACK, page, mode, "r")
    : codec.encode(CHATS_LIST_CALLBACK, page, mode);
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
      return codec.encode(CHAT_VIEW_CALLBACK, ozonChatId, shopRef, from.page, from.mode);
    } catch {
      // Too long with the page: the view still opens, « Back leads to the first page.
    }
  }
  return codec.encode(CHAT_VIEW_CALLBACK, ozonChatId, shopRef);
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
  try {
    return codec.encode(CHAT_VIEW_CALLBACK, chat.ozonChatId, chat.shopRef, page, mode, "all");
  } catch {
    return undefined; // too long with it: the view keeps its last messages
  }
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
  const data = (kind: string) => codec.encode(kind, chat.ozonChatId, chat.shopRef);
  const keyboard = new InlineKeyboard();
  if (claim) {
    // The taker reads «✋ You are answering till 10:18», the others who answers.
    const { name, until } = claim;
    const label = t(claim.mine ? "inbox-claimed-mine-button" : "inbox-claimed-button", {
      name,
      until,
    });
    keyboard.text(label.slice(0, 64), data(TAKE_CHAT_CALLBACK));
    if (claim.mine) keyboard.text(t("inbox-release-button"), data(RELEASE_CHAT_CALLBACK));
    keyboard.row();
  }
  keyboard.text(t("inbox-answer-button"), data(ANSWER_BUYER_CALLBACK));
  if (!claim) keyboard.text(t("inbox-take-button"), data(TAKE_CHAT_CALLBACK));
  keyboard.row().text(t("inbox-read-button"), data(CHAT_READ_CALLBACK));
  if (chat.postingNumber) {
    try {
      const posting = codec.encode(CHAT_POSTING_CALLBACK, chat.postingNumber, chat.shopRef);
      keyboard.text(t("inbox-open-posting-button"), posting);
    } catch {
      // A posting number of an unexpected shape: the rest of the chat still works.
    }
  }
  const whole = extras.whole ? wholeData(codec, chat, extras.back) : undefined;
  if (whole) keyboard.row().text(t("chat-view-whole-button"), whole);
  if (extras.files || extras.back) keyboard.row();
  if (extras.files) {
    keyboard.text(t("chat-view-files-button", { count: extras.files }), data(CHAT_FILES_CALLBACK));
  }
  if (extras.back) {
    keyboard.text(t("chat-view-back-button"), listData(codec, extras.back.page, extras.back.mode));
  }
  return keyboard;
}
