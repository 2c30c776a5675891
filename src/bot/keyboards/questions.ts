/**
 * Callback kinds of product questions and reviews (signed, ≤ 64 bytes: ids are UUIDs):
 * `<kind>:<item id>:<shop ref>` for the Answer buttons and the saved-answer pickers
 * (features/questions.ts), `uqon:<shop ref>` for the admins' "ask for questions again".
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";
import type { Translator } from "../i18n.ts";

/** Callback kinds: answer a question / a review; turn polling back on (admins). */
export const ANSWER_QUESTION_CALLBACK = "uqa";
export const ANSWER_REVIEW_CALLBACK = "ura";
export const QUESTIONS_ON_CALLBACK = "uqon";
/** The template pickers (features/questions.ts). */
export const QUESTION_PICKER_KINDS = { list: "uql", pick: "uqp", send: "uqs" } as const;
export const REVIEW_PICKER_KINDS = { list: "url", pick: "urp", send: "urs" } as const;

/**
 * Answer and the saved answers under a relayed question or review; undefined for an item id of
 * an unexpected shape (replying to the message still works then).
 */
export function feedItemKeyboard(
  codec: CallbackCodec,
  t: Translator,
  kind: "question" | "review",
  id: string,
  shopRef: string,
): InlineKeyboard | undefined {
  const [answer, templates] =
    kind === "question"
      ? [ANSWER_QUESTION_CALLBACK, QUESTION_PICKER_KINDS.list]
      : [ANSWER_REVIEW_CALLBACK, REVIEW_PICKER_KINDS.list];
  try {
    return new InlineKeyboard()
      .text(t("relay-answer-button"), codec.encode(answer, id, shopRef))
      .text(t("quick-replies-button"), codec.encode(templates, id, shopRef));
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
