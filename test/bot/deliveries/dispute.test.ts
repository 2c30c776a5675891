/**
 * ⚖️ Dispute on a delivered or cancelled posting, found with /find: for sellers and admins, after
 * a confirmation saying what it does; Ozon's refusal in its words; in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  SELLER,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

/** The posting's card as /find (warehouse, admins) or /dispute (sellers) shows it. */
const found = async (number: string, who: typeof SELLER, how = "find") =>
  lastScreen(await exchange(h, command(how, { from: who, args: number })));

describe("disputes (en)", () => {
  it("a cancelled posting Ozon delivered: Dispute, what it does, Yes, arbitration", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addPosting({ status: "awaiting_deliver" });
    h.sandbox.control.cancelByBuyer(postingNumber, { type: "delivery" });
    // Warehouse staff find it without a dispute button (only who did what); an admin's /find offers one.
    expect(buttonsOf(await found(postingNumber, KEEPER)).map((b) => b.text)).toEqual([
      "🕘 History",
    ]);
    const adminCard = await found(postingNumber, ADMIN);
    // Ozon charged the way back for it, so an admin's card also says what it earned (issue 42).
    expect(buttonsOf(adminCard).map((b) => b.text)).toEqual([
      "⚖️ Dispute",
      "🕘 History",
      "💰 What it earned",
    ]);
    // A seller opens its card with /dispute.
    const opened = await found(postingNumber, SELLER, "dispute");
    expect(textOf(opened)).toContain(`📦 Posting ${postingNumber}`);
    expect(textOf(opened)).toContain("Status: cancelled");
    const asked = lastScreen(await exchange(h, press(opened, "⚖️ Dispute", SELLER)));
    expect(textOf(asked)).toContain(`Open a dispute about posting ${postingNumber}?`);
    expect(textOf(asked)).toContain("cannot be withdrawn");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("cancelled");
    const done = lastScreen(await exchange(h, press(asked, /Yes/, SELLER)));
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("arbitration");
    expect(textOf(done)).toContain("Status: dispute open");
    expect(textOf(done)).toMatch(/Last step: dispute — Sam, /);
  });

  it("Ozon refuses a dispute about a posting cancelled before it left: its words are told", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addPosting({ status: "cancelled" });
    const card = await found(postingNumber, ADMIN);
    const opened = lastScreen(await exchange(h, press(card, "⚖️ Dispute", ADMIN)));
    const asked = lastScreen(await exchange(h, press(opened, "⚖️ Dispute", ADMIN)));
    const calls = await exchange(h, press(asked, /Yes/, ADMIN));
    const said = calls.filter((c) => c.method === "sendMessage").map(textOf);
    expect(said).toContainEqual(
      `Ozon did not accept the step dispute for ${postingNumber}: ARBITRATION_NOT_ALLOWED: posting ${postingNumber} is cancelled`,
    );
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("cancelled");
  });

  it("Ozon answering result: false did not open the dispute: told so, not a success, and Yes again asks anew", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery({ status: "delivered" });
    const opened = await found(postingNumber, SELLER, "dispute");
    const asked = lastScreen(await exchange(h, press(opened, "⚖️ Dispute", SELLER)));
    h.sandbox.control.declineNext("/v2/posting/fbs/arbitration");
    const calls = await exchange(h, press(asked, /Yes/, SELLER));
    const said = calls.filter((c) => c.method === "sendMessage").map(textOf);
    expect(said).toContainEqual(
      `Ozon did not accept the step dispute for ${postingNumber}: Ozon gave no reason.`,
    );
    expect(calls.map(textOf).join("\n")).not.toMatch(/Last step: dispute|dispute open/);
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivered");
    expect(h.sandbox.counters()["POST /v2/posting/fbs/arbitration"]).toBe(1);
    // Nothing was done: the step is not taken, so asking again goes to Ozon again.
    const again = lastScreen(await exchange(h, press(opened, "⚖️ Dispute", SELLER)));
    const done = lastScreen(await exchange(h, press(again, /Yes/, SELLER)));
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("arbitration");
    expect(textOf(done)).toContain("Status: dispute open");
  });
});

describe("disputes (ru)", () => {
  it("the confirmation and the card in Russian", async () => {
    h = await startDeliveries({ locale: "ru" });
    const ru = { ...SELLER, language_code: "ru" };
    const { postingNumber } = h.sandbox.control.addOwnDelivery({ status: "delivered" });
    const opened = await found(postingNumber, ru, "dispute");
    expect(textOf(opened)).toContain(`Своя доставка · ${postingNumber}`);
    const asked = lastScreen(await exchange(h, press(opened, "⚖️ Спор", ru)));
    expect(textOf(asked)).toContain(`Открыть спор по отправлению ${postingNumber}?`);
    const done = lastScreen(await exchange(h, press(asked, "Да", ru)));
    expect(textOf(done)).toContain("Статус: спор открыт");
  });
});
