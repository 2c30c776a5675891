/**
 * Quick replies through the fake Bot API and the sandbox: /replies adds, edits and deletes the
 * saved answers of a store (unknown placeholders and over-long texts refused with a sentence);
 * "Saved answer" under a relayed buyer message → pick → preview (order number filled, the buyer's
 * name left out and said so) → Send reaches that buyer once; the Answer prompt offers them too.
 * Two stores: each has its own answers, and /replies asks which store.
 */
import { afterEach, describe, expect, it } from "vitest";
import { QuickReplies } from "../../../../src/services/chats/replies/quick-replies.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { command, group, person, text } from "../../../support/updates.ts";
import { buttonsOf, press, textOf } from "../../harness.ts";
import {
  ADMIN,
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
  WAREHOUSE,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const lastTo = (e: RelayEnv, chatId: number) => {
  const call = [...e.fake.calls]
    .reverse()
    .find(
      (c) =>
        ["sendMessage", "editMessageText"].includes(c.method) &&
        Number(c.payload.chat_id) === chatId,
    );
  if (!call) throw new Error(`nothing sent to ${chatId}`);
  return call;
};

/** Texts sent to `chatId` while `act` ran. */
async function saidDuring(e: RelayEnv, chatId: number, act: () => Promise<void>) {
  const before = e.fake.calls.length;
  await act();
  return e.fake.calls
    .slice(before)
    .filter((c) => c.method === "sendMessage" && Number(c.payload.chat_id) === chatId)
    .map(textOf)
    .join("\n---\n");
}

async function addReply(e: RelayEnv, body: string) {
  await e.send(command("replies", { from: SELLER }));
  await e.send(press(lastTo(e, SELLER.id), "Add", SELLER));
  const asked = lastTo(e, SELLER.id);
  expect(textOf(asked)).toContain("Send the text of the new saved answer");
  // Buttons copy the placeholders: no Latin braces to find on a phone's keyboard.
  const copies = buttonsOf(asked).flatMap((b) => (b.copy_text ? [b.copy_text] : []));
  expect(copies).toEqual([{ text: "{order}" }, { text: "{name}" }]);
  await e.send(text(body, { from: SELLER }));
  return textOf(lastTo(e, SELLER.id));
}

/**
 * A saved answer `template`, and a buyer of a chat about an order asking "Где заказ?", relayed
 * to the seller: the env, the chat, the buyer's message and its relayed copy.
 */
async function buyerAsksAboutOrder(template: string) {
  const e = await startRelayEnv();
  env = e;
  await addReply(e, template);
  await e.module.runOnce();
  const chat = openBuyerChats(e.sandbox).find((c) => c.orderNumber);
  if (!chat?.orderNumber) throw new Error("no buyer chat about an order");
  const written = e.sandbox.control.buyerWrites(chat.id, { text: "Где заказ?" });
  expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
  const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
  return { e, chat: { ...chat, orderNumber: chat.orderNumber }, written, relayed };
}

describe("/replies", () => {
  it("adds, refuses unknown placeholders and long texts, edits and deletes", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.send(command("replies", { from: SELLER }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("Saved answers: 0 of 30");

    await e.send(press(lastTo(e, SELLER.id), "Add", SELLER));
    const say = (body: string) =>
      saidDuring(e, SELLER.id, () => e.send(text(body, { from: SELLER })));
    expect(await say("Здравствуйте, {покупатель}!")).toContain(
      "I do not know the placeholder {покупатель}",
    );
    expect(await say("x".repeat(1001))).toContain("The text has 1,001 characters");
    await e.send(text("Здравствуйте, {name}! Заказ {order} уже в пути.", { from: SELLER }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("✅ Saved:");

    const shop = e.shops.all()[0];
    if (!shop) throw new Error("no shop");
    const saved = await new QuickReplies(shop.store).list();
    expect(saved.map((r) => r.text)).toEqual(["Здравствуйте, {name}! Заказ {order} уже в пути."]);

    await e.send(command("replies", { from: SELLER }));
    const list = lastTo(e, SELLER.id);
    expect(textOf(list)).toContain("Saved answers: 1 of 30");
    expect(textOf(list)).toContain("1. Здравствуйте, {name}!");
    await e.send(press(list, "✏️ 1", SELLER));
    expect(textOf(lastTo(e, SELLER.id))).toContain("Send the new text");
    await e.send(text("Спасибо за заказ {заказ}!", { from: SELLER }));
    expect((await new QuickReplies(shop.store).list()).map((r) => [r.text, r.rev])).toEqual([
      ["Спасибо за заказ {заказ}!", 2],
    ]);

    await e.send(command("replies", { from: SELLER }));
    await e.send(press(lastTo(e, SELLER.id), "🗑 1", SELLER));
    expect(textOf(lastTo(e, SELLER.id))).toContain("Delete this saved answer?");
    await e.send(press(lastTo(e, SELLER.id), "Delete", SELLER));
    expect(textOf(lastTo(e, SELLER.id))).toContain("Saved answers: 0 of 30");
    expect(await new QuickReplies(shop.store).list()).toEqual([]);
  });

  it("is refused to warehouse staff", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.send(command("replies", { from: WAREHOUSE }));
    expect(textOf(lastTo(e, WAREHOUSE.id))).not.toContain("Saved answers");
  });
});

describe("answering with a template", () => {
  it("previews with the order number, leaves the name out, sends once", async () => {
    const { e, chat, written, relayed } = await buyerAsksAboutOrder(
      "Здравствуйте, {name}! Заказ {order} уже в пути.",
    );

    await e.send(press(relayed, "Saved answer", SELLER));
    const picker = lastTo(e, SELLER.id);
    expect(textOf(picker)).toContain("Choose a saved answer");
    await e.send(press(picker, "1. Здравствуйте", SELLER));
    const preview = lastTo(e, SELLER.id);
    const expected = `Здравствуйте! Заказ ${chat.orderNumber} уже в пути.`;
    expect(textOf(preview)).toContain(expected);
    expect(textOf(preview)).toContain("no buyer's name here");
    expect(sellerMessages(e.sandbox, chat.id, written.id)).toEqual([]);

    await e.send(press(preview, "Send", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual([expected]);
    expect(textOf(lastTo(e, SELLER.id))).toContain("Sent to the buyer by Sergey");
    // A second press of the same Send (double tap) sends nothing more.
    await e.send(press(preview, "Send", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, written.id)).toHaveLength(1);
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toBe("Already sent.");
  });

  it("a button that sends at once reads the answer filled in, never its placeholder", async () => {
    const { e, chat, written, relayed } = await buyerAsksAboutOrder(
      "Заказ {order} передан курьеру.",
    );
    await e.send(press(relayed, "Saved answer", SELLER));
    const list = lastTo(e, SELLER.id);
    const labels = buttonsOf(list).map((b) => b.text);
    expect(labels[0]).toBe(`1. 📤 Заказ ${chat.orderNumber} передан курьеру.`);
    expect(labels.join()).not.toContain("{order}");
    await e.send(press(list, "1. 📤 Заказ", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual([
      `Заказ ${chat.orderNumber} передан курьеру.`,
    ]);
  });

  it("is offered under the Answer prompt, and a template edited after the preview is not sent", async () => {
    const e = await startRelayEnv();
    env = e;
    await addReply(e, "Спасибо, что написали!");
    await e.module.runOnce();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Вопрос" });
    await e.module.runOnce();
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    await e.send(press(relayed, "✍️ Answer", SELLER));
    const offer = lastTo(e, SELLER.id);
    expect(textOf(offer)).toContain("Or answer with a saved answer");
    await e.send(press(offer, "1. Спасибо", SELLER));
    const preview = lastTo(e, SELLER.id);
    expect(textOf(preview)).toContain("Спасибо, что написали!");

    const shop = e.shops.all()[0];
    if (!shop) throw new Error("no shop");
    const [reply] = await new QuickReplies(shop.store).list();
    await new QuickReplies(shop.store).edit(reply?.id ?? "", "Новый текст");
    await e.send(press(preview, "Send", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, written.id)).toEqual([]);
    expect(textOf(lastTo(e, SELLER.id))).toContain("Новый текст");
    await e.send(press(lastTo(e, SELLER.id), "Send", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual([
      "Новый текст",
    ]);
    // A reply to the "sent" message reaches the same buyer.
    await e.send(text("И ещё", { from: SELLER, replyTo: resultOf(lastTo(e, SELLER.id)) }));
    expect(sellerMessages(e.sandbox, chat.id, written.id)).toHaveLength(2);
  });

  it("says there are none yet, and refuses warehouse staff", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    e.sandbox.control.buyerWrites(chat.id, { text: "Алло" });
    await e.module.runOnce();
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(buttonsOf(relayed).map((b) => b.text)).toEqual([
      "✍️ Answer",
      "📝 Saved answer",
      "✔️ Mark as read",
      "✋ Take it",
      "📦 Open posting",
      "🔗 Order in Ozon",
    ]);
    await e.send(press(relayed, "Saved answer", SELLER));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toContain(
      "has no saved answers yet",
    );
    const before = e.fake.callsTo("sendMessage").length;
    await e.send(press(relayed, "Saved answer", WAREHOUSE));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.show_alert).toBe(true);
    expect(e.fake.callsTo("sendMessage")).toHaveLength(before);
  });
});

describe("quick replies with two stores", () => {
  it("asks which store, keeps each store's answers apart, and sends to the right buyer", async () => {
    const e = await startRelayEnv({ sandbox: { stores: 2 } });
    env = e;
    for (const id of ["sandbox-client", "sandbox-client-2"]) await e.module.runOnce(id);
    await e.send(command("replies", { from: SELLER }));
    const ask = lastTo(e, SELLER.id);
    expect(textOf(ask)).toContain("Saved answers of which store?");
    await e.send(press(ask, "Южный", SELLER));
    expect(textOf(lastTo(e, SELLER.id))).toContain("🏬 Южный");
    await e.send(press(lastTo(e, SELLER.id), "Add", SELLER));
    await e.send(text("Ответ Южного", { from: SELLER }));
    const [north, south] = e.shops.all();
    if (!north || !south) throw new Error("two shops expected");
    expect(await new QuickReplies(north.store).list()).toEqual([]);
    expect((await new QuickReplies(south.store).list()).map((r) => r.text)).toEqual([
      "Ответ Южного",
    ]);

    const storeB = e.sandbox.stores[1];
    const chat = storeB && openBuyerChats(storeB)[0];
    if (!storeB || !chat) throw new Error("no buyer chat in the second store");
    const written = storeB.control.buyerWrites(chat.id, { text: "Есть в наличии?" });
    await e.module.runOnce("sandbox-client-2");
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    await e.send(press(relayed, "Saved answer", SELLER));
    expect(textOf(lastTo(e, SELLER.id))).toContain("🏬 Южный");
    await e.send(press(lastTo(e, SELLER.id), "1. 📤 Ответ Южного", SELLER));
    expect(sellerMessages(storeB, chat.id, written.id).map((m) => m.text)).toEqual([
      "Ответ Южного",
    ]);
  });
});

describe("two sellers in the relay group", () => {
  it("both pressing one answer of the list send once; each answering on their own both reach the buyer", async () => {
    const e = await startRelayEnv();
    env = e;
    const OLGA = person(706, { first_name: "Olga", language_code: "en" });
    await e.access.grant(OLGA.id, "seller", ADMIN.id);
    const team = group(-100915);
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    await addReply(e, "Уже отправили!");
    await e.module.runOnce();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Где посылка?" });
    await e.module.runOnce();
    const relayed = sendsTo(e.fake, team.id).at(-1) as RecordedCall;

    await e.send(press(relayed, "Saved answer", SELLER));
    const list = lastTo(e, team.id);
    await Promise.all([
      e.send(press(list, "1. 📤 Уже", SELLER)),
      e.send(press(list, "1. 📤 Уже", OLGA)),
    ]);
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual([
      "Уже отправили!",
    ]);

    await Promise.all([
      e.send(text("Сегодня вечером", { from: SELLER, chat: team, replyTo: resultOf(relayed) })),
      e.send(text("Трек пришлём", { from: OLGA, chat: team, replyTo: resultOf(relayed) })),
    ]);
    expect(
      sellerMessages(e.sandbox, chat.id, written.id)
        .map((m) => m.text)
        .sort(),
    ).toEqual(["Сегодня вечером", "Трек пришлём", "Уже отправили!"].sort());
  });
});
