/**
 * The Seller client's deliveries namespace against the sandbox over HTTP: per-posting results
 * in Ozon's words, Ozon's order rules, tracking numbers in calls of 20, disputes, the list by
 * status; and the posting's integration type and tracking number read by `get`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { isOzonApiError } from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

let sandbox: Sandbox;
let seller: SellerClient;

beforeEach(async () => {
  sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
  seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
});
afterEach(async () => {
  await seller.close();
  await sandbox.close();
});

describe("seller.deliveries", () => {
  it("reads an own delivery as non_integrated, and others as Ozon's", async () => {
    const own = sandbox.control.addOwnDelivery().postingNumber;
    const ozons = sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber;
    expect((await seller.postings.get(own)).integration).toBe("non_integrated");
    expect((await seller.postings.get(ozons)).integration).toBe("ozon");
  });

  it("moves a posting in Ozon's order and refuses a step out of order per posting", async () => {
    const a = sandbox.control.addOwnDelivery().postingNumber;
    const b = sandbox.control.addOwnDelivery().postingNumber;
    const ozons = sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber;
    expect(await seller.deliveries.move("delivering", [a])).toEqual([
      { postingNumber: a, ok: true, error: undefined },
    ]);
    const mixed = await seller.deliveries.move("last-mile", [a, b, ozons]);
    expect(mixed.map((r) => r.ok)).toEqual([true, false, false]);
    expect(mixed[1]?.error).toMatch(/^INVALID_POSTING_STATUS: cannot move from awaiting_deliver/);
    expect(mixed[2]?.error).toMatch(/^POSTING_IS_NOT_NON_INTEGRATED/);
    expect(sandbox.control.posting(a)?.status).toBe("driver_pickup");
    expect(sandbox.control.posting(b)?.status).toBe("awaiting_deliver");
    expect((await seller.deliveries.move("delivered", [a]))[0]?.ok).toBe(true);
    expect((await seller.postings.get(a)).status).toBe("delivered");
  });

  it("sets tracking numbers in calls of at most 20, each posting's outcome its own", async () => {
    const numbers = Array.from(
      { length: 23 },
      () => sandbox.control.addOwnDelivery().postingNumber,
    );
    const pairs = numbers.map((n, i) => ({ postingNumber: n, trackingNumber: `TR-${1000 + i}` }));
    pairs.push({ postingNumber: "99999999-0001-1", trackingNumber: "TR-9" });
    const before = sandbox.requests.length;
    const results = await seller.deliveries.setTrackingNumbers(pairs);
    const calls = sandbox.requests
      .slice(before)
      .filter((r) => r.path === "/v2/fbs/posting/tracking-number/set");
    expect(calls).toHaveLength(2);
    expect(results.filter((r) => r.ok)).toHaveLength(23);
    expect(results.at(-1)).toEqual({
      postingNumber: "99999999-0001-1",
      ok: false,
      error: "POSTING_NOT_FOUND",
    });
    expect((await seller.postings.get(numbers[22] ?? "")).trackingNumber).toBe("TR-1022");
  });

  it("opens a dispute on a delivered posting; refuses one awaiting delivery in Ozon's words", async () => {
    const delivered = sandbox.control.addOwnDelivery({ status: "delivered" }).postingNumber;
    await seller.deliveries.openDispute(delivered);
    expect(sandbox.control.posting(delivered)?.status).toBe("arbitration");
    const waiting = sandbox.control.addOwnDelivery().postingNumber;
    const error = await seller.deliveries.openDispute(waiting).catch((e: unknown) => e);
    expect(isOzonApiError(error) && error.apiMessage).toMatch(/^ARBITRATION_NOT_ALLOWED/);
  });

  it("lists postings of one status changed in a period", async () => {
    const now = Date.now();
    const old = sandbox.control.addOwnDelivery({
      inProcessAt: new Date(now - 40 * 86_400_000).toISOString(),
    }).postingNumber;
    const recent = sandbox.control.addOwnDelivery().postingNumber;
    sandbox.control.addOwnDelivery({ status: "delivering" });
    const since = new Date(now - 30 * 86_400_000).toISOString();
    const found = await seller.deliveries.listByStatus(
      "awaiting_deliver",
      since,
      new Date(now + 60_000).toISOString(),
    );
    expect(found.map((p) => p.postingNumber)).toEqual([recent]);
    expect(found.map((p) => p.postingNumber)).not.toContain(old);
  });
});
