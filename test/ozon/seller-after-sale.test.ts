/**
 * Returns, rFBS return requests and ratings: the Seller client against the sandbox over HTTP.
 * A request offers only the decisions its state allows, a decision out of turn is Ozon's refusal,
 * a partial refund goes out as the exact decimal, and ratings carry their zone and thresholds.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonApiError } from "../../src/ozon/errors.ts";
import { kopecksToDecimal } from "../../src/ozon/seller/returns.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe("Seller client: returns", () => {
  it("lists returns on their way back and waiting for pickup, with posting, product and reason", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox);
    const control = sandbox.control.afterSale;
    const posting = sandbox.control.postings()[0]?.postingNumber as string;
    const moving = control.addReturn({ postingNumber: posting, reason: "Не подошёл цвет" });
    const waiting = control.addReturn({ status: "ArrivedAtReturnPlace" });
    control.addReturn({ status: "Utilized" });
    const open = await seller.returns.open();
    expect(open.map((r) => [r.id, r.stage])).toEqual([
      [String(moving.id), "on_way"],
      [String(waiting.id), "waiting_pickup"],
    ]);
    expect(open[0]).toMatchObject({
      postingNumber: posting,
      reason: "Не подошёл цвет",
      productName: moving.name,
    });
  });

  it("offers each rFBS decision only in the state that allows it; out of turn Ozon refuses", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const control = sandbox.control.afterSale;
    const filed = control.addRfbsRequest({ comment: "Царапина" });
    const id = String(filed.id);
    expect((await seller.returns.rfbsOpen()).map((r) => r.id)).toEqual([id]);
    const fresh = await seller.returns.rfbsGet(id);
    expect(fresh.decisions.sort()).toEqual(["approve", "compensate", "reject", "return_money"]);
    expect(fresh).toMatchObject({ comment: "Царапина", price: String(Number(filed.price)) });
    // Receipt before approval is out of turn.
    await expect(seller.returns.receive(id)).rejects.toBeInstanceOf(OzonApiError);
    await seller.returns.approve(id);
    expect((await seller.returns.rfbsGet(id)).decisions).toEqual(["receive"]);
    await seller.returns.receive(id);
    expect((await seller.returns.rfbsGet(id)).decisions.sort()).toEqual([
      "compensate",
      "reject",
      "return_money",
    ]);
  });

  it("sends a partial refund as the exact decimal of kopecks", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const filed = sandbox.control.afterSale.addRfbsRequest();
    await seller.returns.compensate(String(filed.id), 10n);
    const stored = sandbox.control.afterSale.snapshot().requests[0];
    expect(stored).toMatchObject({ state: "compensated", compensation: "0.10" });
    expect(kopecksToDecimal(123450n)).toBe("1234.50");
    expect(kopecksToDecimal(5n)).toBe("0.05");
  });
});

describe("Seller client: ratings", () => {
  it("reads ratings with zones and thresholds, the FBS error index and the postings that raised it", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox);
    const control = sandbox.control.afterSale;
    control.setRating("rating_on_time", { value: 93.5 });
    control.addFbsError({ postingNumber: "12345-0001-1", type: "SELLER_DELAY" });
    const ratings = await seller.ratings.current();
    expect(ratings.find((r) => r.key === "rating_on_time")).toMatchObject({
      value: 93.5,
      pastValue: 97,
      zone: "warning",
      warningThreshold: 95,
      dangerThreshold: 90,
    });
    expect(ratings.find((r) => r.key === "rating_cancellation")?.zone).toBe("ok");
    expect((await seller.ratings.fbsErrorIndex()).index).toBe(0.5);
    expect(await seller.ratings.fbsIndexErrors(7, 5)).toEqual([
      expect.objectContaining({ postingNumber: "12345-0001-1", type: "SELLER_DELAY" }),
    ]);
  });
});
