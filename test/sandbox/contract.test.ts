/**
 * The sandbox answers as Ozon's current documents say: a method they do not list, or one they
 * switched off before the sandbox's day, is 404 as a removed method is; the day can be moved; a
 * request that does not fit the documents' schema is refused as Ozon's gateway refuses it, and
 * counted as a violation (which fails any test that did not expect it: test/support/setup.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { describeViolation, takeContractViolations } from "../../src/sandbox/contract.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { seller } from "./helpers.ts";

let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

const V3_UNFULFILLED = "/v3/posting/fbs/unfulfilled/list";
const v3Request = {
  dir: "ASC",
  filter: { cutoff_from: "2026-01-01T00:00:00Z", cutoff_to: "2027-12-31T00:00:00Z" },
  limit: 10,
  offset: 0,
};

async function control(s: Sandbox, body: unknown): Promise<unknown> {
  const response = await fetch(`${s.url}/_sandbox/documents`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe("the sandbox's methods are the documents' methods", () => {
  it("a method switched off before the sandbox's day answers 404, and answered before it", async () => {
    sb = await startSandbox({ seed: 2, date: "2026-05-31" });
    expect((await seller(sb, V3_UNFULFILLED, v3Request)).status).toBe(200);
    // The day moves past «С 1 июня 2026 года метод будет отключён» over the HTTP control.
    expect(await control(sb, { date: "2026-06-01" })).toEqual({
      date: "2026-06-01",
      rules: "today",
    });
    const gone = await seller(sb, V3_UNFULFILLED, v3Request);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ code: 5, message: "obsolete method" });
    // Its successor answers.
    expect((await seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: 10 })).status).toBe(200);
  });

  it("a method the documents do not list answers 404 unless the sandbox speaks the seed", async () => {
    sb = await startSandbox({ seed: 2 });
    expect((await seller(sb, "/v1/chat/list", { page: 1, page_size: 10 })).status).toBe(404);
    await control(sb, { rules: "seed" });
    expect((await seller(sb, "/v1/chat/list", { page: 1, page_size: 10 })).status).toBe(200);
  });

  it("a withdrawn method answers 404 until restored", async () => {
    sb = await startSandbox({ seed: 2 });
    sb.contract.withdraw("POST /v3/chat/list");
    expect((await seller(sb, "/v3/chat/list", { limit: 10 })).status).toBe(404);
    sb.contract.restore();
    expect((await seller(sb, "/v3/chat/list", { limit: 10 })).status).toBe(200);
  });

  it("a method withdrawn as gone answers 410, over HTTP too, until restored", async () => {
    sb = await startSandbox({ seed: 2 });
    sb.contract.withdrawAs(410, "POST /v3/chat/list");
    const gone = await seller(sb, "/v3/chat/list", { limit: 10 });
    expect([gone.status, gone.json.message]).toEqual([410, "obsolete method"]);
    await control(sb, { restore: true, withdraw: ["POST /v3/chat/history"], gone: 410 });
    expect((await seller(sb, "/v3/chat/list", { limit: 10 })).status).toBe(200);
    expect((await seller(sb, "/v3/chat/history", { chat_id: "x", limit: 1 })).status).toBe(410);
  });
});

describe("requests are checked against the documents' schemas", () => {
  it("refuses a wrong field as Ozon does and counts it as a violation", async () => {
    sb = await startSandbox({ seed: 2, checkContract: true });
    const wrongType = await seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: "ten" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ code: 3 });
    expect(wrongType.json.message).toContain("/limit must be integer");
    const unknownField = await seller(sb, "/v3/chat/list", { limit: 10, page_size: 10 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.message).toContain("must NOT have additional properties (page_size)");
    expect(takeContractViolations().map(describeViolation)).toEqual([
      "POST /v4/posting/fbs/unfulfilled/list request: /limit must be integer",
      "POST /v3/chat/list request: / must NOT have additional properties (page_size)",
    ]);
  });

  it("checks nothing when checking is off", async () => {
    sb = await startSandbox({ seed: 2, checkContract: false });
    const answer = await seller(sb, "/v3/chat/list", { limit: 10, page_size: 10 });
    expect(answer.status).toBe(200);
    expect(takeContractViolations()).toEqual([]);
  });
});
