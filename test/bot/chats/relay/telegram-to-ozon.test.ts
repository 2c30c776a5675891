// Telegram → Ozon through the relay module: replies (private, group, forum topic) reach the
// buyer as text, photo or document; failures are explained; only sellers may write; an open
// dialog does not eat a reply; "Write to buyer" opens the chat of a posting.
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { RelayGroupSetting } from "../../../../src/services/chats/relay/audience.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import {
  callback,
  command,
  document,
  group,
  messageUpdate,
  photo,
  text,
} from "../../../support/updates.ts";
import { press, textOf } from "../../harness.ts";
import { survey, surveyFeature } from "../../survey.ts";
import {
  ADMIN,
  bytesOf,
  createdTopicId,
  openBuyerChats,
  type RelayEnv,
  type RelayEnvOptions,
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

async function started(options: RelayEnvOptions = {}) {
  env = await startRelayEnv(options);
  await env.module.runOnce();
  return env;
}

/** A buyer writes in the first open chat; returns the chat and what the bot sent to `chatId`. */
async function relayed(e: RelayEnv, chatId: number, body = "Здравствуйте!") {
  const chat = openBuyerChats(e.sandbox)[0];
  if (!chat) throw new Error("no open buyer chat");
  const written = e.sandbox.control.buyerWrites(chat.id, { text: body });
  const pass = await e.module.runOnce();
  expect(pass).toMatchObject({ relayed: 1, failures: [] });
  const call = sendsTo(e.fake, chatId).at(-1) as RecordedCall;
  expect(String(call.payload.text)).toContain(body);
  /** What reached the buyer since. */
  const sent = () => sellerMessages(e.sandbox, chat.id, written.id);
  return { chat, message: resultOf(call), sent };
}

/** Texts the bot sent in reply to the message of an update. */
function repliesTo(e: RelayEnv, update: Update): string[] {
  const id = update.message?.message_id;
  return e.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload.reply_parameters as { message_id?: number })?.message_id === id)
    .map(textOf);
}

function reactionOn(e: RelayEnv, update: Update) {
  return e.fake
    .callsTo("setMessageReaction")
    .find((c) => c.payload.message_id === update.message?.message_id);
}

describe("replies from a private chat", () => {
  it("text goes to the buyer and the sender sees 👍", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    const reply = text("Отправили вчера", { from: SELLER, replyTo: message });
    await e.send(reply);
    expect(sent().map((m) => m.text)).toEqual(["Отправили вчера"]);
    expect(reactionOn(e, reply)?.payload.reaction).toEqual([{ type: "emoji", emoji: "👍" }]);
    expect(repliesTo(e, reply)).toEqual([]);
  });

  it("a photo and a document (with its caption) are fetched from Telegram and sent", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    const photoBytes = bytesOf(2_000, 4);
    const photoFile = e.fake.registerFile(photoBytes, { filePath: "photos/file_1.jpg" });
    const photoUpdate = photo({ from: SELLER, replyTo: message, fileId: photoFile.file_id });
    await e.send(photoUpdate);
    const pdf = bytesOf(3_000, 5);
    const pdfFile = e.fake.registerFile(pdf, { fileName: "invoice.pdf" });
    const docUpdate = document({
      from: SELLER,
      replyTo: message,
      fileId: pdfFile.file_id,
      fileName: "invoice.pdf",
      caption: "Ваш счёт",
    });
    await e.send(docUpdate);

    const files = sent();
    expect(files.map((m) => [m.file?.name ?? null, m.file?.size ?? null, m.text])).toEqual([
      [expect.stringMatching(/^photo_.*\.jpg$/), photoBytes.byteLength, ""],
      ["invoice.pdf", pdf.byteLength, ""],
      [null, null, "Ваш счёт"],
    ]);
    expect(reactionOn(e, photoUpdate)).toBeDefined();
    expect(reactionOn(e, docUpdate)).toBeDefined();
  });

  it("a document with a Cyrillic name reaches the buyer under that name", async () => {
    const e = await started();
    const { chat, message, sent } = await relayed(e, SELLER.id);
    const pdf = bytesOf(2_200, 13);
    // Telegram keeps the name in the file path too: the download URL carries it encoded.
    const file = e.fake.registerFile(pdf, { fileName: "Договор.pdf" });
    const update = document({
      from: SELLER,
      replyTo: message,
      fileId: file.file_id,
      fileName: "Договор.pdf",
    });
    await e.send(update);

    expect(sent().map((m) => [m.file?.name ?? null, m.file?.size ?? null])).toEqual([
      ["Договор.pdf", pdf.byteLength],
    ]);
    const stored = e.sandbox.control.chat(chat.id)?.messages.at(-1);
    expect(stored).toMatchObject({ author: "seller", file: { name: "Договор.pdf" } });
    expect(stored?.file?.url).toContain(encodeURIComponent("Договор.pdf"));
    expect(reactionOn(e, update)).toBeDefined();
  });

  it("a reply to the seller's own message reaches the same buyer", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    const first = text("Первое", { from: SELLER, replyTo: message });
    await e.send(first);
    await e.send(text("Второе", { from: SELLER, replyTo: first.message as never }));
    expect(sent().map((m) => m.text)).toEqual(["Первое", "Второе"]);
  });

  it("long text is sent in parts of at most 1 000 characters, in order", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    const sentences = Array.from({ length: 80 }, (_, i) => `Предложение номер ${i} о доставке.`);
    const long = sentences.join(" ");
    expect(long.length).toBeGreaterThan(2_000);
    await e.send(text(long, { from: SELLER, replyTo: message }));
    const parts = sent().map((m) => m.text);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(1_000);
    expect(parts.join(" ")).toBe(long);
  });
});

describe("why a reply did not arrive", () => {
  it("explains a missing Premium subscription and a closed answer window", async () => {
    const e = await started();
    const { chat, message, sent } = await relayed(e, SELLER.id);
    e.sandbox.control.setChatPremium(false);
    const noPremium = text("Ответ", { from: SELLER, replyTo: message });
    await e.send(noPremium);
    expect(repliesTo(e, noPremium)).toEqual([
      expect.stringContaining("Premium Plus or Premium Pro"),
    ]);

    e.sandbox.control.setChatPremium(true);
    e.sandbox.control.closeAnswerWindow(chat.id);
    const late = text("Ответ", { from: SELLER, replyTo: message });
    await e.send(late);
    expect(repliesTo(e, late)).toEqual([
      expect.stringContaining("the time to answer this buyer has passed"),
    ]);
    expect(sent()).toEqual([]);
    expect(reactionOn(e, late)).toBeUndefined();
  });

  it("refuses files over Telegram's 20 MB download limit", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    // Telegram says the size in the message.
    const declared = document({
      from: SELLER,
      replyTo: message,
      fileId: "huge",
      fileName: "huge.zip",
      fileSize: 25 * 1024 * 1024,
    });
    await e.send(declared);
    expect(repliesTo(e, declared)).toEqual([
      "The file is 25.0 MB: Telegram lets the bot fetch files up to 20.0 MB. Nothing was sent to the buyer.",
    ]);
    expect(e.fake.callsTo("getFile")).toHaveLength(0);
    // Only getFile tells.
    const big = e.fake.registerFile(new Uint8Array(21 * 1024 * 1024), { fileName: "big.pdf" });
    const undeclared = document({ from: SELLER, replyTo: message, fileId: big.file_id });
    await e.send(undeclared);
    expect(repliesTo(e, undeclared)[0]).toContain("The file is 21.0 MB");
    // getFile understates it: the download itself stops at the cap.
    const lying = e.fake.registerFile(new Uint8Array(21 * 1024 * 1024), {
      fileName: "lying.pdf",
      declaredSize: 1024,
    });
    const understated = document({ from: SELLER, replyTo: message, fileId: lying.file_id });
    await e.send(understated);
    expect(repliesTo(e, understated)[0]).toContain("The file is 21.0 MB");
    expect(sent()).toEqual([]);
  });
});

describe("what cannot be sent", () => {
  it("a sticker is refused with an explanation, nothing reaches the buyer", async () => {
    const e = await started();
    const { message, sent } = await relayed(e, SELLER.id);
    const base = (text("x", { from: SELLER, replyTo: message }).message ?? {}) as Record<
      string,
      unknown
    >;
    const { text: _dropped, ...rest } = base;
    const sticker = messageUpdate({
      ...rest,
      sticker: { file_id: "st1", file_unique_id: "ust1", type: "regular", width: 512, height: 512 },
    } as never);
    await e.send(sticker);
    expect(repliesTo(e, sticker)).toEqual([
      expect.stringContaining("send text, a photo or a file"),
    ]);
    expect(sent()).toEqual([]);
  });
});

describe("replies in the relay group", () => {
  it("a reply in a plain group reaches the buyer; a person without the seller role is refused", async () => {
    const e = await started();
    const team = group(-100881);
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const { message, sent } = await relayed(e, team.id);

    const stranger = text("Я со склада", { from: WAREHOUSE, chat: team, replyTo: message });
    await e.send(stranger);
    expect(repliesTo(e, stranger)).toEqual([expect.stringContaining("customer care")]);
    expect(sent()).toEqual([]);

    const reply = text("Из группы", { from: SELLER, chat: team, replyTo: message });
    await e.send(reply);
    expect(sent().map((m) => m.text)).toEqual(["Из группы"]);
    expect(reactionOn(e, reply)).toBeDefined();

    const image = bytesOf(1_200, 6);
    const file = e.fake.registerFile(image, { filePath: "photos/file_9.jpg" });
    const photoReply = photo({ from: SELLER, chat: team, replyTo: message, fileId: file.file_id });
    await e.send(photoReply);
    expect(sent().map((m) => m.file?.size ?? null)).toEqual([null, image.byteLength]);

    // Ordinary group talk is left alone.
    const chatter = text("Обед?", { from: SELLER, chat: team });
    await e.send(chatter);
    expect(sent()).toHaveLength(2);
  });

  it("writing in a buyer's forum topic reaches that buyer", async () => {
    const e = await started();
    const forum = group(-100882, { forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const { sent } = await relayed(e, forum.id);
    const created = e.fake.callsTo("createForumTopic")[0];
    const threadId = createdTopicId(created);
    await e.send(text("В теме", { from: SELLER, chat: forum, threadId }));
    expect(sent().map((m) => m.text)).toEqual(["В теме"]);
    const pdf = bytesOf(2_500, 8);
    const file = e.fake.registerFile(pdf, { fileName: "terms.pdf" });
    await e.send(
      document({
        from: SELLER,
        chat: forum,
        threadId,
        fileId: file.file_id,
        fileName: "terms.pdf",
      }),
    );
    expect(sent().map((m) => m.file?.name ?? m.text)).toEqual(["В теме", "terms.pdf"]);
    const other = text("В общей теме", { from: SELLER, chat: forum, threadId: 1 });
    await e.send(other);
    expect(sent()).toHaveLength(2);
  });

  it("the button under /relay_here stops relaying to the group", async () => {
    const e = await started();
    const team = group(-100883);
    await e.send(command("relay_here", { from: ADMIN, chat: team }));
    const confirmation = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    await e.send(press(confirmation, "Stop relaying here", SELLER));
    expect((await new RelayGroupSetting(e.store).list())[0]).toBeDefined();
    await e.send(press(confirmation, "Stop relaying here", ADMIN));
    expect((await new RelayGroupSetting(e.store).list())[0]).toBeUndefined();
    expect(textOf(e.fake.callsTo("editMessageText").at(-1) as RecordedCall)).toContain(
      "private chats again",
    );
  });
});

describe("Write to buyer from a group", () => {
  it("asks in the group when the seller never opened a private chat with the bot", async () => {
    const e = await started();
    const warehouse = group(-100885);
    const withChat = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
    const posting = e.sandbox.control.postings().find((p) => !withChat.has(p.postingNumber));
    if (!posting) throw new Error("no posting without a chat");
    e.fake.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    const data = createCallbackCodec(e.fake.token).encode("wb", posting.postingNumber);
    await e.send(callback(data, { from: SELLER, chat: warehouse }));
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(prompt.payload.chat_id).toBe(warehouse.id);
    await e.send(text("Из склада", { from: SELLER, chat: warehouse, replyTo: resultOf(prompt) }));
    const opened = e.sandbox.control.chats().find((c) => c.postingNumber === posting.postingNumber);
    expect(sellerMessages(e.sandbox, opened?.id ?? "").map((m) => m.text)).toEqual(["Из склада"]);
  });
});

describe("Write to buyer in a forum", () => {
  it("opens a topic for the posting's chat; writing there reaches the buyer", async () => {
    const e = await started();
    const forum = group(-100884, { forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const withChat = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
    const posting = e.sandbox.control.postings().find((p) => !withChat.has(p.postingNumber));
    if (!posting) throw new Error("no posting without a chat");
    const data = createCallbackCodec(e.fake.token).encode("wb", posting.postingNumber);
    await e.send(callback(data, { from: SELLER, chat: forum }));

    const topic = e.fake.callsTo("createForumTopic").at(-1);
    expect(String(topic?.payload.name)).toContain(posting.postingNumber);
    const threadId = createdTopicId(topic);
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(prompt.payload).toMatchObject({ chat_id: forum.id, message_thread_id: threadId });
    await e.send(text("Пишу в теме", { from: SELLER, chat: forum, threadId }));
    const opened = e.sandbox.control.chats().find((c) => c.postingNumber === posting.postingNumber);
    expect(sellerMessages(e.sandbox, opened?.id ?? "").map((m) => m.text)).toEqual(["Пишу в теме"]);

    // A buyer message in that chat later goes to the same topic.
    e.sandbox.control.buyerWrites(opened?.id, { text: "Спасибо" });
    await e.module.runOnce();
    expect(e.fake.callsTo("createForumTopic")).toHaveLength(1);
    expect(sendsTo(e.fake, forum.id).at(-1)?.payload).toMatchObject({
      message_thread_id: threadId,
    });
  });
});

describe("an open dialog", () => {
  it("does not eat a reply to a buyer", async () => {
    const e = await started({ conversations: [survey], features: [surveyFeature] });
    const { message, sent } = await relayed(e, SELLER.id);
    await e.send(command("survey", { from: SELLER }));
    expect(e.fake.textsTo(SELLER.id).at(-1)).toBe("step 1: name? [Close]");

    await e.send(text("Ответ покупателю", { from: SELLER, replyTo: message }));
    expect(sent().map((m) => m.text)).toEqual(["Ответ покупателю"]);
    // The dialog is still where it was.
    await e.send(text("Sergey", { from: SELLER }));
    expect(e.fake.textsTo(SELLER.id).at(-1)).toBe("step 2: age of Sergey?");
  });

  it("in a buyer's topic, gets the person's plain messages; replies still go to the buyer", async () => {
    const e = await started({ conversations: [survey], features: [surveyFeature] });
    const forum = group(-100885, { forum: true });
    await e.send(command("relay_here", { from: ADMIN, chat: forum }));
    const { message, sent } = await relayed(e, forum.id);
    const threadId = createdTopicId(e.fake.callsTo("createForumTopic")[0]);
    await e.send(command("survey", { from: SELLER, chat: forum, threadId }));

    await e.send(text("Sergey", { from: SELLER, chat: forum, threadId }));
    expect(e.fake.textsTo(forum.id).at(-1)).toBe("step 2: age of Sergey?");
    expect(sent()).toEqual([]);

    await e.send(
      text("Ответ покупателю", { from: SELLER, chat: forum, threadId, replyTo: message }),
    );
    expect(sent().map((m) => m.text)).toEqual(["Ответ покупателю"]);
    await e.send(text("42", { from: SELLER, chat: forum, threadId }));
    expect(e.fake.textsTo(forum.id).at(-1)).toBe("done: Sergey, 42 [Close]");
    // With the dialog over, writing in the topic reaches the buyer again.
    await e.send(text("Ещё вопрос?", { from: SELLER, chat: forum, threadId }));
    expect(sent().map((m) => m.text)).toEqual(["Ответ покупателю", "Ещё вопрос?"]);
  });
});

describe("Write to buyer", () => {
  it("opens the posting's chat and the prompt's replies reach that buyer", async () => {
    const e = await started();
    const withChat = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
    const posting = e.sandbox.control.postings().find((p) => !withChat.has(p.postingNumber));
    if (!posting) throw new Error("no posting");
    const data = createCallbackCodec(e.fake.token).encode("wb", posting.postingNumber);

    await e.send(callback(data, { from: WAREHOUSE }));
    const refused = e.fake.callsTo("answerCallbackQuery").at(-1);
    expect(refused?.payload.show_alert).toBe(true);
    expect(e.sandbox.control.chats().some((c) => c.postingNumber === posting.postingNumber)).toBe(
      false,
    );

    await e.send(callback(data, { from: SELLER }));
    const opened = e.sandbox.control.chats().find((c) => c.postingNumber === posting.postingNumber);
    expect(opened).toBeDefined();
    const prompt = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    expect(Number(prompt.payload.chat_id)).toBe(SELLER.id);
    expect(textOf(prompt)).toContain(posting.postingNumber);
    expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true });

    await e.send(text("Добрый день!", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(sellerMessages(e.sandbox, opened?.id ?? "").map((m) => m.text)).toEqual([
      "Добрый день!",
    ]);
  });
});
