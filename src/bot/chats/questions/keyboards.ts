/**
 * The buttons under a relayed product question or review (Answer, the saved answers, Processed)
 * and the admins' "ask for questions again"; declared in chats/buttons.ts, handled in
 * chats/questions/questions.ts.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { Translator } from "../../core/i18n.ts";
import { FEED_BUTTONS, QUESTION_PROCESSED_BUTTON, QUESTIONS_ON_BUTTON } from "../buttons.ts";

/**
 * Answer and the saved answers under a relayed question or review (and Processed under a
 * question); undefined for an item id of an unexpected shape (replying still works then).
 * Once someone answered or marked it, `done` is the one button left: it says who did, and
 * still answers (again) for whoever means to.
 */
export function feedItemKeyboard(
  codec: CallbackCodec,
  t: Translator,
  kind: "question" | "review",
  id: string,
  shopRef: string,
  done?: string,
): InlineKeyboard | undefined {
  const { answer, picker } = FEED_BUTTONS[kind];
  try {
    if (done !== undefined) {
      return new InlineKeyboard().text(done, answer.data(codec, id, shopRef));
    }
    const keyboard = new InlineKeyboard()
      .text(t("relay-answer-button"), answer.data(codec, id, shopRef))
      .text(t("quick-replies-button"), picker.list.data(codec, id, shopRef, undefined));
    if (kind === "question") {
      keyboard
        .row()
        .text(t("questions-processed-button"), QUESTION_PROCESSED_BUTTON.data(codec, id, shopRef));
    }
    return keyboard;
  } catch {
    return undefined;
  }
}

/** "Ask for questions again" under the admins' Premium Plus notice. */
export function questionsOnKeyboard(
  codec: CallbackCodec,
  t: Translator,
  shopRef: string,
): InlineKeyboard {
  return new InlineKeyboard().text(
    t("questions-turn-on"),
    QUESTIONS_ON_BUTTON.data(codec, shopRef),
  );
}
