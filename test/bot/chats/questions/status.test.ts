/**
 * Answered and processed questions with several sellers, through the fake Bot API and the
 * sandbox: an answer marks the question PROCESSED at Ozon (a failure of that leaves the answer
 * published), every seller's copy shows who answered (its buttons edited, still answerable on
 * purpose) and the others hear it in a note; reviews the same; "✔️ Processed" marks a question
 * without an answer, for the store's sellers only.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { callback, person, text } from "../../../support/updates.ts";
import { buttonsOf, findButton, press, sentMessage, textOf } from "../../harness.ts";
import {
  ADMIN,
  type RelayEnv,
  resultOf,
  SELLER,
  SHOP_NAMES,
  sendsTo,
  startRelayEnv,
  WAREHOUSE,
} from "../support.ts";

const BORIS = person(704, { first_name: "Boris", language_code: "en" });
const SHOP_A = "sandbox-client";
const SHOP_B = "sandbox-client-2";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** Anna (admin), Sergey and Boris get the store's questions; `stores`: sandbox stores. */
async function threeSellers(stores = 1) {
  const e = await startRelayEnv({ questions: {}, sandbox: { stores } });
  env = e;
  await e.access.grant(BORIS.id, "seller", ADMIN.id);
  const questions = e.questions;
  if (!questions) throw new Error("no questions module");
  const shopIds = stores > 1 ? [SHOP_A, SHOP_B] : [SHOP_A];
  for (const id of shopIds) expect(await questions.runOnce(id)).toMatchObject({ firstRun: true });
  const copyOf = (who: { id: number }) => sendsTo(e.fake, who.id).at(-1) as RecordedCall;
  return { e, pass: (shopId = SHOP_A) => questions.runOnce(shopId), copyOf };
}

/** The last keyboard edit of the message `call` sent. */
function lastEdit(e: RelayEnv, call: RecordedCall): RecordedCall | undefined {
  const sent = resultOf(call) as { message_id: number; chat: { id: number } };
  return e.fake
    .callsTo("editMessageReplyMarkup")
    .filter(
      (c) =>
        Number(c.payload.chat_id) === sent.chat.id &&
        Number(c.payload.message_id) === sent.message_id,
    )
    .at(-1);
}

/** Notes to `who` that contain `words`, with the message each replies to. */
function notesTo(e: RelayEnv, who: { id: number }, words: string) {
  return sendsTo(e.fake, who.id)
    .filter((c) => textOf(c).includes(words))
    .map((c) => ({
      text: textOf(c),
      replyTo: (c.payload.reply_parameters as { message_id?: number } | undefined)?.message_id,
    }));
}

const messageIdOf = (call: RecordedCall) => (resultOf(call) as { message_id: number }).message_id;

describe("an answered question", () => {
  it("is processed at Ozon; the others see who answered and may still answer on purpose", async () => {
    const { e, pass, copyOf } = await threeSellers();
    const asked = e.sandbox.control.addQuestion({ text: "Какой размер коробки?" });
    expect(await pass()).toMatchObject({ questions: 1 });
    const [sergeys, boriss, annas] = [copyOf(SELLER), copyOf(BORIS), copyOf(ADMIN)];
    expect(buttonsOf(boriss).map((b) => b.text)).toContain("✔️ Processed");
    const stored = () => e.sandbox.control.questions().find((q) => q.id === asked.id);
    expect(stored()?.status).toBe("NEW");

    await e.send(text("20 × 30 × 10 см", { from: SELLER, replyTo: resultOf(sergeys) }));
    expect(stored()).toMatchObject({ status: "PROCESSED", answers: [{ text: "20 × 30 × 10 см" }] });
    const note = "↩️ Sergey answered the question: «20 × 30 × 10 см»";
    expect(notesTo(e, BORIS, "answered the question")).toEqual([
      { text: note, replyTo: messageIdOf(boriss) },
    ]);
    expect(notesTo(e, ADMIN, "answered the question")).toEqual([
      { text: note, replyTo: messageIdOf(annas) },
    ]);
    expect(notesTo(e, SELLER, "answered the question")).toEqual([]);
    // Every copy, the answerer's too, now says who answered; Processed and Template are gone.
    for (const copy of [sergeys, boriss, annas]) {
      const edit = lastEdit(e, copy);
      expect(edit && buttonsOf(edit).map((b) => b.text)).toEqual([
        "↩️ Sergey answered · answer again",
      ]);
    }
    // Boris means to add something: the button still opens the answer prompt.
    const again = findButton(lastEdit(e, boriss) as RecordedCall, "answer again");
    await e.send(
      callback(again.callback_data ?? "", { from: BORIS, message: sentMessage(boriss) }),
    );
    const prompt = copyOf(BORIS);
    expect(textOf(prompt)).toContain("answer to the question");
    await e.send(text("Ещё есть размер M", { from: BORIS, replyTo: resultOf(prompt) }));
    expect(stored()?.answers.map((a) => a.text)).toEqual(["20 × 30 × 10 см", "Ещё есть размер M"]);
    expect(notesTo(e, SELLER, "answered the question")).toEqual([
      {
        text: "↩️ Boris answered the question: «Ещё есть размер M»",
        replyTo: messageIdOf(sergeys),
      },
    ]);
    // A reply to a note answers the same question.
    const annasNote = sendsTo(e.fake, ADMIN.id).filter((c) => textOf(c).includes("Boris answered"));
    await e.send(
      text("Пишите, если что", { from: ADMIN, replyTo: resultOf(annasNote[0] as RecordedCall) }),
    );
    expect(stored()?.answers).toHaveLength(3);
  });

  it("stays answered when Ozon does not take the status, which is logged", async () => {
    const { e, pass, copyOf } = await threeSellers();
    const asked = e.sandbox.control.addQuestion({ text: "Есть чек?" });
    expect(await pass()).toMatchObject({ questions: 1 });
    e.sandbox.control.setFault("/v1/question/change-status", { rate5xx: 1 });
    await e.send(text("Да, в коробке", { from: SELLER, replyTo: resultOf(copyOf(SELLER)) }));
    const stored = e.sandbox.control.questions().find((q) => q.id === asked.id);
    expect(stored).toMatchObject({ status: "NEW", answers: [{ text: "Да, в коробке" }] });
    expect(e.fake.callsTo("setMessageReaction")).toHaveLength(1);
    expect(e.logs.map((l) => l.msg)).toContain("a question was not marked processed");
    // The others still hear of the answer.
    expect(notesTo(e, BORIS, "answered the question")).toHaveLength(1);
  });
});

describe("an answered review", () => {
  it("tells the others and redraws every copy", async () => {
    const { e, pass, copyOf } = await threeSellers();
    e.sandbox.control.addReview({ text: "Пришло мятым", rating: 2 });
    expect(await pass()).toMatchObject({ reviews: 1 });
    const [sergeys, boriss] = [copyOf(SELLER), copyOf(BORIS)];
    expect(buttonsOf(boriss).map((b) => b.text)).not.toContain("✔️ Processed");
    await e.send(text("Простите, заменим", { from: BORIS, replyTo: resultOf(boriss) }));
    expect(notesTo(e, SELLER, "answered the review")).toEqual([
      { text: "↩️ Boris answered the review: «Простите, заменим»", replyTo: messageIdOf(sergeys) },
    ]);
    expect(buttonsOf(lastEdit(e, sergeys) as RecordedCall).map((b) => b.text)).toEqual([
      "↩️ Boris answered · answer again",
    ]);
  });
});

describe("✔️ Processed", () => {
  it("marks a question processed without an answer, for the store's sellers only", async () => {
    const { e, pass, copyOf } = await threeSellers(2);
    const [, storeB] = e.sandbox.stores;
    if (!storeB) throw new Error("two stores expected");
    const asked = storeB.control.addQuestion({ text: "Купите рекламу у нас!" });
    expect(await pass(SHOP_B)).toMatchObject({ questions: 1 });
    const [sergeys, boriss] = [copyOf(SELLER), copyOf(BORIS)];
    expect(textOf(sergeys)).toContain(SHOP_NAMES[1]);
    const stored = () => storeB.control.questions().find((q) => q.id === asked.id);

    // A warehouse worker, and a seller of the other store only, are refused.
    await e.send(press(sergeys, "✔️ Processed", WAREHOUSE));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.show_alert).toBe(true);
    await e.access.setScope(BORIS.id, "seller", [SHOP_A]);
    await e.send(press(boriss, "✔️ Processed", BORIS));
    const refusal = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(refusal?.payload.show_alert).toBe(true);
    expect(String(refusal?.payload.text)).toContain(SHOP_NAMES[1]);
    expect(stored()?.status).toBe("NEW");
    await e.access.setScope(BORIS.id, "seller", undefined);

    await e.send(press(sergeys, "✔️ Processed", SELLER));
    expect(stored()).toMatchObject({ status: "PROCESSED", answers: [] });
    expect(String(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text)).toContain(
      "marked processed",
    );
    const note = notesTo(e, BORIS, "marked the question processed");
    expect(note).toHaveLength(1);
    expect(note[0]?.replyTo).toBe(messageIdOf(boriss));
    expect(note[0]?.text).toContain("Sergey marked the question processed without an answer");
    expect(note[0]?.text).toContain(SHOP_NAMES[1]);
    expect(notesTo(e, SELLER, "marked the question processed")).toEqual([]);
    const edit = lastEdit(e, boriss) as RecordedCall;
    expect(buttonsOf(edit).map((b) => b.text)).toEqual(["✔️ Processed (Sergey) · answer anyway"]);
    // The presser's own copy changes too: nobody there answers it by accident.
    expect(lastEdit(e, sergeys)).toBeDefined();
  });

  it("says so when Ozon refuses, and changes nothing", async () => {
    const { e, pass, copyOf } = await threeSellers();
    const asked = e.sandbox.control.addQuestion({ text: "Спам" });
    expect(await pass()).toMatchObject({ questions: 1 });
    e.sandbox.control.setFault("/v1/question/change-status", { rate5xx: 1 });
    const edits = e.fake.callsTo("editMessageReplyMarkup").length;
    await e.send(press(copyOf(SELLER), "✔️ Processed", SELLER));
    const alert = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(alert?.payload.show_alert).toBe(true);
    expect(String(alert?.payload.text)).toContain("did not take");
    expect(e.sandbox.control.questions().find((q) => q.id === asked.id)?.status).toBe("NEW");
    expect(e.fake.callsTo("editMessageReplyMarkup")).toHaveLength(edits);
    expect(notesTo(e, BORIS, "marked the question processed")).toEqual([]);
  });
});
