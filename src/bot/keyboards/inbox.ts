/**
 * Buttons of /chats and of one chat's view. Callback kinds (signed, ≤ 64 bytes):
 *   cl:<page>:<w|a>[:r] a page of the list (w: waiting only, a: answered too; r: list afresh) ·
 *   cv:<ozon chat id>:<shop> one chat's last messages · cr:<ozon chat id>:<shop> Mark as read.
 * Answer, Take it and Open posting are the relayed message's buttons (keyboards/relay.ts).
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";
import type { Translator } from "../i18n.ts";
import { ANSWER_BUYER_CALLBACK, CHAT_POSTING_CALLBACK, TAKE_CHAT_CALLBACK } from "./relay.ts";

export const CHATS_LIST_CALLBACK = "cl";
export const CHAT_VIEW_CALLBACK = "cv";
export const CHAT_READ_CALLBACK = "cr";

export type ChatsMode = "w" | "a";

export function listData(codec: CallbackCodec, page: number, mode: ChatsMode, fresh = false) {
  return fresh
    ? codec.encode(CHATS_LIST_CALLBACK, page, mode, "r")
    : codec.encode(CHATS_LIST_CALLBACK, page, mode);
}

/** Answer, Take it (or who has it), Mark as read, and Open posting when there is one. */
export function chatViewKeyboard(
  codec: CallbackCodec,
  t: Translator,
  chat: { ozonChatId: string; shopRef: string; postingNumber?: string | undefined },
  claim: { name: string; until: string } | undefined,
): InlineKeyboard {
  const data = (kind: string) => codec.encode(kind, chat.ozonChatId, chat.shopRef);
  const keyboard = new InlineKeyboard();
  if (claim) {
    keyboard.text(t("inbox-claimed-button", claim).slice(0, 64), data(TAKE_CHAT_CALLBACK)).row();
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
  return keyboard;
}
