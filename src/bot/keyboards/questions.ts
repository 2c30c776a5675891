/**
 * Callback kinds of product questions and reviews (signed, ≤ 64 bytes: ids are UUIDs):
 * `<kind>:<item id>:<shop ref>` for the Answer buttons and the saved-answer pickers
 * (features/questions.ts), `uqon:<shop ref>` for the admins' "ask for questions again".
 */
/** Callback kinds: answer a question / a review; turn polling back on (admins). */
export const ANSWER_QUESTION_CALLBACK = "uqa";
export const ANSWER_REVIEW_CALLBACK = "ura";
export const QUESTIONS_ON_CALLBACK = "uqon";
/** The template pickers (features/questions.ts). */
export const QUESTION_PICKER_KINDS = { list: "uql", pick: "uqp", send: "uqs" } as const;
export const REVIEW_PICKER_KINDS = { list: "url", pick: "urp", send: "urs" } as const;
