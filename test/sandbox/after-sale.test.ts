/**
 * The sandbox's returns, rFBS requests and ratings over HTTP: the control endpoints make each
 * happen, the Seller routes answer in Ozon's shapes and keep the request's state rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { control, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 3 });
});
afterAll(() => sb.close());

describe("returns and rFBS requests", () => {
  it("a return appears and moves on through the control endpoints", async () => {
    const added = await control(sb, "POST", "/returns", { reason: "Брак" });
    expect(added.status).toBe(200);
    const id = added.json.id as number;
    const onWay = await seller(sb, "/v1/returns/list", {
      filter: { visual_status_name: "MovingToSeller" },
      limit: 10,
    });
    expect(onWay.json.returns.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(onWay.json.returns[0]).toMatchObject({
      return_reason_name: "Брак",
      visual: { status: { sys_name: "MovingToSeller" } },
    });
    await control(sb, "POST", `/returns/${id}/status`, { status: "ArrivedAtReturnPlace" });
    const waiting = await seller(sb, "/v1/returns/list", {
      filter: { visual_status_name: "ArrivedAtReturnPlace" },
      limit: 10,
    });
    expect(waiting.json.returns).toHaveLength(1);
    expect((await seller(sb, "/v1/returns/list", { limit: 501 })).status).toBe(400);
    expect((await control(sb, "POST", "/returns/1/status", { status: "X" })).status).toBe(404);
  });

  it("an rFBS request keeps its state rules and refuses a refund not below the price", async () => {
    const filed = await control(sb, "POST", "/rfbs-returns", { comment: "Не работает" });
    const id = filed.json.id as number;
    const got = await seller(sb, "/v2/returns/rfbs/get", { return_id: id });
    expect(got.json.returns.available_actions.map((a: { id: number }) => a.id)).toEqual([
      1, -1, 1020, 3,
    ]);
    const early = await seller(sb, "/v2/returns/rfbs/receive-return", { return_id: id });
    expect(early.status).toBe(400);
    expect(early.json.code).toBe(9);
    const all = await seller(sb, "/v2/returns/rfbs/compensate", {
      return_id: id,
      compensation_amount: String(filed.json.price),
    });
    expect(all.status).toBe(400);
    expect((await seller(sb, "/v2/returns/rfbs/verify", { return_id: id })).status).toBe(200);
    expect((await control(sb, "POST", `/rfbs-returns/${id}/arrived`)).status).toBe(200);
    const listed = await seller(sb, "/v2/returns/rfbs/list", {
      filter: { group_state: ["Checkout"] },
      limit: 10,
    });
    expect(listed.json.returns.map((r: { return_id: number }) => r.return_id)).toEqual([id]);
    const noComment = await seller(sb, "/v2/returns/rfbs/reject", {
      return_id: id,
      rejection_reason_id: 12,
    });
    expect(noComment.status).toBe(400);
  });
});

describe("ratings", () => {
  it("a rating set through the control endpoint changes zone; an FBS error raises the index", async () => {
    await control(sb, "POST", "/ratings/rating_cancellation", { value: 5.5 });
    await control(sb, "POST", "/fbs-errors", {
      postingNumber: "1-2-3",
      type: "SELLER_CANCELLATION",
    });
    const summary = await seller(sb, "/v1/rating/summary", {});
    const item = summary.json.groups[0].items.find(
      (i: { rating: string }) => i.rating === "rating_cancellation",
    );
    expect(item).toMatchObject({ current_value: 5.5, past_value: 1, status: "CRITICAL" });
    expect((await seller(sb, "/v1/rating/index/fbs/info", {})).json.index).toBe(0.5);
    const errors = await seller(sb, "/v1/rating/index/fbs/posting/list", {
      filter: { date_from: "2020-01-01T00:00:00Z", date_to: "2100-01-01T00:00:00Z" },
      limit: 10,
    });
    expect(errors.json.errors[0]).toMatchObject({
      posting_number: "1-2-3",
      posting_error_type: "SELLER_CANCELLATION",
    });
    expect((await control(sb, "POST", "/ratings/nope", { value: 1 })).status).toBe(404);
    expect((await control(sb, "GET", "/after-sale")).json.fbsIndex).toBe(0.5);
  });
});
