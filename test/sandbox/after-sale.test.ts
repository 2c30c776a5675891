/**
 * The sandbox's returns, rFBS requests and ratings over HTTP: the control endpoints make each
 * happen, the Seller routes answer in Ozon's shapes and keep the request's state rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolation, takeContractViolations } from "../../src/sandbox/contract.ts";
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

  it("an rFBS request keeps its state rules; the v2 decisions still answer as their actions", async () => {
    const filed = await control(sb, "POST", "/rfbs-returns", { comment: "Не работает" });
    const id = filed.json.id as number;
    const got = await seller(sb, "/v2/returns/rfbs/get", { return_id: id });
    expect(got.json.returns.available_actions).toEqual([
      { id: 10, name: "Одобрить заявку" },
      { id: -1, name: "Отклонить заявку" },
      { id: 1020, name: "Частичная компенсация" },
      { id: 1010, name: "Вернуть деньги покупателю" },
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
    const state = await control(sb, "GET", "/after-sale");
    expect(state.json.requests.find((r: { id: number }) => r.id === id).taken).toEqual([
      { id: 10, via: "v2" },
    ]);
  });

  it("/v1/returns/rfbs/action/set takes only an offered id, with the reason, comment or amount it needs", async () => {
    const filed = await control(sb, "POST", "/rfbs-returns", {});
    const id = filed.json.id as number;
    const act = (body: Record<string, unknown>) =>
      seller(sb, "/v1/returns/rfbs/action/set", { return_id: id, ...body });
    // Not offered now (receipt comes after approval), an unknown id, no id, an unknown request.
    for (const [body, status, code] of [
      [{ id: 20 }, 400, 9],
      [{ id: 777 }, 400, 9],
      [{}, 400, 3],
      [{ id: 10, return_id: 1 }, 404, 5],
    ] as const) {
      const refused = await act(body);
      expect([refused.status, refused.json.code], JSON.stringify(body)).toEqual([status, code]);
      expect(typeof refused.json.message).toBe("string");
    }
    // A rejection needs a reason Ozon listed and a comment, even for a reason without the flag.
    for (const body of [
      { id: -1, comment: "Нет" },
      { id: -1, rejection_reason_id: 99, comment: "Нет" },
      { id: -1, rejection_reason_id: 11 },
      { id: -1, rejection_reason_id: 11, comment: "  " },
    ]) {
      expect((await act(body)).status, JSON.stringify(body)).toBe(400);
    }
    // A compensation: a number above zero, below the price, at most two decimals.
    const price = Number(filed.json.price);
    for (const amount of ["0", String(price), "10.555", "-5", '"150.50"']) {
      const raw = `{"return_id":${id},"id":1020,"compensation_amount":${amount}}`;
      expect((await seller(sb, "/v1/returns/rfbs/action/set", raw)).status, amount).toBe(400);
    }
    // The amount sent as a string is refused by the documents' schema first: a violation on purpose.
    expect(takeContractViolations().map(describeViolation)).toEqual([
      "POST /v1/returns/rfbs/action/set request: /compensation_amount must be number",
    ]);
    expect((await act({ id: 1020 })).status).toBe(400);
    let state = await control(sb, "GET", "/after-sale");
    expect(state.json.requests.find((r: { id: number }) => r.id === id)).toMatchObject({
      state: "new",
      taken: [],
    });
    // The amount as it was written: 150.50 stays "150.50".
    const raw = `{"return_id":${id},"id":1020,"compensation_amount":150.50}`;
    const done = await seller(sb, "/v1/returns/rfbs/action/set", raw);
    expect(done.status).toBe(200);
    state = await control(sb, "GET", "/after-sale");
    expect(state.json.requests.find((r: { id: number }) => r.id === id)).toMatchObject({
      state: "compensated",
      compensation: "150.50",
      taken: [{ id: 1020, via: "action/set" }],
    });
    // Nothing is offered any more.
    expect((await act({ id: 1010 })).json.code).toBe(9);
  });

  it("writes available_actions as the schema has it or as Ozon's example shows it", async () => {
    const filed = await control(sb, "POST", "/rfbs-returns", {});
    const id = filed.json.id as number;
    expect((await control(sb, "POST", "/rfbs-action-shape", { shape: "example" })).status).toBe(
      200,
    );
    const nested = await seller(sb, "/v2/returns/rfbs/get", { return_id: id });
    expect(nested.json.returns.available_actions[0]).toEqual({
      action: { id: 10, name: "Одобрить заявку" },
    });
    await control(sb, "POST", "/rfbs-action-shape", { shape: "schema" });
    const flat = await seller(sb, "/v2/returns/rfbs/get", { return_id: id });
    expect(flat.json.returns.available_actions[0]).toEqual({ id: 10, name: "Одобрить заявку" });
    expect((await control(sb, "POST", "/rfbs-action-shape", { shape: "other" })).status).toBe(400);
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
