/**
 * One buyer's burst reads as one conversation: messages (text and files) a buyer sends within a
 * minute of each other carry the header (order, product, links) on the first copy only and a
 * short "same buyer" mark after it; a reply to any of them goes to that buyer. A message a
 * minute later, or another buyer's, starts with the full header again. The sandbox's clock sets
 * the messages' times.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { text } from "../../../support/updates.ts";
import {
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

/** What stands above the buyer's words: a text's first paragraph, or a file's caption. */
/** Who wrote about what: a file's caption, or what follows the buyer's words in a text. */
const topOf = (call: RecordedCall) =>
  String(
    call.payload.caption ??
      String(call.payload.text ?? "")
        .split("\n\n")
        .at(-1),
  );

describe("a buyer's burst", () => {
  it("carries the header on its first copy only, and a reply to any copy reaches that buyer", async () => {
    let now = Date.now();
    const e = await startRelayEnv({ sandbox: { now: () => now } });
    env = e;
    await e.module.runOnce();
    const [chat, other] = openBuyerChats(e.sandbox);
    if (!chat || !other) throw new Error("too few chats");
    const asked = e.sandbox.control.buyerWrites(chat.id, { text: "Пришёл не тот цвет" });
    now += 20_000;
    const file = { name: "фото.png", data: bytesOf(700, 5), form: "file" as const };
    e.sandbox.control.buyerWrites(chat.id, { file });
    now += 30_000;
    e.sandbox.control.buyerWrites(chat.id, { text: "Вот ещё" });
    e.sandbox.control.buyerWrites(other.id, { text: "А у меня всё хорошо" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 4, failures: [] });

    const copies = sendsTo(e.fake, SELLER.id).slice(-4);
    const ofChat = copies.filter((c) => !String(c.payload.text).includes("всё хорошо"));
    const [first, photo, more] = ofChat as [RecordedCall, RecordedCall, RecordedCall];
    // The buyer's words first; the order once, below them, its link a button.
    expect(String(first.payload.text)).toMatch(/^Пришёл не тот цвет\n\n/);
    expect(topOf(first)).toContain(`🧾 Order ${chat.orderNumber}`);
    expect(JSON.stringify(first.payload.reply_markup)).toContain("🔗 Order in Ozon");
    for (const later of [photo, more]) {
      expect(topOf(later)).toBe(`↪ Same buyer · order ${chat.orderNumber}`);
    }
    expect(photo.method).toBe("sendPhoto");
    // The other buyer's first message has its own full header.
    const theirs = copies.find((c) => String(c.payload.text).includes("всё хорошо"));
    expect(topOf(theirs as RecordedCall)).toContain(`🧾 Order ${other.orderNumber}`);

    // Each copy of the burst keeps its buttons, and a reply to any of them reaches this buyer:
    // the first (the header), the photo (a caption, no text), the last.
    for (const copy of [photo, more]) expect(copy.payload.reply_markup).toBeDefined();
    const replies: Array<[RecordedCall, string]> = [
      [first, "Извините за путаницу"],
      [photo, "Видим, цвет не тот"],
      [more, "Заменим"],
    ];
    const theirsBefore = sellerMessages(e.sandbox, other.id).length;
    for (const [copy, words] of replies) {
      await e.send(text(words, { from: SELLER, replyTo: resultOf(copy) }));
    }
    expect(sellerMessages(e.sandbox, chat.id, asked.id).map((m) => m.text)).toEqual(
      replies.map(([, words]) => words),
    );
    expect(sellerMessages(e.sandbox, other.id)).toHaveLength(theirsBefore);

    // Over a minute later: a new burst, with the full header.
    now += 61_000;
    e.sandbox.control.buyerWrites(chat.id, { text: "Когда замена?" });
    await e.module.runOnce();
    expect(topOf(sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall)).toContain("💬 Buyer ·");
  });
});
