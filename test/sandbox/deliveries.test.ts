/**
 * The sandbox's own deliveries over HTTP: the control endpoint makes one; the Seller API moves it
 * in Ozon's order, refusing a step out of order per posting in its words, and takes disputes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { control, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 3 });
});
afterAll(() => sb.close());

describe("own deliveries", () => {
  it("POST /_sandbox/deliveries makes a posting the seller delivers, written non_integrated", async () => {
    const added = await control(sb, "POST", "/deliveries", {});
    expect(added.status).toBe(200);
    const number = added.json.postingNumber as string;
    expect(added.json.status).toBe("awaiting_deliver");
    const got = await seller(sb, "/v3/posting/fbs/get", { posting_number: number });
    expect(got.json.result.tpl_integration_type).toBe("non_integrated");
    const listed = await control(sb, "GET", "/");
    expect(listed.json.endpoints).toEqual(
      expect.arrayContaining([expect.stringContaining("/_sandbox/deliveries")]),
    );
  });

  it("moves in order; out of order and Ozon's own deliveries are refused per posting", async () => {
    const own = (await control(sb, "POST", "/deliveries", {})).json.postingNumber as string;
    const ozons = sb.control.addPosting({ status: "awaiting_deliver" }).postingNumber;
    const early = await seller(sb, "/v2/fbs/posting/delivered", { posting_number: [own, ozons] });
    expect(early.status).toBe(200);
    expect(early.json.result).toEqual([
      {
        posting_number: own,
        result: false,
        error:
          "INVALID_POSTING_STATUS: cannot move from awaiting_deliver to delivered, expected delivering or driver_pickup",
      },
      {
        posting_number: ozons,
        result: false,
        error:
          "POSTING_IS_NOT_NON_INTEGRATED: the delivery service reports this posting's statuses",
      },
    ]);
    for (const step of ["delivering", "last-mile", "delivered"]) {
      const moved = await seller(sb, `/v2/fbs/posting/${step}`, { posting_number: [own] });
      expect(moved.json.result).toEqual([{ posting_number: own, result: true, error: "" }]);
    }
    expect(sb.control.posting(own)?.status).toBe("delivered");
    const disputed = await seller(sb, "/v2/posting/fbs/arbitration", { posting_number: [own] });
    expect(disputed.json).toEqual({ result: true });
    expect(sb.control.posting(own)?.status).toBe("arbitration");
    const again = await seller(sb, "/v2/posting/fbs/arbitration", { posting_number: [own] });
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/^ARBITRATION_NOT_ALLOWED/);
  });

  it("takes at most 20 tracking numbers a call", async () => {
    const own = sb.control.addOwnDelivery().postingNumber;
    const many = Array.from({ length: 21 }, () => ({
      posting_number: own,
      tracking_number: "RA1",
    }));
    const refused = await seller(sb, "/v2/fbs/posting/tracking-number/set", {
      tracking_numbers: many,
    });
    expect(refused.status).toBe(400);
    const set = await seller(sb, "/v2/fbs/posting/tracking-number/set", {
      tracking_numbers: [{ posting_number: own, tracking_number: "RA123456789RU" }],
    });
    expect(set.json.result).toEqual([{ posting_number: own, result: true, error: "" }]);
    expect(sb.control.posting(own)?.trackingNumber).toBe("RA123456789RU");
  });
});
