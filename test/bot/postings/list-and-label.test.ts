/**
 * /postings paging, the package label as a PDF document (one tap, one file, also across
 * processes sharing Redis), and buttons refused to the wrong people.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { callback, command, group, person, privateChat } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  type PostingsHarness,
  SELLER,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const ONCE =
  "This label is already on its way. Tap again in half a minute if you need another copy.";

/** A press of the Label button of `postingNumber` on one message of KEEPER's chat. */
function labelPress(postingNumber: string, messageId: number) {
  const data = createCallbackCodec(h.fake.token).encode("pl", postingNumber);
  const message = { message_id: messageId, date: 0, chat: privateChat(KEEPER) };
  return callback(data, { from: KEEPER, message });
}

const documents = () => h.fake.callsTo("sendDocument").filter((c) => c.response?.ok);
const answers = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.payload.text);

describe("/postings and labels", () => {
  it("lists postings awaiting packaging five per page, each with its buttons", async () => {
    h = await startPostings({ sandbox: { initialPostings: 7 } });
    h.sandbox.control.addPosting({ status: "awaiting_deliver" }); // not listed
    const awaiting = h.sandbox.control
      .postings()
      .filter((p) => p.status === "awaiting_packaging")
      .map((p) => p.postingNumber);
    expect(awaiting).toHaveLength(7);

    const first = lastScreen(await exchange(h, command("postings", { from: KEEPER })));
    expect(textOf(first)).toContain("Postings waiting to be packed: 7");
    const labels = buttonsOf(first).map((b) => b.text);
    expect(labels.filter((l) => l.includes("Pack"))).toEqual([
      "1 📦 Pack",
      "2 📦 Pack",
      "3 📦 Pack",
      "4 📦 Pack",
      "5 📦 Pack",
    ]);
    expect(labels).toContain("Next »");
    expect(labels).not.toContain("« Back");

    const second = lastScreen(await exchange(h, press(first, "Next »", KEEPER)));
    expect(second.method).toBe("editMessageText");
    expect(
      buttonsOf(second)
        .filter((b) => b.text.includes("Pack"))
        .map((b) => b.text),
    ).toEqual(["6 📦 Pack", "7 📦 Pack"]);
    const shown = `${textOf(first)}\n${textOf(second)}`;
    for (const number of awaiting) expect(shown).toContain(number);
    const back = lastScreen(await exchange(h, press(second, "« Back", KEEPER)));
    expect(textOf(back)).toBe(textOf(first));

    // The page number shows the page again: nothing changed, Telegram says "not modified",
    // and the press ends quietly.
    const again = await exchange(h, press(back, "1 / 2", KEEPER));
    const edits = again.filter((c) => c.method === "editMessageText");
    expect(edits.map((c) => c.response)).toEqual([
      expect.objectContaining({ ok: false, description: expect.stringMatching(/not modified/) }),
    ]);
    // Nothing else: no second answer saying something went wrong, no new message.
    expect(again.map((c) => c.method)).toEqual(["answerCallbackQuery", "editMessageText"]);
  });

  it("a phone-sized list: per posting a short product name, the deadline and one Pack button; cancel is on the card", async () => {
    h = await startPostings();
    const shipmentDate = new Date(Date.now() + 2 * 86_400_000);
    shipmentDate.setUTCHours(11, 0, 0, 0); // 14:00 in Moscow
    const posting = h.sandbox.control.addPosting({
      shipmentDate,
      products: [
        { name: "Вода питьевая негазированная горная 19 литров", quantity: 2 },
        { name: "Кулер", quantity: 1 },
      ],
    });
    const day = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      timeZone: "Europe/Moscow",
    }).format(shipmentDate);

    const list = lastScreen(await exchange(h, command("postings", { from: KEEPER })));
    const line = must(
      textOf(list)
        .split("\n")
        .find((l) => l.includes(posting.postingNumber)),
    );
    expect(line).toBe(`1. Вода питьевая… ×2; +1 · ${day}, 14:00 · ${posting.postingNumber}`);
    const rows = must(sentMessage(list).reply_markup as { inline_keyboard: unknown[][] });
    expect(rows.inline_keyboard).toHaveLength(1);
    expect(buttonsOf(list).map((b) => b.text)).toEqual(["1 📦 Pack", "1 📋 Card"]);

    const card = lastScreen(await exchange(h, press(list, "1 📋 Card", KEEPER)));
    expect(textOf(card)).toContain(`Posting ${posting.postingNumber}`);
    // Each product opens its card (/products).
    expect(buttonsOf(card).map((b) => b.text)).toEqual([
      "📦 Pack",
      "⚡ Pack in 1 box",
      "✂️ Split into boxes",
      "✖️ Cancel posting",
      "🛍 Вода питьевая негазированная горная 19 литров",
      "🛍 Кулер",
      "🕘 History",
    ]);
  });

  it("the list speaks Russian: «Собрать» and «Карточка»", async () => {
    h = await startPostings();
    h.sandbox.control.addPosting({ products: [{ name: "Кулер", quantity: 1 }] });
    const ivan = person(9010, { first_name: "Иван", language_code: "ru" });
    await h.access.grant(ivan.id, "warehouse", ADMIN.id);
    const list = lastScreen(await exchange(h, command("postings", { from: ivan })));
    expect(textOf(list)).toContain("1. Кулер ×1 · ");
    expect(buttonsOf(list).map((b) => b.text)).toEqual(["1 📦 Собрать", "1 📋 Карточка"]);
  });

  it("the Label button sends the package label as a PDF document", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const data = createCallbackCodec(h.fake.token).encode("pl", posting.postingNumber);
    const calls = await exchange(h, callback(data, { from: KEEPER }));
    const action = calls.findIndex(
      (c) => c.method === "sendChatAction" && c.payload.action === "upload_document",
    );
    const sent = calls.findIndex((c) => c.method === "sendDocument");
    expect(action).toBeGreaterThanOrEqual(0);
    expect(sent).toBeGreaterThan(action);
    const file = must(must(calls[sent]).files[0]);
    expect(file.fileName).toBe(`label-${posting.postingNumber}.pdf`);
    expect(new TextDecoder().decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
  });

  it("a label Ozon cannot give is explained in plain words", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    h.sandbox.control.setFault("/v2/posting/fbs/package-label", { rate429: 1, times: 5 });
    const data = createCallbackCodec(h.fake.token).encode("pl", posting.postingNumber);
    const calls = await exchange(h, callback(data, { from: KEEPER }));
    expect(calls.some((c) => c.method === "sendDocument")).toBe(false);
    expect(textOf(lastScreen(calls))).toBe(
      `Could not get the label of posting ${posting.postingNumber}: Ozon asks to slow down (too many requests). Try again in a minute.`,
    );
  });

  it("Ship, Cancel and Label pressed by someone without the warehouse role are refused", async () => {
    h = await startPostings();
    await exchange(h, command("subscribe", { from: KEEPER }));
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting();
    await h.watcher.runOnce();
    const alert = messagesTo(h, KEEPER.id).find((c) => textOf(c).includes(posting.postingNumber));
    for (const label of ["📦 Pack", "Pack in 1 box", "Cancel posting"]) {
      const calls = await exchange(h, press(must(alert), label, SELLER));
      const answer = calls.find((c) => c.method === "answerCallbackQuery");
      expect(answer?.payload.show_alert).toBe(true);
      expect(String(answer?.payload.text)).toContain("only for these roles");
      expect(
        calls.filter((c) => c.method === "sendMessage" || c.method === "sendDocument"),
      ).toEqual([]);
    }
    // Nor may they list postings or subscribe.
    const listed = await exchange(h, command("postings", { from: SELLER }));
    expect(textOf(lastScreen(listed))).toContain("only for these roles");
    const team = group(-100901);
    const subscribed = await exchange(h, command("subscribe", { from: SELLER, chat: team }));
    expect(textOf(lastScreen(subscribed))).toContain("only for these roles");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
  });

  it("tapping Label twice quickly sends one file; the second tap is told why", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const [first, second] = [
      labelPress(posting.postingNumber, 7001),
      labelPress(posting.postingNumber, 7001),
    ];
    const since = h.fake.calls.length;
    await Promise.all([h.send(first), h.send(second)]);
    expect(documents()).toHaveLength(1);
    expect(answers(h.fake.calls.slice(since))).toContain(ONCE);
    // Another message's Label button of the same posting is another button.
    await h.send(labelPress(posting.postingNumber, 7002));
    expect(documents()).toHaveLength(2);
  });

  it("after a label Ozon could not give, the next tap on the button tries again", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    h.sandbox.control.setFault("/v2/posting/fbs/package-label", { rate429: 1, times: 1 });
    const failed = await exchange(h, labelPress(posting.postingNumber, 7003));
    expect(textOf(lastScreen(failed))).toContain("Could not get the label");
    const again = await exchange(h, labelPress(posting.postingNumber, 7003));
    expect(again.filter((c) => c.method === "sendDocument")).toHaveLength(1);
  });
});

const redis = await redisAvailability();
redis.describe("the Label button with Redis", () => {
  const prefix = uniquePrefix("postings-label");
  afterAll(() => removeKeys(redis.url, prefix));

  it("a second tap handled by another process sends no second file", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    h = await startPostings({ store, closeStore: true });
    const posting = h.sandbox.control.addPosting();
    await h.send(labelPress(posting.postingNumber, 7004));
    expect(documents()).toHaveLength(1);
    await h.restart(); // a new bot and module: only the store is shared
    const second = await exchange(h, labelPress(posting.postingNumber, 7004));
    expect(answers(second)).toEqual([ONCE]);
    expect(documents()).toHaveLength(1);
  });
});
