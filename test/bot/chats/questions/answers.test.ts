/**
 * A seller's answer to a product question or review is never lost either: a copy is answerable
 * as soon as Telegram accepted it (the rest still on its way at Telegram's pace), a copy whose
 * stored link is gone is answered from its signed buttons, and a reply that names no item is
 * said to be not sent. The questions module over the sandbox and the fake Bot API.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TelegramSender } from "../../../../src/bot/core/sender/index.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { text } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { textOf } from "../../harness.ts";
import {
  ADMIN,
  type RelayEnv,
  type RelayEnvOptions,
  resultOf,
  SELLER,
  sendsTo,
  startQuestionsEnv,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function start(options: RelayEnvOptions = {}) {
  const started = await startQuestionsEnv(options);
  env = started.e;
  return started;
}

const linkKey = (chatId: number, messageId: number) => `questions:link:${chatId}:${messageId}`;
const lastTo = (e: RelayEnv, chatId: number) => sendsTo(e.fake, chatId).at(-1) as RecordedCall;
const messageIdOf = (call: RecordedCall) => (resultOf(call) as { message_id: number }).message_id;

describe("a product question", () => {
  it("is answered from its first part while the rest is still being relayed", async () => {
    const clock = new ManualClock(Date.now());
    const { e, pass } = await start({ module: { sender: new TelegramSender({ clock }) } });
    // Longer than one Telegram message: two parts per seller, a second apart.
    const long = `Подойдёт ли к моей модели? ${"Подробности. ".repeat(400)}`;
    const asked = e.sandbox.control.addQuestion({ text: long });
    const relaying = pass();

    const first = await waitFor(() => e.fake.calls.find((c) => c.response?.ok), {
      message: "the first part on a seller's screen",
    });
    const who = [SELLER, ADMIN].find((p) => p.id === first.payload.chat_id);
    if (!who) throw new Error("the question went to someone else");
    await waitFor(() => e.store.get(linkKey(who.id, messageIdOf(first))), {
      message: "the first part answerable",
    });
    expect(e.fake.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);

    await e.send(text("Да, подойдёт", { from: who, replyTo: resultOf(first) }));
    const answers = () =>
      e.sandbox.control
        .questions()
        .find((q) => q.id === asked.id)
        ?.answers.map((a) => a.text);
    expect(answers()).toEqual(["Да, подойдёт"]);

    let settled = false;
    const done = relaying.finally(() => {
      settled = true;
    });
    for (let second = 0; second < 30 && !settled; second++) await clock.advance(1_000);
    expect(await done).toMatchObject({ questions: 1 });
    for (const person of [SELLER, ADMIN]) expect(sendsTo(e.fake, person.id)).toHaveLength(2);
    expect(answers()).toEqual(["Да, подойдёт"]);
  });

  it("whose stored link is gone is answered from its signed buttons; a part without them says not sent", async () => {
    const { e, pass } = await start();
    const asked = e.sandbox.control.addQuestion({ text: `Есть гарантия? ${"Да? ".repeat(1100)}` });
    expect(await pass()).toMatchObject({ questions: 1 });
    const [head, tail] = sendsTo(e.fake, SELLER.id).slice(-2) as [RecordedCall, RecordedCall];
    for (const part of [head, tail]) await e.store.delete(linkKey(SELLER.id, messageIdOf(part)));

    await e.send(text("Год гарантии", { from: SELLER, replyTo: resultOf(head) }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("Not sent: your answer did not reach any buyer");
    await e.send(text("Гарантия — год", { from: SELLER, replyTo: resultOf(tail) }));
    const answers = e.sandbox.control.questions().find((q) => q.id === asked.id)?.answers;
    expect(answers?.map((a) => a.text)).toEqual(["Гарантия — год"]);
  });
});

describe("a review whose stored link is gone", () => {
  it("is commented from its signed buttons", async () => {
    const { e, pass } = await start();
    const review = e.sandbox.control.addReview({ text: "Пришло мятым", rating: 2 });
    expect(await pass()).toMatchObject({ reviews: 1 });
    const copy = lastTo(e, SELLER.id);
    await e.store.delete(linkKey(SELLER.id, messageIdOf(copy)));

    await e.send(text("Простите, заменим", { from: SELLER, replyTo: resultOf(copy) }));
    const stored = e.sandbox.control.reviews().find((r) => r.id === review.id);
    expect(stored?.comments.map((c) => c.text)).toEqual(["Простите, заменим"]);
  });
});
