/**
 * The seller's own deliveries in the audit trail: one record per step (delivering, last mile,
 * delivered), per dispute and per tracking number — the person, the posting, the status it goes
 * to, and the result: done, refused by Ozon in its words, or failed. A step Ozon took whose record
 * a crash lost is written at start from the step's mark, once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import { repairStepRecords } from "../../../src/services/deliveries/index.ts";
import type { Store } from "../../../src/store/port.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command } from "../../support/updates.ts";
import {
  ADMIN,
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  must,
  SELLER,
  startDeliveries,
} from "../deliveries/harness.ts";
import { press, textOf } from "../harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

const admin = { admin: true };
const trailOf = (store: Store) => new AuditTrail({ store, keepDays: 180 });
const shopId = () => must(h.shops.all()[0], "shop").id;

async function openCard(number: string, who = KEEPER) {
  const data = h.codec.encode("vc", number, h.shopRef);
  return lastScreen(await exchange(h, callback(data, { from: who })));
}

/** The step's button on `card`, then Yes: the card after. */
async function step(card: RecordedCall, label: string | RegExp, who = KEEPER) {
  const asked = lastScreen(await exchange(h, press(card, label, who)));
  return lastScreen(await exchange(h, press(asked, /Yes|Да/, who)));
}

describe("audit records of own deliveries", () => {
  it("steps: failed while Ozon is down, done, and refused in Ozon's words — one record each", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    let card = await openCard(postingNumber);
    h.sandbox.control.setFault("/v2/fbs/posting/delivering", {
      rate5xx: 1,
      status5xx: 503,
      times: 1,
    });
    await step(card, "🚚 Delivering");
    card = await step(card, "🚚 Delivering");
    // Marked delivered in Ozon's cabinet meanwhile: the card's Last mile is refused.
    h.sandbox.control.setPostingStatus(postingNumber, "delivered");
    await step(card, "📍 Last mile");

    const entries = await trailOf(h.store).latest(
      { object: { type: "posting", id: postingNumber } },
      admin,
    );
    expect(entries.map((e) => [e.kind, e.via, e.to, e.result])).toEqual([
      [
        "delivery-step",
        "last-mile",
        "driver_pickup",
        {
          status: "refused",
          words:
            "INVALID_POSTING_STATUS: cannot move from delivered to driver_pickup, expected delivering",
        },
      ],
      ["delivery-step", "delivering", "delivering", { status: "done" }],
      ["delivery-step", "delivering", "delivering", { status: "failed", words: "ozon_down" }],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: { id: KEEPER.id, name: "Kim" }, shopId: shopId() });
    }
  });

  it("a dispute: done by the seller, who sees it in the card's History; Ozon's refusal in its words", async () => {
    h = await startDeliveries({ withAudit: true });
    const { postingNumber } = h.sandbox.control.addPosting({ status: "awaiting_deliver" });
    h.sandbox.control.cancelByBuyer(postingNumber, { type: "delivery" });
    const opened = lastScreen(
      await exchange(h, command("dispute", { from: SELLER, args: postingNumber })),
    );
    const card = await step(opened, "⚖️ Dispute", SELLER);
    const history = lastScreen(await exchange(h, press(card, "🕘 History", SELLER)));
    expect(textOf(history)).toContain(`🕘 History of posting ${postingNumber}`);
    expect(textOf(history)).toContain(`⚖️ Dispute ${postingNumber} (dispute)`);
    expect(textOf(history)).toContain("— → arbitration");
    expect(textOf(history)).toMatch(/ · Sam ·[^\n]*\n/);
    const refusedPosting = h.sandbox.control.addPosting({ status: "cancelled" }).postingNumber;
    const other = await openCard(refusedPosting, ADMIN);
    await step(other, "⚖️ Dispute", ADMIN);

    const entries = await trailOf(h.store).latest({ kind: "dispute" }, admin);
    expect(entries.map((e) => [e.objectId, e.actor.id, e.to, e.result])).toEqual([
      [
        refusedPosting,
        ADMIN.id,
        "arbitration",
        {
          status: "refused",
          words: `ARBITRATION_NOT_ALLOWED: posting ${refusedPosting} is cancelled`,
        },
      ],
      [postingNumber, SELLER.id, "arbitration", { status: "done" }],
    ]);
  });

  it("tracking numbers: one record per posting, done with the number or refused in Ozon's words", async () => {
    h = await startDeliveries();
    const a = h.sandbox.control.addOwnDelivery().postingNumber;
    const delivered = h.sandbox.control.addOwnDelivery({ status: "delivered" }).postingNumber;
    const lines = [`${a} — RA123456789RU`, `${delivered}: LATE-123`].join("\n");
    const preview = lastScreen(await exchange(h, command("track", { from: KEEPER, args: lines })));
    await exchange(h, press(preview, "Apply", KEEPER));
    await exchange(h, press(preview, "Apply", KEEPER)); // a double tap: sent and recorded once

    const entries = await trailOf(h.store).latest({ kind: "delivery-step" }, admin);
    const byPosting = new Map(entries.map((e) => [e.objectId, e]));
    expect(entries).toHaveLength(2);
    expect(byPosting.get(a)).toMatchObject({
      actor: { id: KEEPER.id },
      via: "tracking",
      to: "RA123456789RU",
      result: { status: "done" },
    });
    expect(byPosting.get(delivered)).toMatchObject({
      via: "tracking",
      to: "LATE-123",
      result: {
        status: "refused",
        words: "INVALID_POSTING_STATUS: tracking number cannot be set in delivered",
      },
    });
  });

  it("a crash between Ozon's answer and the record: the start-up repair writes it from the step's mark, once", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    await step(await openCard(postingNumber), "🚚 Delivering");
    const trail = trailOf(h.store);
    const [written] = await trail.latest({}, admin);
    expect(written?.result).toEqual({ status: "done" });
    // The record is lost as if the process died before writing it; the step's mark stays.
    for (const { key } of await h.store.list("audit:")) await h.store.delete(key);

    const shop = must(h.shops.all()[0], "shop");
    expect(await repairStepRecords(trail, shop)).toBe(1);
    expect(await repairStepRecords(trail, shop)).toBe(0);
    const repaired = await trail.latest({}, admin);
    expect(repaired).toHaveLength(1);
    expect(repaired[0]).toMatchObject({
      kind: "delivery-step",
      actor: written?.actor,
      objectId: postingNumber,
      via: "delivering (repaired)",
      to: "delivering",
      result: { status: "done" },
      at: written?.at,
    });
  });
});
