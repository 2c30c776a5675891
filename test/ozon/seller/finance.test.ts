/**
 * The Seller client's finance namespace against the sandbox over HTTP (every request and answer
 * checked against Ozon's documents): the balance agrees with the postings delivered, cancelled
 * after shipping and returned; accruals by day come page after page; accruals by posting in calls
 * of at most 200; the stable half-month statement says the same sums.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";

const NOW = Date.parse("2026-12-07T12:00:00Z");
let now = NOW;
let sandbox: Sandbox;
let seller: SellerClient;

beforeEach(async () => {
  now = NOW;
  sandbox = await startSandbox({
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
    now: () => now,
  });
  seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
});
afterEach(async () => {
  await seller.close();
  await sandbox.close();
});

function delivered(price: string, quantity = 1): string {
  const p = sandbox.control.addPosting({
    status: "awaiting_deliver",
    products: [{ price, quantity }],
  });
  sandbox.control.setPostingStatus(p.postingNumber, "delivered");
  return p.postingNumber;
}

describe("seller.finance", () => {
  it("balances the postings: sales, commission, delivery, returns, the way back", async () => {
    const a = delivered("1000.10");
    delivered("0.20", 3);
    const shipped = sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber;
    sandbox.control.cancelByBuyer(shipped);
    sandbox.control.afterSale.addReturn({ postingNumber: a });

    const day = "2026-12-07";
    const b = await seller.finance.balance(day, day);
    expect(b.salesKopecks).toBe(100_010n + 60n);
    // 15 % of each sale, half up: 150.02 ₽ and 0.09 ₽.
    expect(b.salesFeeKopecks).toBe(-(15_002n + 9n));
    expect(b.returnsKopecks).toBe(-100_010n);
    expect(b.returnsFeeKopecks).toBe(15_002n);
    const services = Object.fromEntries(b.services.map((s) => [s.name, s.kopecks]));
    expect(services.MarketplaceServiceItemDirectFlowLogistic).toBe(-2n * 6_337n);
    expect(services.MarketplaceServiceItemReturnFlowLogistic).toBe(-2n * 4_111n);
    const parts =
      b.salesKopecks +
      b.salesFeeKopecks +
      b.returnsKopecks +
      b.returnsFeeKopecks +
      b.services.reduce((s, x) => s + x.kopecks, 0n);
    expect(b.accruedKopecks).toBe(parts);
    expect(b.openingKopecks).toBe(0n);
    expect(b.closingKopecks).toBe(parts);
  });

  it("pays the balance out on the 16th and shows it as paid out", async () => {
    now = Date.parse("2026-12-10T12:00:00Z");
    delivered("500.00");
    now = Date.parse("2026-12-17T12:00:00Z");
    const b = await seller.finance.balance("2026-12-16", "2026-12-17");
    const accrued = 50_000n - 7_500n - 6_337n;
    expect(b.openingKopecks).toBe(accrued);
    expect(b.paidOutKopecks).toBe(accrued);
    expect(b.closingKopecks).toBe(0n);
    const flows = await seller.finance.cashFlow(
      "2026-12-01T00:00:00.000Z",
      "2026-12-31T00:00:00.000Z",
    );
    expect(flows.map((f) => f.begin?.slice(0, 10))).toEqual(["2026-12-01", "2026-12-16"]);
    expect(flows[0]?.ordersKopecks).toBe(50_000n);
    expect(flows[0]?.commissionKopecks).toBe(-7_500n);
    expect(flows[0]?.deliveryKopecks).toBe(-6_337n);
    expect(flows[1]?.paidOutKopecks).toBe(accrued);
    // The one detail Ozon gives is the last half-month's: its payouts are not the first's too.
    expect(flows[0]?.paidOutKopecks).toBeUndefined();
  });

  it("reads a day's accruals page after page by last_id", async () => {
    const numbers = Array.from({ length: 45 }, () => delivered("10.00"));
    const before = sandbox.requests.length;
    const rows = await seller.finance.accrualsOfDay("2026-12-07");
    const calls = sandbox.requests
      .slice(before)
      .filter((r) => r.path === "/v1/finance/accrual/by-day");
    expect(calls).toHaveLength(3);
    expect(rows).toHaveLength(45);
    expect(new Set(rows.map((r) => r.id)).size).toBe(45);
    expect(rows[0]?.products[0]?.saleKopecks).toBe(1_000n);
    expect(rows[0]?.products[0]?.commissionKopecks).toBe(-150n);
    expect(rows[0]?.totalKopecks).toBe(1_000n - 150n - 6_337n);
    expect(numbers).toHaveLength(45);
  });

  it("asks the accruals of 450 postings in three calls; one not accrued yet has none", async () => {
    const numbers = Array.from({ length: 449 }, () => delivered("1.00"));
    const pending = sandbox.control.addPosting({ status: "awaiting_packaging" }).postingNumber;
    const before = sandbox.requests.length;
    const got = await seller.finance.accrualsOfPostings([...numbers, pending]);
    const calls = sandbox.requests
      .slice(before)
      .filter((r) => r.path === "/v1/finance/accrual/postings");
    expect(calls).toHaveLength(3);
    expect(got.get(pending)).toEqual([]);
    const first = got.get(numbers[0] as string) ?? [];
    expect(first.map((a) => [a.typeId, a.kopecks])).toEqual([
      [1, 100n],
      [2, -15n],
      [3, -6_337n],
    ]);
  });

  it("names the accrual types", async () => {
    const types = await seller.finance.accrualTypes();
    expect(types.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
