/**
 * Callback kinds of product questions and reviews (signed, ≤ 64 bytes: ids are UUIDs):
 * `<kind>:<item id>:<shop ref>` for the Answer, Processed buttons and the saved-answer pickers
 * (chats/questions.ts), `uqon:<shop ref>` for the admins' "ask for questions again".
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { Translator } from "../core/i18n.ts";

/** Callback kinds: answer a question / a review; turn polling back on (admins). */
export const ANSWER_QUESTION_CALLBACK = "uqa";
export const ANSWER_REVIEW_CALLBACK = "ura";
export const QUESTIONS_ON_CALLBACK = "uqon";
/** Mark a question processed at Ozon without answering it (spam, nothing to say). */
export const QUESTION_PROCESSED_CALLBACK = "uqd";
/** The template pickers (chats/questions.ts). */
export const QUESTION_PICKER_KINDS = { list: "uql", pick: "uqp", send: "uqs" } as const;
export const REVIEW_PICKER_KINDS = { list: "url", pick: "urp", send: "urs" } as const;

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
  const [answer, templates] =
    kind === "question"
      ? [ANSWER_QUESTION_CALLBACK, QUESTION_PICKER_KINDS.list]
      : [ANSWER_REVIEW_CALLBACK, REVIEW_PICKER_KINDS.list];
  try {
    if (done !== undefined) {
      return new InlineKeyboard().text(done, codec.encode(answer, id, shopRef));
    }
    const keyboard = new InlineKeyboard()
      .text(t("relay-answer-button"), codec.encode(answer, id, shopRef))
      .text(t("quick-replies-button"), codec.encode(templates, id, shopRef));
    if (kind === "question") {
      keyboard
        .row()
        .text(
          t("questions-processed-button"),
          codec.encode(QUESTION_PROCESSED_CALLBACK, id, shopRef),
        );
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
    codec.encode(QUESTIONS_ON_CALLBACK, shopRef),
  );
}
