/**
 * /deliveries: the seller's own deliveries on their way, by status in the order they pass them,
 * oldest first, a button per posting opening its card; postings Ozon delivers are not listed.
 * And the packed card of an own delivery opens its delivery card.
 */
import { afterEach, describe, expect, it } from "vitest";
import { callback, command } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  MANAGER,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe("/deliveries", () => {
  it("lists own deliveries by status, oldest first, each openable", async () => {
    h = await startDeliveries();
    const c = h.sandbox.control;
    const newer = c.addOwnDelivery({ inProcessAt: ago(2) }).postingNumber;
    const older = c.addOwnDelivery({ inProcessAt: ago(30) }).postingNumber;
    const onWay = c.addOwnDelivery({ status: "delivering", inProcessAt: ago(50) }).postingNumber;
    const lastMile = c.addOwnDelivery({ status: "delivering", inProcessAt: ago(70) }).postingNumber;
    c.setPostingStatus(lastMile, "driver_pickup");
    const done = c.addOwnDelivery({ status: "delivered", inProcessAt: ago(3) }).postingNumber;
    const ozons = c.addPosting({ status: "awaiting_deliver", inProcessAt: ago(4) }).postingNumber;

    const list = lastScreen(await exchange(h, command("deliveries", { from: KEEPER })));
    const text = textOf(list);
    expect(text.split("\n")).toEqual([
      "🚚 Own deliveries on their way: 4",
      "",
      "packed, not yet handed to delivery",
      `1. ${older}`,
      `2. ${newer}`,
      "",
      "delivering",
      `3. ${onWay}${trackOf(h, onWay)}`,
      "",
      "last mile (courier on the way)",
      `4. ${lastMile}${trackOf(h, lastMile)}`,
      "",
      "✅ N marks posting N “Delivered” (after you confirm); a number opens its card.",
    ]);
    expect(text).not.toContain(done);
    expect(text).not.toContain(ozons);
    // Each card's number; ✅ N for the ones Delivered is open for (issue 40).
    expect(buttonsOf(list).map((b) => b.text)).toEqual(["1", "2", "3", "4", "✅ 3", "✅ 4"]);

    const card = lastScreen(await exchange(h, press(list, "1", KEEPER)));
    expect(textOf(card)).toContain(`Own delivery · ${older}`);
  });

  it("✅ N asks to confirm below the list, which stays; Yes marks it delivered at Ozon and that message becomes the card (issue 40)", async () => {
    h = await startDeliveries();
    const c = h.sandbox.control;
    const packed = c.addOwnDelivery({ inProcessAt: ago(30) }).postingNumber;
    const onWay = c.addOwnDelivery({ status: "delivering", inProcessAt: ago(50) }).postingNumber;
    const list = lastScreen(await exchange(h, command("deliveries", { from: KEEPER })));
    // Only the one on its way has ✅: a packed one is not delivered in one step.
    expect(buttonsOf(list).map((b) => b.text)).toEqual(["1", "2", "✅ 2"]);

    const asked = await exchange(h, press(list, "✅ 2", KEEPER));
    expect(asked.filter((call) => call.method === "editMessageText")).toEqual([]);
    const confirm = lastScreen(asked);
    expect(confirm.method).toBe("sendMessage");
    expect(textOf(confirm)).toContain(`Mark posting ${onWay} as “Delivered”?`);
    expect(c.posting(onWay)?.status).toBe("delivering"); // nothing done before Yes

    // Someone else's Yes does nothing.
    const other = await exchange(h, press(confirm, "✅ Yes, mark it", MANAGER));
    expect(other.some((call) => call.method === "editMessageText")).toBe(false);
    expect(c.posting(onWay)?.status).toBe("delivering");

    const done = await exchange(h, press(confirm, "✅ Yes, mark it", KEEPER));
    expect(c.posting(onWay)?.status).toBe("delivered");
    expect(c.posting(packed)?.status).toBe("awaiting_deliver");
    const card = done.filter((call) => call.method === "editMessageText").at(-1);
    expect(card && textOf(card)).toContain(`Own delivery · ${onWay}`);
    expect(card && textOf(card)).toContain("Status: delivered");
    const sent = confirm.response?.ok ? (confirm.response.result as { message_id: number }) : null;
    expect(Number(card?.payload.message_id)).toBe(sent?.message_id);
  });

  it("says when there are none, and is not for managers", async () => {
    h = await startDeliveries();
    const empty = lastScreen(await exchange(h, command("deliveries", { from: KEEPER })));
    expect(textOf(empty)).toBe("No own deliveries on their way.");
    const refused = lastScreen(await exchange(h, command("deliveries", { from: MANAGER })));
    expect(textOf(refused)).not.toContain("deliveries on their way");
  });
});

describe("/deliveries on today's Ozon (issue 36)", () => {
  it("reads /v4/posting/fbs/list page by page (cursor, 100 a page), every status at once", async () => {
    h = await startDeliveries();
    const c = h.sandbox.control;
    // 150 on their way (more than a v4 page), besides postings in no delivery status.
    const numbers: string[] = [];
    for (let i = 0; i < 150; i++) {
      const status = i % 3 === 0 ? "delivering" : "awaiting_deliver";
      numbers.push(c.addOwnDelivery({ status, inProcessAt: ago(200 - i) }).postingNumber);
    }
    c.addOwnDelivery({ status: "delivered", inProcessAt: ago(5) });
    h.sandbox.resetCounters();

    const list = lastScreen(await exchange(h, command("deliveries", { from: KEEPER })));
    const text = textOf(list);
    expect(text.split("\n")[0]).toBe("🚚 Own deliveries on their way: 150");
    // In pages now (issue 37): 40 on the first, the rest a ▶️ away (a delivering one's ✅ N
    // counts as a button of its page too: five pages).
    expect(buttonsOf(list).map((b) => b.text)).toEqual(
      expect.arrayContaining(["40", "1 / 5", "▶️"]),
    );
    // The oldest packed one is listed first.
    expect(text).toContain(`1. ${numbers[1]}`);
    const counters = h.sandbox.counters();
    expect(counters["POST /v4/posting/fbs/list"]).toBe(2);
    expect(counters["POST /v3/posting/fbs/list"]).toBeUndefined();
  });
});

describe("the packed card of an own delivery", () => {
  it("⚡ Pack in 1 box leaves a 🚚 Delivery button that opens the delivery card", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery({
      status: "awaiting_packaging",
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const data = h.codec.encode("po", postingNumber, h.shopRef);
    const card = lastScreen(await exchange(h, callback(data, { from: KEEPER })));
    const packed = await exchange(h, press(card, "⚡ Pack in 1 box", KEEPER));
    const screen = packed.filter((c) => c.method === "editMessageText" && c.response?.ok).at(-1);
    expect(screen && buttonsOf(screen).map((b) => b.text)).toContain("🚚 Delivery");
    if (!screen) return;
    const delivery = lastScreen(await exchange(h, press(screen, "🚚 Delivery", KEEPER)));
    expect(textOf(delivery)).toContain(`Own delivery · ${postingNumber}`);
    expect(textOf(delivery)).toContain("packed, not yet handed to delivery");
  });
});

function trackOf(h: DeliveriesHarness, n: string): string {
  const t = h.sandbox.control.posting(n)?.trackingNumber;
  return t ? ` · ${t}` : "";
}
