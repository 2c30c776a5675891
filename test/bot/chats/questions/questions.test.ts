/**
 * Product questions and reviews through the fake Bot API and the sandbox: relayed once (also
 * across a restart) with the product and marked as a question; answered by a reply, by the
 * Answer button or with a saved answer ({name} = the author); "no Premium Plus" tells the admins
 * once and stops polling until an admin turns it back on; two stores keep apart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { QuickReplies } from "../../../../src/services/chats/replies/quick-replies.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { text } from "../../../support/updates.ts";
import { press, textOf } from "../../harness.ts";
import {
  ADMIN,
  type RelayEnv,
  type RelayEnvOptions,
  resultOf,
  SELLER,
  sendsTo,
  startQuestionsEnv,
  WAREHOUSE,
} from "../support.ts";

const SHOP_A = "sandbox-client";
const SHOP_B = "sandbox-client-2";
const QUESTION_LIST = "POST /v1/question/list";

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

function lastTo(e: RelayEnv, chatId: number): RecordedCall {
  const call = sendsTo(e.fake, chatId).at(-1);
  if (!call) throw new Error(`nothing sent to ${chatId}`);
  return call;
}

describe("product questions", () => {
  it("are relayed once, with the product, and a reply publishes the answer", async () => {
    const { e, pass } = await start();
    const product = e.sandbox.control.products()[0];
    if (!product) throw new Error("no product");
    const asked = e.sandbox.control.addQuestion({
      sku: product.sku,
      text: "Какой размер у коробки?",
      authorName: "Ира",
    });
    expect(await pass()).toMatchObject({ questions: 1, off: false });
    const relayed = lastTo(e, SELLER.id);
    const said = textOf(relayed);
    expect(said).toContain("❓ Question about a product");
    expect(said).toContain(`📦 ${product.name} · SKU ${product.sku}`);
    expect(said).toContain(`🔗 https://www.ozon.ru/product/${product.sku}/`);
    expect(said).toContain("👤 Ира");
    expect(said).toContain("Какой размер у коробки?");

    const count = sendsTo(e.fake, SELLER.id).length;
    expect(await pass()).toMatchObject({ questions: 0 });
    await e.restart();
    expect(await e.questions?.runOnce(SHOP_A)).toMatchObject({ questions: 0, firstRun: false });
    expect(sendsTo(e.fake, SELLER.id)).toHaveLength(count);

    await e.send(text("!", { from: SELLER, replyTo: resultOf(relayed) }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("The answer is too short");
    await e.send(text("20 × 30 × 10 см", { from: SELLER, replyTo: resultOf(relayed) }));
    const stored = e.sandbox.control.questions().find((q) => q.id === asked.id);
    expect(stored?.answers.map((a) => a.text)).toEqual(["20 × 30 × 10 см"]);
    expect(e.fake.callsTo("setMessageReaction")).toHaveLength(1);

    // Premium Plus gone meanwhile: the answer is refused with a sentence that says why.
    e.sandbox.control.setPremiumPlus(false);
    await e.send(text("И ещё одно", { from: SELLER, replyTo: resultOf(relayed) }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("needs a Premium Plus subscription");
    expect(e.sandbox.control.questions().find((q) => q.id === asked.id)?.answers).toHaveLength(1);
  });

  it("are answered with the Answer button, or with a saved answer that names the author", async () => {
    const { e, pass } = await start();
    const shop = e.shops.get(SHOP_A);
    if (!shop) throw new Error("no shop");
    await new QuickReplies(shop.store).add("Здравствуйте, {name}! Да, есть в наличии.");
    const first = e.sandbox.control.addQuestion({ text: "Есть в наличии?", authorName: "Олег" });
    const second = e.sandbox.control.addQuestion({ text: "А синий есть?" });
    expect(await pass()).toMatchObject({ questions: 2 });
    const [one, two] = sendsTo(e.fake, SELLER.id).slice(-2) as [RecordedCall, RecordedCall];

    await e.send(press(one, "Saved answer", SELLER));
    // The list shows the answer filled in for this author; its button sends it (two taps).
    const list = lastTo(e, SELLER.id);
    expect(textOf(list)).toContain("1. Здравствуйте, Олег! Да, есть в наличии.");
    await e.send(press(list, "1. 📤 Здравствуйте", SELLER));
    const answered = () =>
      e.sandbox.control.questions().map((q) => [q.id, q.answers.map((a) => a.text)]);
    expect(answered()).toContainEqual([first.id, ["Здравствуйте, Олег! Да, есть в наличии."]]);

    await e.send(press(two, "✍️ Answer", SELLER));
    const prompt = lastTo(e, SELLER.id);
    expect(textOf(prompt)).toContain("answer to the question");
    await e.send(text("Синего нет, увы", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(answered()).toContainEqual([second.id, ["Синего нет, увы"]]);

    const before = e.fake.callsTo("sendMessage").length;
    await e.send(press(two, "✍️ Answer", WAREHOUSE));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.show_alert).toBe(true);
    expect(e.fake.callsTo("sendMessage")).toHaveLength(before);
  });

  it("without Premium Plus: admins are told once, polling stops until an admin turns it on", async () => {
    const { e, pass } = await start();
    e.sandbox.control.setPremiumPlus(false);
    expect(await pass()).toMatchObject({ off: true });
    const notice = lastTo(e, ADMIN.id);
    expect(textOf(notice)).toContain("no Premium Plus subscription");
    const listed = e.sandbox.counters()[QUESTION_LIST];
    expect(await pass()).toMatchObject({ off: true });
    await e.restart();
    expect(await e.questions?.runOnce(SHOP_A)).toMatchObject({ off: true });
    expect(e.sandbox.counters()[QUESTION_LIST]).toBe(listed);
    expect(sendsTo(e.fake, ADMIN.id)).toHaveLength(1);

    e.sandbox.control.setPremiumPlus(true);
    e.sandbox.control.addQuestion({ text: "Вопрос после подписки" });
    const refused = e.fake.callsTo("answerCallbackQuery").length;
    await e.send(press(notice, "Ask for questions again", SELLER));
    expect(e.fake.callsTo("answerCallbackQuery")).toHaveLength(refused + 1);
    expect(await e.questions?.runOnce(SHOP_A)).toMatchObject({ off: true });

    await e.send(press(notice, "Ask for questions again", ADMIN));
    expect(textOf(lastTo(e, ADMIN.id))).toContain("I ask Ozon for product questions");
    expect(await e.questions?.runOnce(SHOP_A)).toMatchObject({ off: false, questions: 1 });
    expect(textOf(lastTo(e, SELLER.id))).toContain("Вопрос после подписки");
  });
});

describe("reviews", () => {
  it("are relayed with their rating and a reply comments them", async () => {
    const { e, pass } = await start();
    const review = e.sandbox.control.addReview({ text: "Пришло мятым", rating: 2 });
    expect(await pass()).toMatchObject({ reviews: 1 });
    const relayed = lastTo(e, SELLER.id);
    expect(textOf(relayed)).toContain("⭐ Review ★★☆☆☆ (2/5)");
    expect(textOf(relayed)).toContain("Пришло мятым");
    await e.send(text("Простите, заменим", { from: SELLER, replyTo: resultOf(relayed) }));
    const stored = e.sandbox.control.reviews().find((r) => r.id === review.id);
    expect(stored).toMatchObject({
      status: "PROCESSED",
      comments: [{ text: "Простите, заменим" }],
    });
  });
});

describe("reviews without their subscription", () => {
  it("need «Управление отзывами» or Premium Pro, not Premium Plus: a refused comment and the admins' notice name it", async () => {
    const { e, pass } = await start();
    e.sandbox.control.addReview({ text: "Пришло мятым", rating: 2 });
    expect(await pass()).toMatchObject({ reviews: 1 });
    const relayed = lastTo(e, SELLER.id);

    // Premium Plus stays on: only the reviews' own subscription is missing.
    e.sandbox.control.setReviewsSubscription(false);
    await e.send(text("Простите, заменим", { from: SELLER, replyTo: resultOf(relayed) }));
    const refused = textOf(lastTo(e, SELLER.id));
    expect(refused).toContain(
      "answering reviews of Северный needs the «Управление отзывами» (review management) or Premium Pro subscription",
    );
    expect(refused).not.toContain("Premium Plus");

    // Questions still come (Premium Plus); the reviews' refusal is told to the admins once.
    e.sandbox.control.addQuestion({ text: "Есть синий?" });
    e.sandbox.control.addReview({ text: "Отлично", rating: 5 });
    expect(await pass()).toMatchObject({ questions: 1, off: true });
    expect(textOf(lastTo(e, SELLER.id))).toContain("Есть синий?");
    const notice = textOf(lastTo(e, ADMIN.id));
    expect(notice).toContain("Ozon refuses reviews: they need the «Управление отзывами»");
    expect(notice).toContain("or Premium Pro subscription");
    expect(notice).not.toContain("Premium Plus");
    expect(await pass()).toMatchObject({ off: true });
    expect(sendsTo(e.fake, ADMIN.id).filter((c) => textOf(c).includes("refuses"))).toHaveLength(1);
  });
});

describe("questions of two stores", () => {
  it("are named by store and answered in their own store", async () => {
    const { e, pass } = await start({ sandbox: { stores: 2 } });
    const [storeA, storeB] = e.sandbox.stores;
    if (!storeA || !storeB) throw new Error("two stores expected");
    const a = storeA.control.addQuestion({ text: "Вопрос северу" });
    const b = storeB.control.addQuestion({ text: "Вопрос югу" });
    expect(await pass(SHOP_A)).toMatchObject({ questions: 1 });
    expect(await pass(SHOP_B)).toMatchObject({ questions: 1 });
    const [toA, toB] = sendsTo(e.fake, SELLER.id).slice(-2) as [RecordedCall, RecordedCall];
    expect(textOf(toA)).toContain("🏬 Северный");
    expect(textOf(toB)).toContain("🏬 Южный");

    await e.send(text("Ответ югу", { from: SELLER, replyTo: resultOf(toB) }));
    expect(storeB.control.questions().find((q) => q.id === b.id)?.answers).toHaveLength(1);
    expect(storeA.control.questions().find((q) => q.id === a.id)?.answers).toHaveLength(0);

    // One store without Premium Plus stops alone.
    storeA.control.setPremiumPlus(false);
    expect(await pass(SHOP_A)).toMatchObject({ off: true });
    storeB.control.addQuestion({ text: "Ещё вопрос югу" });
    expect(await pass(SHOP_B)).toMatchObject({ off: false, questions: 1 });
    const notices = sendsTo(e.fake, ADMIN.id)
      .map(textOf)
      .filter((said) => said.includes("Premium Plus"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("Северный");
  });
});
