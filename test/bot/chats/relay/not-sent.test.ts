/**
 * An answer the bot cannot place is said to be not sent, never answered with the generic hint:
 * why (the message is not a buyer's, or too old to tell) and the way to send it (/chats, a reply
 * to the buyer's latest message), and — when the person's last opened chat is known — a button
 * that sends the typed text there after a confirmation, for its writer only, once. In private
 * chats, relay groups and forum topics. Through the relay module, the sandbox and the fake Bot API.
 */
import type { Message } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { callback, command, group, person, text } from "../../../support/updates.ts";
import { press, textOf } from "../../harness.ts";
import {
  ADMIN,
  createdTopicId,
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function started() {
  const e = await startRelayEnv();
  env = e;
  await e.module.runOnce();
  const chat = openBuyerChats(e.sandbox)[0];
  if (!chat) throw new Error("no open buyer chat");
  return { e, chat };
}

/** A bot message that is not a buyer's: the answer to /help. */
async function helpMessage(e: RelayEnv, from = SELLER): Promise<Message> {
  await e.send(command("help", { from }));
  return resultOf(sendsTo(e.fake, from.id).at(-1) as RecordedCall);
}

const lastTo = (e: RelayEnv, chatId: number) => sendsTo(e.fake, chatId).at(-1) as RecordedCall;
const allSellerMessages = (e: RelayEnv) =>
  openBuyerChats(e.sandbox).flatMap((c) => sellerMessages(e.sandbox, c.id, "0"));

describe("a reply in private the bot cannot place", () => {
  it("to a bot message that is not a buyer's is said to be not sent, with the way to send it", async () => {
    const { e } = await started();
    const before = allSellerMessages(e).length;
    const help = await helpMessage(e);
    await e.send(text("Добрый день, отправим завтра", { from: SELLER, replyTo: help }));

    const said = lastTo(e, SELLER.id);
    expect(textOf(said)).toContain("Not sent: your answer did not reach any buyer");
    expect(textOf(said)).toContain("is not a buyer's");
    expect(textOf(said)).toContain("/chats");
    expect(textOf(said)).not.toContain("/help");
    expect(said.payload.reply_markup).toBeUndefined(); // no chat opened yet: nothing to offer
    expect(allSellerMessages(e)).toHaveLength(before);
  });

  it("to a message older than the links is too old to tell", async () => {
    const { e } = await started();
    const help = await helpMessage(e);
    const old = { ...help, date: Math.floor((Date.now() - 91 * DAY_MS) / 1000) };
    await e.send(text("Ответ", { from: SELLER, replyTo: old }));
    expect(textOf(lastTo(e, SELLER.id))).toContain("too old");
  });

  it("offers the last opened chat, and sends the text there after a confirmation, once, for its writer only", async () => {
    const { e, chat } = await started();
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Когда доставка?" });
    await e.module.runOnce();
    const copy = lastTo(e, SELLER.id);
    await e.send(text("Завтра", { from: SELLER, replyTo: resultOf(copy) }));
    const help = await helpMessage(e);
    await e.send(text("И курьер позвонит заранее", { from: SELLER, replyTo: help }));
    const notSent = lastTo(e, SELLER.id);
    expect(textOf(notSent)).toContain("Not sent");
    // The text is kept in the store: the button carries only its short id.
    const data = String(buttonData(notSent, "Send it to"));
    expect(data).not.toContain("курьер");
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);

    await e.send(press(notSent, "Send it to", ADMIN));
    expect(lastAnswer(e)).toMatchObject({ show_alert: true, text: expect.stringMatching(/Only/) });
    expect(e.fake.callsTo("editMessageText")).toHaveLength(0);

    await e.send(press(notSent, "Send it to", SELLER));
    const confirm = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    expect(textOf(confirm)).toContain("И курьер позвонит заранее");
    expect(textOf(confirm)).toContain(`🧾 Order ${chat.orderNumber}`);
    const toBuyer = () => sellerMessages(e.sandbox, chat.id, asked.id).map((m) => m.text);
    expect(toBuyer()).toEqual(["Завтра"]);

    await e.send(press(confirm, "Send", SELLER));
    expect(toBuyer()).toEqual(["Завтра", "И курьер позвонит заранее"]);
    expect(textOf(e.fake.callsTo("editMessageText").at(-1) as RecordedCall)).toContain("✓ Sent");
    // A second tap on the same button sends nothing more.
    await e.send(press(confirm, "Send", SELLER));
    expect(lastAnswer(e)).toMatchObject({ text: expect.stringMatching(/no longer kept/) });
    expect(toBuyer()).toEqual(["Завтра", "И курьер позвонит заранее"]);
  });

  it("is dropped by Don't send, and a forged button id finds nothing", async () => {
    const { e, chat } = await started();
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Есть синий?" });
    await e.module.runOnce();
    await e.send(text("Есть", { from: SELLER, replyTo: resultOf(lastTo(e, SELLER.id)) }));
    await e.send(text("Ещё красный", { from: SELLER, replyTo: await helpMessage(e) }));
    const notSent = lastTo(e, SELLER.id);
    await e.send(press(notSent, "Send it to", SELLER));
    const confirm = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    await e.send(press(confirm, "Don't send", SELLER));
    expect(textOf(e.fake.callsTo("editMessageText").at(-1) as RecordedCall)).toContain("Not sent");
    await e.send(press(confirm, "Send", SELLER));
    expect(sellerMessages(e.sandbox, chat.id, asked.id).map((m) => m.text)).toEqual(["Есть"]);

    const codec = createCallbackCodec(e.fake.token);
    await e.send(callback(codec.encode("nss", "AAAAAAAAAAAA"), { from: SELLER }));
    expect(lastAnswer(e)).toMatchObject({ text: expect.stringMatching(/no longer kept/) });
  });

  it("is not said to a person without the seller role: they keep the usual hint", async () => {
    const { e } = await started();
    const keeper = person(709, { language_code: "en" });
    await e.access.grant(keeper.id, "warehouse", ADMIN.id);
    const help = await helpMessage(e, keeper);
    await e.send(text("ok", { from: keeper, replyTo: help }));
    expect(textOf(lastTo(e, keeper.id))).not.toContain("Not sent");
  });
});

describe("in a relay group", () => {
  it("a reply to the bot's message that is not a buyer's is said to be not sent; talk between people is left alone", async () => {
    const { e } = await started();
    const team = group(-100901, { title: "Team" });
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const botSaid = resultOf(lastTo(e, team.id));
    const count = sendsTo(e.fake, team.id).length;

    const colleague = text("Кто возьмёт?", { from: ADMIN, chat: team }).message as Message;
    await e.send(text("Я", { from: SELLER, chat: team, replyTo: colleague }));
    expect(sendsTo(e.fake, team.id)).toHaveLength(count);

    await e.send(text("Отправим завтра", { from: SELLER, chat: team, replyTo: botSaid }));
    const said = lastTo(e, team.id);
    expect(textOf(said)).toContain("Not sent");
    expect(textOf(said)).toContain("/chats");
  });
});

describe("in a forum topic", () => {
  it("of a buyer the bot no longer knows, a message is said to be not sent, too old to tell", async () => {
    const { e, chat } = await started();
    const forum = group(-100902, { title: "Forum", forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Где посылка?" });
    await e.module.runOnce();
    const topicId = createdTopicId(e.fake.callsTo("createForumTopic").at(-1));
    const shop = e.shops.all()[0];
    if (!shop) throw new Error("no shop");
    await e.module.shops.repositories(shop).topics.forget(forum.id, chat.id);
    // Telegram marks a topic message as a reply to the topic's first message, the bot's.
    const root = {
      message_id: topicId,
      date: Math.floor(Date.now() / 1000),
      chat: forum,
      from: { id: e.fake.botInfo.id, is_bot: true, first_name: "Bot" },
      forum_topic_created: { name: "Order", icon_color: 0 },
      message_thread_id: topicId,
      is_topic_message: true,
    } as unknown as Message;
    const message = { from: SELLER, chat: forum, threadId: topicId, replyTo: root };
    await e.send(text("Посылка в пути", message));

    const said = lastTo(e, forum.id);
    expect(textOf(said)).toContain("Not sent");
    expect(textOf(said)).toContain("too old");
    expect(said.payload.message_thread_id).toBe(topicId);
    expect(sellerMessages(e.sandbox, chat.id, asked.id)).toEqual([]);
  });
});

function buttonData(call: RecordedCall, label: string): string | undefined {
  const markup = call.payload.reply_markup as
    | { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> }
    | undefined;
  return markup?.inline_keyboard?.flat().find((b) => b.text.includes(label))?.callback_data;
}

function lastAnswer(e: RelayEnv) {
  return e.fake.callsTo("answerCallbackQuery").at(-1)?.payload;
}
