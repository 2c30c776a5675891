/**
 * "Reply" under a relayed buyer message, for those who do not know the swipe: it asks for the
 * answer with a prompt bound to that buyer chat, and only sellers (and admins) may press it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { command, group, text } from "../../../support/updates.ts";
import { press, textOf } from "../../harness.ts";
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

async function buyerWrites(body: string) {
  const e = await startRelayEnv();
  env = e;
  await e.module.runOnce();
  const chat = openBuyerChats(e.sandbox)[0];
  if (!chat) throw new Error("no open buyer chat");
  const written = e.sandbox.control.buyerWrites(chat.id, { text: body });
  expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
  return { e, chat, sent: () => sellerMessages(e.sandbox, chat.id, written.id) };
}

describe("the Reply button under a relayed buyer message", () => {
  it("asks the seller for the answer, and the answer reaches that buyer", async () => {
    const { e, sent } = await buyerWrites("Когда отправите?");
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(textOf(relayed)).toContain("Когда отправите?");

    await e.send(press(relayed, "✍️ Answer", SELLER));
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(Number(prompt.payload.chat_id)).toBe(SELLER.id);
    expect(textOf(prompt)).toContain("Write your answer: it goes to the buyer.");
    expect(textOf(prompt)).toContain("💬 Buyer");
    expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true });

    await e.send(text("Завтра утром", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(sent().map((m) => m.text)).toEqual(["Завтра утром"]);
  });

  it("names the buyer chat as the message card does: the order once, in its words, no SKU", async () => {
    const { e, chat } = await buyerWrites("Где мой заказ?");
    if (!chat.orderNumber) throw new Error("the first open buyer chat is not about an order");
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    const order = `🧾 Order ${chat.orderNumber}`;
    expect(textOf(relayed)).toContain(order);

    await e.send(press(relayed, "✍️ Answer", SELLER));
    const prompt = textOf(e.fake.callsTo("sendMessage").at(-1) as RecordedCall);
    expect(prompt.split("\n")[0]).toBe(`✍️ 💬 Buyer · ${order}`);
    expect(prompt).not.toContain("SKU");
  });

  it("is refused to someone without the seller role, and asks nothing", async () => {
    const { e } = await buyerWrites("Здравствуйте");
    const relayed = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    const before = e.fake.callsTo("sendMessage").length;
    await e.send(press(relayed, "✍️ Answer", WAREHOUSE));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.show_alert).toBe(true);
    expect(e.fake.callsTo("sendMessage")).toHaveLength(before);
  });

  it("sits under the last part of a long message only", async () => {
    const { e } = await buyerWrites("Очень длинный вопрос. ".repeat(300));
    const parts = sendsTo(e.fake, SELLER.id);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.slice(0, -1).every((c) => c.payload.reply_markup === undefined)).toBe(true);
    expect(JSON.stringify(parts.at(-1)?.payload.reply_markup)).toContain("✍️ Answer");
  });

  it("in a forum topic asks in that topic", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const forum = group(-100871, { forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Где посылка?" });
    await e.module.runOnce();
    const relayed = sendsTo(e.fake, forum.id).at(-1) as RecordedCall;
    const threadId = relayed.payload.message_thread_id;
    expect(threadId).toBeDefined();

    await e.send(press(relayed, "✍️ Answer", SELLER));
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(prompt.payload).toMatchObject({ chat_id: forum.id, message_thread_id: threadId });
    expect(textOf(prompt)).toContain("in this topic");

    await e.send(text("Уже в пути", { from: SELLER, chat: forum, replyTo: resultOf(prompt) }));
    const sent = sellerMessages(e.sandbox, chat.id, written.id);
    expect(sent.map((m) => m.text)).toEqual(["Уже в пути"]);
  });
});
