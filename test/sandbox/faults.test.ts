import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { control, getToken, perf, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 17 });
});
afterEach(() => sb.control.clearFaults());
afterAll(() => sb.close());

const anyPosting = () => sb.control.postings()[0]?.postingNumber ?? "";
const get = (on = sb) =>
  seller(on, "/v3/posting/fbs/get", { posting_number: on.control.postings()[0]?.postingNumber });

describe("429 share", () => {
  it("answers 429 with the Seller body and Retry-After when asked", async () => {
    sb.control.setFault("POST /v3/posting/fbs/get", { rate429: 1, retryAfterSeconds: 2 });
    const res = await get();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.json).toMatchObject({
      code: 8,
      message: "You have reached request rate limit per second",
    });
    expect((await seller(sb, "/v2/warehouse/list", { limit: 200 })).status).toBe(200);
    sb.control.clearFaults();
    expect((await get()).status).toBe(200);
  });

  it("sends no Retry-After when none is set, and the Performance form is {error}", async () => {
    const token = await getToken(sb);
    sb.control.setFault("GET /api/client/campaign", { rate429: 1 });
    const res = await perf(sb, "GET", "/api/client/campaign", { token });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(res.json).toHaveProperty("error");
  });

  it("hits roughly the asked share, the same sequence for the same seed", async () => {
    const statuses = async (on: Sandbox) => {
      on.control.setFault("/v3/posting/fbs/get", { rate429: 0.3 });
      const out: number[] = [];
      for (let i = 0; i < 100; i++) out.push((await get(on)).status);
      return out;
    };
    const first = await statuses(sb);
    const limited = first.filter((s) => s === 429).length;
    expect(limited).toBeGreaterThan(15);
    expect(limited).toBeLessThan(45);
    expect(first.filter((s) => s !== 429).every((s) => s === 200)).toBe(true);
    const twin = await startSandbox({ seed: 17 });
    const other = await startSandbox({ seed: 18 });
    try {
      expect(await statuses(twin)).toEqual(first);
      expect(await statuses(other)).not.toEqual(first);
    } finally {
      await twin.close();
      await other.close();
    }
  });
});

describe("server errors", () => {
  it("answers 5xx without executing the request", async () => {
    const posting = sb.control.addPosting({
      products: [{ sku: sb.control.products().find((p) => !p.markRequired)?.sku, quantity: 1 }],
    });
    sb.control.setFault("POST /v4/posting/fbs/ship", { rate5xx: 1, status5xx: 503 });
    const body = {
      posting_number: posting.postingNumber,
      packages: [{ products: [{ product_id: posting.products[0]?.sku, quantity: 1 }] }],
    };
    const res = await seller(sb, "/v4/posting/fbs/ship", body);
    expect(res.status).toBe(503);
    expect(res.json.code).toBe(13);
    expect(sb.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    sb.control.clearFaults();
    expect((await seller(sb, "/v4/posting/fbs/ship", body)).status).toBe(200);
  });

  it("applies to the next N requests only with `times`", async () => {
    sb.control.setFault("POST /v2/warehouse/list", { rate5xx: 1, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await seller(sb, "/v2/warehouse/list", { limit: 200 })).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(sb.control.faults()).toEqual([]);
  });
});

describe("malformed bodies", () => {
  it("invalid JSON: 200 with a body cut in half", async () => {
    sb.control.setFault("POST /v3/posting/fbs/get", { malformed: true });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it("wrong shape: valid JSON whose first field has the wrong type", async () => {
    sb.control.setFault("POST /v3/posting/fbs/get", { malformed: 1, malformedKind: "wrong-shape" });
    const res = await get();
    expect(res.status).toBe(200);
    expect(typeof res.json.result).toBe("string");
    sb.control.setFault("POST /v4/posting/fbs/unfulfilled/list", {
      malformed: 1,
      malformedKind: "wrong-shape",
    });
    const list = await seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: 5 });
    expect(Array.isArray(list.json.postings)).toBe(false);
  });

  it("spoils binary answers too", async () => {
    sb.control.setFault("/v2/posting/fbs/package-label", { malformed: true });
    const res = await seller(sb, "/v2/posting/fbs/package-label", {
      posting_number: [anyPosting()],
    });
    expect(Buffer.from(res.bytes).toString("latin1")).not.toContain("%%EOF");
  });
});

describe("latency and patterns", () => {
  it("delays matching answers", async () => {
    // A delay long enough that a busy machine cannot pass the unmatched answer off as delayed.
    sb.control.setFault("POST /v3/chat/list", { latencyMs: 1_000 });
    const started = performance.now();
    expect((await seller(sb, "/v3/chat/list", { limit: 1 })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    const quick = performance.now();
    await seller(sb, "/v2/warehouse/list", { limit: 200 });
    expect(performance.now() - quick).toBeLessThan(600);
  });

  it("matches globs on the path, `{param}` segments and regular expressions", async () => {
    const chatId = sb.control.chats()[0]?.id;
    sb.control.setFault("/v3/chat/*", { rate429: 1 });
    expect((await seller(sb, "/v3/chat/list", { limit: 1 })).status).toBe(429);
    expect((await seller(sb, "/v2/chat/read", { chat_id: chatId })).status).toBe(200);
    sb.control.clearFaults();
    const token = await getToken(sb);
    const id = sb.control.campaigns()[0]?.id;
    sb.control.setFault("GET /api/client/campaign/{id}/objects", { rate5xx: 1 });
    expect((await perf(sb, "GET", `/api/client/campaign/${id}/objects`, { token })).status).toBe(
      500,
    );
    expect((await perf(sb, "GET", "/api/client/campaign", { token })).status).toBe(200);
    sb.control.clearFaults();
    sb.control.setFault(/^POST \/v2\/chat\//, { rate429: 1 });
    expect((await seller(sb, "/v2/chat/read", { chat_id: chatId })).status).toBe(429);
    expect((await seller(sb, "/v3/chat/list", { limit: 1 })).status).toBe(200);
  });

  it("can be set and cleared over HTTP, and faulted requests are counted", async () => {
    sb.resetCounters();
    const set = await control(sb, "POST", "/faults", {
      route: "POST /v2/warehouse/list",
      rate429: 1,
      retryAfterSeconds: 1,
    });
    expect(set.status).toBe(200);
    const res = await seller(sb, "/v2/warehouse/list", { limit: 200 });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(sb.counters()["POST /v2/warehouse/list"]).toBe(1);
    await control(sb, "DELETE", "/faults");
    expect((await seller(sb, "/v2/warehouse/list", { limit: 200 })).status).toBe(200);
    expect(sb.requests.map((r) => r.status)).toEqual([429, 200]);
  });
});
