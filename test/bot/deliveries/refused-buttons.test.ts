/**
 * Deliveries buttons whose arguments do not fit their declaration (deliveries/buttons.ts, and the
 * delivery card's in postings/buttons.ts) are refused in one place, before any handler: signed,
 * but with a posting number, shop ref, step, person or batch no keyboard makes. The presser is
 * told the button no longer works; Ozon is not asked and nothing is sent or edited.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectRefusedPresses } from "../../support/refused-presses.ts";
import { callback } from "../../support/updates.ts";
import { type DeliveriesHarness, exchange, KEEPER, startDeliveries } from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

describe("deliveries buttons that do not fit their declaration", () => {
  it("are refused with the callback-invalid alert; Ozon is not asked, nothing is sent", async () => {
    h = await startDeliveries();
    const { postingNumber: number } = h.sandbox.control.addOwnDelivery();
    const ref = h.shopRef;
    const owner = String(KEEPER.id);
    const pressed: Array<[string, ...string[]]> = [
      ["vc", number], // the card's shop is never left out
      ["vc", "x", ref],
      ["vc", number, "ZZ"],
      ["va", "z", number, ref], // no such step
      ["va", "d", "x", ref],
      ["vd", "t", number, ref, owner], // a tracking number is typed, never confirmed
      ["vd", "d", number, ref], // Yes without whose it is
      ["vd", "d", number, ref, "abc"],
      ["vd", "d", number, ref, ""],
      ["vr", number, "ZZ"],
      ["vk", "nothex"], // not a batch's id
      ["vx", "123"],
    ];
    await expectRefusedPresses(h, h.codec, KEEPER, pressed);
    // The card's button as keyboards make it opens the card (from Ozon).
    const requests = h.sandbox.requests.length;
    const card = await exchange(h, callback(h.codec.encode("vc", number, ref), { from: KEEPER }));
    expect(card.map((c) => c.method)).toContain("sendMessage");
    expect(h.sandbox.requests.length).toBeGreaterThan(requests);
  });
});
