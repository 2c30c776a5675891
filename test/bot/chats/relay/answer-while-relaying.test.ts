/**
 * A seller's answer to a buyer is never lost: a copy is answerable the moment Telegram accepted
 * it, while the rest of the message (its files, the other recipients) is still on its way at
 * Telegram's pace; and a reply to a copy whose stored link is gone finds its buyer from the
 * copy's own signed buttons. Through the relay module, the sandbox over HTTP and the fake Bot
 * API, with the bot's sender pacing private chats at one message a second on a manual clock.
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
  bytesOf,
  openBuyerChats,
  type RelayEnv,
  resultOf,
  SELLER,
  sellerMessages,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** Moves the sender's clock on a second at a time until `pass` settles (at most a minute). */
async function finish<T>(clock: ManualClock, pass: Promise<T>): Promise<T> {
  let settled = false;
  const done = pass.finally(() => {
    settled = true;
  });
  for (let second = 0; second < 60 && !settled; second++) await clock.advance(1_000);
  return done;
}

describe("an answer given while the buyer's message is still being relayed", () => {
  it("reaches the buyer exactly once, and the other copies and files still all arrive", async () => {
    const clock = new ManualClock(Date.now());
    const e = await startRelayEnv({ module: { sender: new TelegramSender({ clock }) } });
    env = e;
    expect(await e.module.runOnce()).toMatchObject({ firstRun: true });
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Пришёл не тот цвет, вот фото" });
    for (const n of [1, 2, 3]) {
      const file = { name: `фото-${n}.png`, data: bytesOf(900, n), form: "file" as const };
      e.sandbox.control.buyerWrites(chat.id, { file });
    }
    const pass = e.module.runOnce();

    // Two sellers get it; Telegram's pace (the clock stands still) holds the second copy back.
    const isText = (c: RecordedCall) => textOf(c).includes("не тот цвет") && c.response?.ok;
    const first = await waitFor(() => e.fake.calls.find(isText), {
      message: "the buyer's text on the first seller's screen",
    });
    const who = [SELLER, ADMIN].find((p) => p.id === first.payload.chat_id);
    if (!who) throw new Error("the text went to someone else");
    const copy = resultOf(first) as { message_id: number };
    await waitFor(
      () => e.module.shops.router.resolve({ chatId: who.id, replyToMessageId: copy.message_id }),
      {
        message: "the copy answerable",
      },
    );
    expect(e.fake.calls.filter(isText)).toHaveLength(1);

    const reply = text("Извините, заменим", { from: who, replyTo: resultOf(first) });
    await e.send(reply);
    const toBuyer = () => sellerMessages(e.sandbox, chat.id, asked.id).map((m) => m.text);
    expect(toBuyer()).toEqual(["Извините, заменим"]);
    const reactions = e.fake.callsTo("setMessageReaction");
    expect(reactions.map((c) => c.payload.message_id)).toEqual([reply.message?.message_id]);

    expect(await finish(clock, pass)).toMatchObject({ relayed: 4, failures: [] });
    expect(toBuyer()).toEqual(["Извините, заменим"]);
    for (const person of [SELLER, ADMIN]) {
      const got = sendsTo(e.fake, person.id).filter((c) => c.response?.ok);
      expect(got.map((c) => c.files[0]?.fileName ?? "text")).toEqual([
        "text",
        "фото-1.png",
        "фото-2.png",
        "фото-3.png",
      ]);
    }
    // Nothing said the answer was lost.
    expect(e.fake.textsTo(who.id).filter((t) => t.includes("Not sent"))).toEqual([]);
  });
});

describe("a reply to a copy whose stored link is gone", () => {
  it("reaches the right buyer, from the copy's signed buttons", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const [a, b] = openBuyerChats(e.sandbox);
    if (!a || !b) throw new Error("too few chats");
    const fromA = e.sandbox.control.buyerWrites(a.id, { text: "Где заказ А?" });
    const fromB = e.sandbox.control.buyerWrites(b.id, { text: "Где заказ Б?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    const copyOfA = sendsTo(e.fake, SELLER.id).find((c) => textOf(c).includes("Где заказ А?"));
    if (!copyOfA) throw new Error("no copy of A");
    const message = resultOf(copyOfA) as { message_id: number };
    await e.module.shops.links.forget({ chatId: SELLER.id, messageId: message.message_id });
    expect(await e.module.shops.links.resolve(SELLER.id, message.message_id)).toBeUndefined();

    await e.send(text("Уже в пути", { from: SELLER, replyTo: resultOf(copyOfA) }));
    expect(sellerMessages(e.sandbox, a.id, fromA.id).map((m) => m.text)).toEqual(["Уже в пути"]);
    expect(sellerMessages(e.sandbox, b.id, fromB.id)).toEqual([]);
  });

  it("with buttons the bot did not sign reaches nobody and says so", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.module.runOnce();
    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Алло?" });
    await e.module.runOnce();
    const copy = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    const message = resultOf(copy) as {
      message_id: number;
      reply_markup: { inline_keyboard: Array<Array<{ callback_data?: string }>> };
    };
    await e.module.shops.links.forget({ chatId: SELLER.id, messageId: message.message_id });
    // The same keyboard with each signature changed (what a modified client could show).
    const forged = structuredClone(message);
    for (const button of forged.reply_markup.inline_keyboard.flat()) {
      // The order's link button carries no data to forge.
      if (button.callback_data === undefined) continue;
      button.callback_data = button.callback_data.replace(/~.*$/, "~AAAAAAAA");
    }

    await e.send(text("Всё хорошо", { from: SELLER, replyTo: forged as never }));
    expect(sellerMessages(e.sandbox, chat.id, asked.id)).toEqual([]);
    expect(e.fake.textsTo(SELLER.id).at(-1)).toContain("Not sent");
  });
});
