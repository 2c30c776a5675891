/**
 * /chats through the fake Bot API and the sandbox: the chats waiting for an answer, newest first,
 * a chat's last messages with its buttons, answering (which marks the chat read at Ozon so it
 * leaves the list), Mark as read, Open posting, the answered toggle, pages, and who may use it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { command, text } from "../../../support/updates.ts";
import { buttonsOf, press, textOf } from "../../harness.ts";
import {
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  SHOP_NAMES,
  sellerMessages,
  startRelayEnv,
  WAREHOUSE,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function started(options: Parameters<typeof startRelayEnv>[0] = {}) {
  env = await startRelayEnv(options);
  await env.module.runOnce();
  return env;
}

/** The last message the bot sent to `chatId` (sendMessage). */
function lastTo(e: RelayEnv, chatId: number): RecordedCall {
  const call = e.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId)
    .at(-1);
  if (!call) throw new Error("nothing was sent");
  return call;
}

/** The last message the bot edited in `chatId`: a chat's view shown in place of /chats. */
function editedIn(e: RelayEnv, chatId: number): RecordedCall {
  const call = e.fake
    .callsTo("editMessageText")
    .filter((c) => Number(c.payload.chat_id) === chatId)
    .at(-1);
  if (!call) throw new Error("nothing was edited");
  return call;
}

async function chatsOf(e: RelayEnv, who = SELLER) {
  await e.send(command("chats", { from: who }));
  return lastTo(e, who.id);
}

/** Sandbox chats a seller should see as waiting: Ozon counts unread buyer messages in them. */
function unreadChats(e: RelayEnv) {
  return openBuyerChats(e.sandbox).filter((c) => c.unreadCount > 0);
}

describe("/chats", () => {
  it("lists the waiting chats newest first; a chat's view answers and leaves the list", async () => {
    const e = await started();
    const chat = openBuyerChats(e.sandbox)[1];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Где мой заказ?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });

    const list = await chatsOf(e);
    const waiting = unreadChats(e).length;
    expect(textOf(list)).toContain(`Buyers waiting for an answer: ${waiting}`);
    // The newest first: the one just written, with how long and what it is about.
    const firstLine = textOf(list)
      .split("\n")
      .find((l) => l.startsWith("1."));
    expect(firstLine).toContain("🔴 Где мой заказ?");
    expect(textOf(list)).toMatch(/⏱ \d+ (s|min) · order \d+/);

    await e.send(press(list, "1 💬", SELLER));
    // The list becomes the chat's view: the same message, edited.
    const view = editedIn(e, SELLER.id);
    const listed: { message_id: number } = resultOf(list);
    expect(view.payload.message_id).toBe(listed.message_id);
    expect(textOf(view)).toContain("Chat with a buyer · order");
    expect(textOf(view)).toContain("👤 Buyer");
    expect(textOf(view)).toContain("Где мой заказ?");
    const labels = buttonsOf(view).map((b) => b.text);
    expect(labels).toEqual([
      "✍️ Answer",
      "✋ Take it",
      "✔️ Mark as read",
      "📦 Open posting",
      "📜 The whole chat",
      `📎 Files (${chat.messages.filter((m) => m.file).length})`,
      "« Back to list",
    ]);

    // A second tap on the list's button (a double tap): the view is already there, Telegram
    // answers "not modified", and no second copy of the view is sent.
    const sentBefore = e.fake.callsTo("sendMessage").length;
    await e.send(press(list, "1 💬", SELLER));
    expect(editedIn(e, SELLER.id).response).toMatchObject({
      ok: false,
      description: expect.stringMatching(/not modified/),
    });
    expect(e.fake.callsTo("sendMessage")).toHaveLength(sentBefore);

    // Take it on the view shows the claim and keeps the view's 📎 Files and « Back row.
    await e.send(press(view, "Take it", SELLER));
    const taken = e.fake.callsTo("editMessageReplyMarkup").at(-1) as RecordedCall;
    expect(taken.payload.message_id).toBe(listed.message_id);
    const takenLabels = buttonsOf(taken).map((b) => b.text);
    // Sergey took it: his own view says so as "You are answering".
    expect(takenLabels[0]).toMatch(/^✋ You are answering till \d\d:\d\d$/);
    expect(takenLabels.slice(-2)).toEqual(labels.slice(-2));

    await e.send(press(view, "Answer", SELLER));
    const prompt = lastTo(e, SELLER.id);
    expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true });
    await e.send(text("Отправим завтра", { from: SELLER, replyTo: resultOf(prompt) }));
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual([
      "Отправим завтра",
    ]);
    // Marked read at Ozon up to the buyer's last message: it no longer waits.
    expect(e.sandbox.control.chat(chat.id)?.unreadCount).toBe(0);

    const after = await chatsOf(e);
    expect(textOf(after)).not.toContain("Где мой заказ?");
    expect(textOf(after)).toContain(`Buyers waiting for an answer: ${waiting - 1}`);

    // The toggle shows the answered ones too, marked as such.
    await e.send(press(after, "Show answered too", SELLER));
    const all = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    expect(textOf(all)).toContain("Open buyer chats:");
    expect(textOf(all)).toContain("✅ Где мой заказ?");
    expect(buttonsOf(all).map((b) => b.text)).toContain("Only waiting");
  });

  it("a chat's view shows its last 4 messages; «The whole chat» shows the rest in place", async () => {
    const e = await started();
    const chat = openBuyerChats(e.sandbox)[1];
    if (!chat) throw new Error("no open buyer chat");
    for (const words of ["Раз", "Два", "Три", "Четыре", "Пять"]) {
      e.sandbox.control.buyerWrites(chat.id, { text: words });
    }
    await e.module.runOnce();
    const list = await chatsOf(e);
    await e.send(press(list, "1 💬", SELLER));
    const view = editedIn(e, SELLER.id);
    const said = (call: RecordedCall) =>
      textOf(call)
        .split("\n")
        .filter((l) => /^(👤|🏪|ℹ️)/u.test(l));
    expect(said(view)).toHaveLength(4);
    expect(textOf(view)).toContain("Пять");
    expect(textOf(view)).not.toContain("Раз");
    await e.send(press(view, "The whole chat", SELLER));
    const whole = editedIn(e, SELLER.id);
    expect(whole.payload.message_id).toBe(view.payload.message_id);
    expect(said(whole).length).toBeGreaterThan(4);
    expect(textOf(whole)).toContain("Раз");
    expect(buttonsOf(whole).map((b) => b.text)).not.toContain("📜 The whole chat");
    expect(buttonsOf(whole).map((b) => b.text)).toContain("« Back to list");
  });

  it("a reply to the chat's view reaches the buyer too", async () => {
    const e = await started();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Есть размер M?" });
    await e.module.runOnce();
    const list = await chatsOf(e);
    await e.send(press(list, "1 💬", SELLER));
    const view = editedIn(e, SELLER.id);
    await e.send(text("Есть", { from: SELLER, replyTo: resultOf(view) }));
    expect(sellerMessages(e.sandbox, chat.id, written.id).map((m) => m.text)).toEqual(["Есть"]);
  });

  it("Mark as read takes a chat off the list without an answer", async () => {
    const e = await started();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const written = e.sandbox.control.buyerWrites(chat.id, { text: "Спасибо, всё пришло!" });
    await e.module.runOnce();
    const list = await chatsOf(e);
    await e.send(press(list, "1 💬", SELLER));
    await e.send(press(editedIn(e, SELLER.id), "Mark as read", SELLER));
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toBe(
      "✔️ Marked as read in Ozon.",
    );
    expect(e.sandbox.control.chat(chat.id)?.unreadCount).toBe(0);
    expect(sellerMessages(e.sandbox, chat.id, written.id)).toEqual([]);
    expect(textOf(await chatsOf(e))).not.toContain("Спасибо, всё пришло!");
  });

  it("Open posting shows the posting's card, without warehouse buttons for a seller", async () => {
    const e = await started();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat?.postingNumber) throw new Error("no buyer chat about a posting");
    e.sandbox.control.buyerWrites(chat.id, { text: "Когда отправите?" });
    await e.module.runOnce();
    const list = await chatsOf(e);
    await e.send(press(list, "1 💬", SELLER));
    await e.send(press(editedIn(e, SELLER.id), "Open posting", SELLER));
    const card = lastTo(e, SELLER.id);
    expect(textOf(card)).toContain(chat.postingNumber);
    expect(buttonsOf(card)).toEqual([]);
  });

  it("pages through many waiting chats", async () => {
    const e = await started();
    for (let i = 0; i < 14; i++) {
      const chat = e.sandbox.control.addChat();
      e.sandbox.control.buyerWrites(chat.id, { text: `Вопрос номер ${i}` });
    }
    await e.module.runOnce();
    const waiting = unreadChats(e).length;
    const pages = Math.ceil(waiting / 6);
    const list = await chatsOf(e);
    expect(buttonsOf(list).map((b) => b.text)).toContain(`1 / ${pages}`);
    expect(textOf(list)).toContain("Вопрос номер 13");
    await e.send(press(list, "Next", SELLER));
    const second = e.fake.callsTo("editMessageText").at(-1) as RecordedCall;
    expect(textOf(second)).toMatch(/^7\. /m);
    expect(textOf(second)).toContain("Вопрос номер 7");
    expect(textOf(second)).not.toContain("Вопрос номер 13");
    expect(buttonsOf(second).map((b) => b.text)).toContain(`2 / ${pages}`);
  });

  it("lists the chat's files in the view and sends them only when asked, to the presser", async () => {
    const e = await started();
    // The seed's first chat holds a photo and a PDF.
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const names = chat.messages.flatMap((m) => (m.file ? [m.file.name] : []));
    expect(names.length).toBeGreaterThan(0);
    e.sandbox.control.buyerWrites(chat.id, { text: "Посмотрите фото выше" });
    await e.module.runOnce();
    const list = await chatsOf(e);
    const documentsTo = (who: { id: number }) =>
      e.fake.callsTo("sendDocument").filter((c) => Number(c.payload.chat_id) === who.id);
    await e.send(press(list, "1 💬", SELLER));
    const view = editedIn(e, SELLER.id);
    for (const name of names) expect(textOf(view)).toContain(`📎 ${name}`);
    // Opening sends no file, and opening again adds none.
    expect(documentsTo(SELLER)).toEqual([]);
    await e.send(press(view, "« Back to list", SELLER));
    await e.send(press(editedIn(e, SELLER.id), "1 💬", SELLER));
    expect(documentsTo(SELLER)).toEqual([]);

    // Someone without the seller role cannot have them sent.
    const again = editedIn(e, SELLER.id);
    await e.send(press(again, `📎 Files (${names.length})`, WAREHOUSE));
    expect(documentsTo(WAREHOUSE)).toEqual([]);
    expect(e.fake.callsTo("answerCallbackQuery").at(-1)?.payload.show_alert).toBe(true);

    await e.send(press(again, `📎 Files (${names.length})`, SELLER));
    const sent = documentsTo(SELLER);
    expect(sent).toHaveLength(Math.min(names.length, 3));
    expect(sent.map((c) => c.files[0]?.fileName)).toEqual(names.slice(-3));
  });

  it("« Back to list shows the same page again, and a reply to it reaches no buyer", async () => {
    const e = await started();
    for (let i = 0; i < 14; i++) {
      const chat = e.sandbox.control.addChat();
      e.sandbox.control.buyerWrites(chat.id, { text: `Вопрос номер ${i}` });
    }
    await e.module.runOnce();
    const list = await chatsOf(e);
    await e.send(press(list, "Next", SELLER));
    const second = editedIn(e, SELLER.id);
    await e.send(press(second, "7 💬", SELLER));
    const view = editedIn(e, SELLER.id);
    expect(textOf(view)).toContain("Chat with a buyer");
    expect(textOf(view)).toContain("Вопрос номер 7");
    await e.send(press(view, "« Back to list", SELLER));
    const back = editedIn(e, SELLER.id);
    expect(back.payload.message_id).toBe(view.payload.message_id);
    expect(textOf(back)).toBe(textOf(second));
    expect(buttonsOf(back).map((b) => b.text)).toEqual(buttonsOf(second).map((b) => b.text));

    // The message is a list again: a reply to it goes to no buyer chat.
    const chat = e.sandbox.control.chat(
      openBuyerChats(e.sandbox).find((c) => c.messages.some((m) => m.text === "Вопрос номер 7"))
        ?.id ?? "",
    );
    if (!chat) throw new Error("the chat of question 7 is gone");
    const before = chat.messages.length;
    await e.send(text("Это не ответ", { from: SELLER, replyTo: resultOf(back) }));
    expect(e.sandbox.control.chat(chat.id)?.messages.length).toBe(before);
  });

  it("a seller limited to one store sees only that store's chats", async () => {
    const e = await started({ sandbox: { stores: 2 } });
    const [north, south] = e.sandbox.stores;
    const [northShop, southShop] = e.shops.all();
    if (!north || !south || !southShop || !northShop) throw new Error("two stores expected");
    await e.access.setScope(SELLER.id, "seller", [southShop.id]);
    const northChat = openBuyerChats(north)[0];
    const southChat = openBuyerChats(south)[0];
    if (!northChat || !southChat) throw new Error("no open buyer chats");
    north.control.buyerWrites(northChat.id, { text: "Вопрос на север" });
    south.control.buyerWrites(southChat.id, { text: "Вопрос на юг" });
    const list = await chatsOf(e);
    expect(textOf(list)).toContain("Вопрос на юг");
    expect(textOf(list)).not.toContain("Вопрос на север");
    expect(textOf(list)).not.toContain(`🏬 ${SHOP_NAMES[0]}`);
  });

  it("is refused to someone without the seller role", async () => {
    const e = await started();
    await e.send(command("chats", { from: WAREHOUSE }));
    expect(textOf(lastTo(e, WAREHOUSE.id))).toMatch(/customer care/i);
  });

  it("with two stores lists each store's chats under its name", async () => {
    const e = await started({ sandbox: { stores: 2 } });
    const second = e.sandbox.stores[1];
    if (!second) throw new Error("no second store");
    const chat = openBuyerChats(second)[0];
    if (!chat) throw new Error("no open buyer chat");
    second.control.buyerWrites(chat.id, { text: "Вопрос во второй магазин" });
    const list = await chatsOf(e);
    expect(textOf(list)).toContain(`🏬 ${SHOP_NAMES[0]}`);
    expect(textOf(list)).toContain(`🏬 ${SHOP_NAMES[1]}`);
    expect(textOf(list)).toContain("Вопрос во второй магазин");
  });
});
