/**
 * A partial refund is checked against the product's price however Ozon writes it: "1290.0000"
 * (more zeros than kopecks) is 1 290 ₽, read by the one Ozon money reader (ozon/money.ts), so
 * 1 500 is refused as not below the price. A price that cannot be read takes no amount at all:
 * the request is sent to Ozon's seller account with why. Sandbox over HTTP, fake Bot API.
 *
 * Ozon documents this price as an integer; the sandbox writes a seeded "1290.0000" as the text
 * it is, which its own check of Ozon's documents notes (taken here, on purpose).
 */
import { afterEach, describe, expect, it } from "vitest";
import { describeViolation, takeContractViolations } from "../../../src/sandbox/contract.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, text } from "../../support/updates.ts";
import { type AfterSaleEnv, SELLER, SHOP_ID, startAfterSaleEnv } from "../after-sale.ts";
import { press, textOf } from "../harness.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const sentTo = (e: AfterSaleEnv, chatId: number): RecordedCall[] =>
  e.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);
const textsSince = (e: AfterSaleEnv, chatId: number, since: number) =>
  e.fake.calls
    .slice(since)
    .filter((c) => Number(c.payload.chat_id) === chatId && typeof c.payload.text === "string")
    .map(textOf)
    .join("\n");

/** A request with the price Ozon writes as `price`, its card in the seller's chat. */
async function requestCard(e: AfterSaleEnv, price: string): Promise<RecordedCall> {
  await e.send(command("returns", { from: SELLER }));
  await e.send(press(sentTo(e, SELLER.id).at(-1) as RecordedCall, /🔔/, SELLER));
  await e.returns.runOnce(SHOP_ID);
  e.sandbox.control.afterSale.addRfbsRequest({ price });
  await e.returns.runOnce(SHOP_ID);
  return sentTo(e, SELLER.id).at(-1) as RecordedCall;
}

/** The sandbox's notes that it wrote the price as text where Ozon documents an integer. */
function takePriceNotes(): void {
  const notes = takeContractViolations().map(describeViolation);
  expect(notes.length).toBeGreaterThan(0);
  for (const note of notes) expect(note).toMatch(/price/);
}

describe("a partial refund and Ozon's price", () => {
  it('"1290.0000" is 1 290: 1 500 and 1 290 are refused, 500 is taken', async () => {
    env = await startAfterSaleEnv();
    const card = await requestCard(env, "1290.0000");
    expect(textOf(card)).toContain("— RUB\u00A01,290");
    await env.send(press(card, "Частичная компенсация", SELLER));
    let since = env.fake.calls.length;
    await env.send(text("1500", { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).toContain(
      "must be below the product's price (RUB\u00A01,290)",
    );
    since = env.fake.calls.length;
    await env.send(text("1290", { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).toContain("must be below the product's price");
    since = env.fake.calls.length;
    await env.send(text("500", { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).toContain(
      "The buyer gets RUB\u00A0500 of RUB\u00A01,290 back",
    );
    takePriceNotes();
  });

  it("a price that cannot be read: no amount is asked, the refund is refused with why", async () => {
    env = await startAfterSaleEnv();
    const card = await requestCard(env, "-1290.00");
    const since = env.fake.calls.length;
    await env.send(press(card, "Частичная компенсация", SELLER));
    const told = textsSince(env, SELLER.id, since);
    expect(told).toContain("price for request No.");
    expect(told).toContain("could not be read");
    expect(told).not.toContain("how much to return");
    // Whatever is typed now is no refund.
    await env.send(text("100", { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).not.toContain("The buyer gets");
    expect(env.sandbox.control.afterSale.snapshot().requests[0]?.state).toBe("new");
    takePriceNotes();
  });
});
