/**
 * Every button of buyer chats, declared once with its kind and its arguments (core/buttons.ts):
 * the relayed message's buttons, /chats, the saved-answer pickers and /replies, product questions
 * and reviews, /relay_here and "Not sent". The kinds are those the buttons already sitting in
 * people's chats carry. A shop ref left out (br, qt) is a button of the single-shop version: the
 * legacy owner's shop. The saved-answer dialog's own buttons (chats/replies/dialog.ts) belong to
 * the dialog toolkit; "Write to buyer" (wb) is a posting's button (postings/keyboards.ts).
 * Tests: none directly
 */
import { z } from "zod";
import { UNSENT_ANSWER_ID } from "../../services/chats/relay/unsent-answers.ts";
import { oneOf, PAGE_ARG, POSTING_NUMBER_ARG, SHOP_REF_ARG } from "../core/button-args.ts";
import { type ButtonKind, declareButton } from "../core/buttons.ts";
import type { CallbackCodec } from "../core/callback-data.ts";

/**
 * A buyer chat's, question's or review's id as Ozon gives it: UUIDs today, so any id a button
 * can carry (the codec's characters) is taken, only never empty.
 */
const OZON_ID_ARG = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
/** A saved answer's id: the store's counter in base 36 (services/chats/replies/quick-replies.ts). */
const QUICK_REPLY_ID_ARG = z.string().regex(/^[0-9a-z]{1,12}$/);
/** A saved answer's revision: a preview of an older text is not sent as the new one. */
const REVISION_ARG = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
/** /chats shows the chats waiting for an answer (w) or the answered ones too (a). */
const CHATS_MODE_ARG = oneOf(["w", "a"]);
export type ChatsMode = z.output<typeof CHATS_MODE_ARG>;

/** A button about one chat, question or review of a shop: `<kind>:<Ozon id>:<shop ref>`. */
function itemButton(kind: string, name: string) {
  return declareButton(kind, name, OZON_ID_ARG, SHOP_REF_ARG);
}

// The relayed buyer message and one chat's view (chats/relay/keyboards.ts, chats/inbox/keyboards.ts).
export const ANSWER_BUYER_BUTTON = declareButton(
  "br",
  "chats: answer the buyer",
  OZON_ID_ARG,
  SHOP_REF_ARG.optional(),
);
export const TAKE_CHAT_BUTTON = itemButton("ct", "chats: take the chat (I answer it)");
export const RELEASE_CHAT_BUTTON = itemButton("cu", "chats: let the taken chat go");
export const CHAT_READ_BUTTON = itemButton("cr", "chats: mark the chat read at Ozon");
export const CHAT_POSTING_BUTTON = declareButton(
  "cq",
  "chats: open the chat's posting",
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);

// /chats (chats/inbox/keyboards.ts): `r` lists afresh; a view carries the list's page for « Back.
export const CHATS_LIST_BUTTON = declareButton(
  "cl",
  "chats: a page of /chats",
  PAGE_ARG,
  CHATS_MODE_ARG,
  oneOf(["r"]).optional(),
);
export const CHAT_VIEW_BUTTON = declareButton(
  "cv",
  "chats: one chat's messages",
  OZON_ID_ARG,
  SHOP_REF_ARG,
  PAGE_ARG.optional(),
  CHATS_MODE_ARG.optional(),
  oneOf(["all"]).optional(),
);
export const CHAT_FILES_BUTTON = itemButton("cf", "chats: send the chat's files");

/** The picker's list in place of the screen pressed ("Back", "More…"), not a new message. */
export const IN_PLACE = "e";

/**
 * The saved-answer picker of one place a buyer waits (chats/replies/picker.ts): its list, a
 * preview, and Send of one revision. The target is the chat's, question's or review's id.
 */
function pickerButtons(place: string, kinds: { list: string; pick: string; send: string }) {
  return {
    list: declareButton(
      kinds.list,
      `${place}: the saved answers`,
      OZON_ID_ARG,
      SHOP_REF_ARG.optional(),
      oneOf([IN_PLACE]).optional(),
    ),
    pick: declareButton(
      kinds.pick,
      `${place}: preview a saved answer`,
      OZON_ID_ARG,
      SHOP_REF_ARG,
      QUICK_REPLY_ID_ARG,
    ),
    send: declareButton(
      kinds.send,
      `${place}: send a saved answer`,
      OZON_ID_ARG,
      SHOP_REF_ARG,
      QUICK_REPLY_ID_ARG,
      REVISION_ARG,
    ),
  };
}
export type PickerButtons = ReturnType<typeof pickerButtons>;

export const CHAT_PICKER_BUTTONS = pickerButtons("chats", { list: "qt", pick: "qp", send: "qs" });
export const QUESTION_PICKER_BUTTONS = pickerButtons("questions", {
  list: "uql",
  pick: "uqp",
  send: "uqs",
});
export const REVIEW_PICKER_BUTTONS = pickerButtons("reviews", {
  list: "url",
  pick: "urp",
  send: "urs",
});

// Product questions and reviews (chats/questions/keyboards.ts); "ask again" is also on /stores.
export const ANSWER_QUESTION_BUTTON = itemButton("uqa", "questions: answer a question");
export const ANSWER_REVIEW_BUTTON = itemButton("ura", "reviews: answer a review");
export const QUESTION_PROCESSED_BUTTON = itemButton("uqd", "questions: processed, no answer");
export const QUESTIONS_ON_BUTTON = declareButton(
  "uqon",
  "questions: ask Ozon for questions again (admins)",
  SHOP_REF_ARG,
);
/** Answer and the saved answers of each kind of item, for code that serves both. */
export const FEED_BUTTONS = {
  question: { answer: ANSWER_QUESTION_BUTTON, picker: QUESTION_PICKER_BUTTONS },
  review: { answer: ANSWER_REVIEW_BUTTON, picker: REVIEW_PICKER_BUTTONS },
} as const;

/** /replies: l list · a add · e edit · d delete (asks) · x delete (confirmed). */
export const QUICK_REPLIES_BUTTON = declareButton(
  "rq",
  "chats: /replies, a store's saved answers",
  oneOf(["l", "a", "e", "d", "x"]),
  SHOP_REF_ARG,
  QUICK_REPLY_ID_ARG.optional(),
);

/** /relay_here: off stops relaying here, all takes every shop, shop adds or removes one. */
export const RELAY_HERE_BUTTON = declareButton(
  "rh",
  "chats: which shops /relay_here relays",
  oneOf(["off", "all", "shop"]),
  SHOP_REF_ARG.optional(),
);

// "Not sent" (chats/relay/not-sent.ts): the id names the kept text, never the text itself.
const UNSENT_ID_ARG = z.string().regex(UNSENT_ANSWER_ID);
export const UNSENT_ASK_BUTTON = declareButton(
  "nsa",
  "chats: send a not-sent answer to the last chat (asks)",
  UNSENT_ID_ARG,
);
export const UNSENT_SEND_BUTTON = declareButton(
  "nss",
  "chats: send the not-sent answer",
  UNSENT_ID_ARG,
);
export const UNSENT_DROP_BUTTON = declareButton(
  "nsd",
  "chats: drop the not-sent answer",
  UNSENT_ID_ARG,
);

/**
 * A button's data, or undefined when it cannot be made (an Ozon id of an unexpected shape, too
 * long for 64 bytes): the message still goes without that button.
 */
export function dataIfFits<A extends readonly unknown[]>(
  codec: CallbackCodec,
  button: ButtonKind<A>,
  ...args: A
): string | undefined {
  try {
    return button.data(codec, ...args);
  } catch {
    return undefined;
  }
}
