/**
 * Returns, rFBS return requests and ratings: the Seller client against the sandbox over HTTP.
 * A request offers the actions Ozon lists (either shape of `available_actions`), an action out of
 * turn is Ozon's refusal, a partial compensation goes out as the exact number, and ratings carry
 * their zone and thresholds.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonApiError, OzonInputError } from "../../../src/ozon/errors.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { kopecksToDecimal } from "../../../src/ozon/seller/returns.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { send, startServer } from "../support/server.ts";

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

  it("reads the actions Ozon offers in either shape of available_actions; out of turn Ozon refuses", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const control = sandbox.control.afterSale;
    const filed = control.addRfbsRequest({ comment: "Царапина" });
    const id = String(filed.id);
    expect((await seller.returns.rfbsOpen()).map((r) => r.id)).toEqual([id]);
    const fresh = await seller.returns.rfbsGet(id);
    const offered = [
      { id: 10, name: "Одобрить заявку", kind: "other" },
      { id: -1, name: "Отклонить заявку", kind: "reject" },
      { id: 1020, name: "Частичная компенсация", kind: "compensate" },
      { id: 1010, name: "Вернуть деньги покупателю", kind: "other" },
    ];
    expect(fresh.actions).toEqual(offered);
    expect(fresh).toMatchObject({ comment: "Царапина", price: String(Number(filed.price)) });
    control.setRfbsActionShape({ shape: "example" });
    expect((await seller.returns.rfbsGet(id)).actions).toEqual(offered);
    // Receipt before approval is out of turn.
    await expect(seller.returns.act(id, 20, { kind: "other" })).rejects.toBeInstanceOf(
      OzonApiError,
    );
    expect(await seller.returns.act(id, 10, { kind: "other" })).toBe("action/set");
    expect((await seller.returns.rfbsGet(id)).actions.map((a) => a.id)).toEqual([20]);
    await seller.returns.act(id, 20, { kind: "other" });
    expect((await seller.returns.rfbsGet(id)).actions.map((a) => [a.id, a.kind])).toEqual([
      [1010, "other"],
      [-10, "reject"],
      [1020, "compensate"],
    ]);
    // What goes with an id must be its kind's: nothing is sent otherwise.
    const before = sandbox.requests.length;
    await expect(seller.returns.act(id, -10, { kind: "other" })).rejects.toBeInstanceOf(
      OzonInputError,
    );
    expect(sandbox.requests.length).toBe(before);
  });

  it("sends a partial compensation as the exact number of kopecks, two decimals", async () => {
    sandbox = await startSandbox();
    const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const filed = sandbox.control.afterSale.addRfbsRequest();
    await seller.returns.act(String(filed.id), 1020, { kind: "compensate", kopecks: 10n });
    const stored = sandbox.control.afterSale.snapshot().requests[0];
    expect(stored).toMatchObject({ state: "compensated", compensation: "0.10" });
    expect(kopecksToDecimal(123450n)).toBe("1234.50");
    expect(kopecksToDecimal(5n)).toBe("0.05");
  });

  it("an item of available_actions that is neither shape is left out, not the whole request", async () => {
    const server = await startServer((_req, res) =>
      send(res, 200, {
        returns: {
          available_actions: [
            { id: 10, name: "Одобрить заявку" },
            { action: { id: -1, name: "Отклонить заявку" } },
            { action: { name: "без id" } },
            { id: "1020", name: "Частичная компенсация" },
            { id: 10, name: "дважды" },
            "?",
          ],
          state: { state: "new", state_name: "Новая" },
        },
      }),
    );
    try {
      const seller = createSellerClient({
        baseUrl: server.url,
        clientId: "1",
        apiKey: "k",
        limiter: null,
      });
      expect((await seller.returns.rfbsGet("5")).actions).toEqual([
        { id: 10, name: "Одобрить заявку", kind: "other" },
        { id: -1, name: "Отклонить заявку", kind: "reject" },
        { id: 1020, name: "Частичная компенсация", kind: "compensate" },
      ]);
      expect(server.requests[0]?.body).toEqual({ return_id: 5 });
    } finally {
      await server.close();
    }
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
