/**
 * The wait for a tracking number after 🔢 ends as soon as the person does something else: a
 * button into another dialog (its question then gets the answer: a stock "1500" is stock, not a
 * tracking number), any other button, a command. /find alone ends the same way. Fake Bot API,
 * sandbox over HTTP, the deliveries, postings and products areas as in the running bot.
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, group, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

/** 🔢 on a new own delivery's card: the bot waits for its tracking number. */
async function askTracking(who: User = KEEPER) {
  const { postingNumber } = h.sandbox.control.addOwnDelivery();
  const data = h.codec.encode("vc", postingNumber, h.shopRef);
  const card = lastScreen(await exchange(h, callback(data, { from: who })));
  const hint = lastScreen(await exchange(h, press(card, /Tracking number/, who)));
  expect(textOf(hint)).toContain(`Type the tracking number of posting ${postingNumber}`);
  return { postingNumber, card };
}

const previews = (calls: readonly RecordedCall[]) =>
  calls.filter((c) => textOf(c).includes("to send them to Ozon"));

describe("a waiting tracking number and the person's next steps", () => {
  it("🔢, then a button into the stock dialog: its question gets “1500”, no tracking preview", async () => {
    h = await startDeliveries({ withProducts: true });
    const product = h.sandbox.control.products()[0];
    if (!product) throw new Error("no product");
    const productCard = lastScreen(
      await exchange(h, command("products", { from: KEEPER, args: product.offerId })),
    );
    const { postingNumber } = await askTracking();

    // Buttons only from here: the product card's 📦 Stock, then a warehouse.
    const choose = lastScreen(await exchange(h, press(productCard, "📦 Set stock", KEEPER)));
    expect(textOf(choose)).toContain("which warehouse?");
    const warehouse = buttonsOf(choose)[1]?.text ?? "";
    const question = lastScreen(await exchange(h, press(choose, warehouse, KEEPER)));
    expect(textOf(question)).toContain("Warehouse:");

    const answer = await exchange(h, text("1500", { from: KEEPER }));
    expect(previews(answer)).toEqual([]);
    expect(textOf(lastScreen(answer))).toContain("→ 1,500");
    expect(buttonsOf(lastScreen(answer)).map((b) => b.text)).toContain("✅ Set stock");
    expect(await h.store.list("tracking-batch:")).toEqual([]);
    expect(h.sandbox.control.posting(postingNumber)?.trackingNumber).toBe("");
  });

  it("🔢, then any other button: the next text is not taken as the tracking number", async () => {
    h = await startDeliveries();
    const { card } = await askTracking();
    // The card's other steps: 🚚 asks for a confirmation (a button of its own).
    await exchange(h, press(card, /Delivering/, KEEPER));
    const after = await exchange(h, text("RA123456789RU", { from: KEEPER }));
    expect(previews(after)).toEqual([]);
    expect(after.map(textOf).join("\n")).not.toContain("does not look like a tracking number");
    expect(await h.store.list("tracking-batch:")).toEqual([]);
  });

  it("🔢 again after another button: the wait starts anew and takes the number", async () => {
    h = await startDeliveries();
    const { postingNumber, card } = await askTracking();
    await exchange(h, press(card, /Delivering/, KEEPER));
    await exchange(h, press(card, /Tracking number/, KEEPER));
    const preview = lastScreen(await exchange(h, text("RA123456789RU", { from: KEEPER })));
    expect(textOf(preview)).toContain(`${postingNumber} → RA123456789RU`);
  });

  it("/find alone, then another command: the next text is not a search", async () => {
    h = await startDeliveries();
    const chat = group(-100777);
    const prompt = lastScreen(await exchange(h, command("find", { from: KEEPER, chat })));
    expect(textOf(prompt)).toContain("Send the posting number");
    await exchange(h, command("deliveries", { from: KEEPER, chat }));
    // In a group only an asked-for text is a search: this one was not asked for any more.
    const after = await exchange(h, text("12345678-0001-1", { from: KEEPER, chat }));
    expect(after.map(textOf).join("\n")).not.toContain("No posting 12345678-0001-1 found");
  });
});
