import { fetch as undiciFetch } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, headerAuth } from "../../src/ozon/endpoint.ts";
import {
  isOzonApiError,
  isOzonAuthError,
  isOzonInputError,
  isOzonNetworkError,
  isOzonRateLimitError,
  isOzonShapeError,
  type OzonApiError,
  type OzonRateLimitError,
  type OzonShapeError,
} from "../../src/ozon/errors.ts";
import { MAX_ANSWER_BYTES, OzonHttp, type OzonHttpOptions } from "../../src/ozon/http.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { captureLogger } from "./support/logger.ts";
import { type Handler, send, startServer, type TestServer } from "./support/server.ts";

const API_KEY = "a1b2c3d4-secret-api-key-0000";

const safeRead = endpoint({
  method: "POST",
  path: "/v1/thing/list",
  request: z.object({ limit: z.number().int().min(1) }),
  response: z.object({ result: z.array(z.string()) }),
  safe: true,
});

const unsafeWrite = endpoint({
  method: "POST",
  path: "/v2/thing/ship",
  request: z.object({ posting_number: z.string() }),
  response: z.object({ result: z.array(z.string()) }),
  safe: false,
});

const postings = endpoint({
  method: "POST",
  path: "/v3/posting/fbs/unfulfilled/list",
  response: z.object({
    result: z.object({
      count: z.number(),
      postings: z.array(z.object({ posting_number: z.string() })),
    }),
  }),
  safe: true,
});

const message = endpoint({
  method: "GET",
  path: "/v1/message/{id}",
  response: z.object({ message_id: z.string(), size: z.number() }),
  safe: true,
});

let server: TestServer | undefined;
const cores: OzonHttp[] = [];

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler, options: Partial<OzonHttpOptions> = {}) {
  server = await startServer(handler);
  const clock = ManualClock.instant();
  const core = new OzonHttp({
    service: "seller",
    baseUrl: server.url,
    auth: headerAuth({ "Client-Id": "12345", "Api-Key": API_KEY }),
    clock,
    random: () => 0.5,
    ...options,
  });
  cores.push(core);
  return { core, clock, server };
}

describe("request core", () => {
  it("sends the auth headers and JSON, and checks the answer", async () => {
    const { core, server } = await setup((_req, res) => send(res, 200, { result: ["a", "b"] }));
    await expect(core.call(safeRead, { body: { limit: 5 } })).resolves.toEqual({
      result: ["a", "b"],
    });
    const [request] = server.requests;
    expect(request?.headers["client-id"]).toBe("12345");
    expect(request?.headers["api-key"]).toBe(API_KEY);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({ limit: 5 });
  });

  it("fills path parameters and sends no body with GET", async () => {
    const { core, server } = await setup((_req, res) =>
      send(res, 200, '{"message_id":3000000000817031942,"size":12}'),
    );
    const answer = await core.call(message, { params: { id: "a/b" } });
    expect(server.requests[0]?.route).toBe("/v1/message/a%2Fb");
    expect(server.requests[0]?.text).toBe("");
    // Lossless: the id beyond 2^53 arrives exact, as a string.
    expect(answer).toEqual({ message_id: "3000000000817031942", size: 12 });
  });

  it("repeats a safe request after a 5xx", async () => {
    const { core, server, clock } = await setup((_req, res, nth) =>
      nth === 1
        ? send(res, 503, { code: 14, message: "unavailable" })
        : send(res, 200, { result: [] }),
    );
    await expect(core.call(safeRead, { body: { limit: 1 } })).resolves.toEqual({ result: [] });
    expect(server.requests).toHaveLength(2);
    // Full jitter with random 0.5: half of the 500 ms base.
    expect(clock.sleeps).toEqual([250]);
  });

  it("never repeats an unsafe POST after a 5xx", async () => {
    const { core, server, clock } = await setup((_req, res) =>
      send(res, 500, { code: 13, message: "internal error" }),
    );
    const error = (await core
      .call(unsafeWrite, { body: { posting_number: "1-2-3" } })
      .catch((e: unknown) => e)) as OzonApiError;
    expect(isOzonApiError(error)).toBe(true);
    expect(error.status).toBe(500);
    expect(error.code).toBe(13);
    expect(error.method).toBe("POST");
    expect(error.path).toBe("/v2/thing/ship");
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("never repeats an unsafe POST after a network failure", async () => {
    const { core, server } = await setup((_req, res) => {
      res.socket?.destroy();
    });
    const error = await core
      .call(unsafeWrite, { body: { posting_number: "1-2-3" } })
      .catch((e: unknown) => e);
    expect(isOzonNetworkError(error)).toBe(true);
    expect(isOzonNetworkError(error) && error.timeout).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("repeats a safe request after a network failure", async () => {
    const { core, server } = await setup((_req, res, nth) => {
      if (nth === 1) res.socket?.destroy();
      else send(res, 200, { result: ["ok"] });
    });
    await expect(core.call(safeRead, { body: { limit: 1 } })).resolves.toEqual({ result: ["ok"] });
    expect(server.requests).toHaveLength(2);
  });

  it("repeats a 429 even for an unsafe POST, after Retry-After seconds", async () => {
    const { core, server, clock } = await setup((_req, res, nth) =>
      nth === 1
        ? send(
            res,
            429,
            { code: 8, message: "You have reached request rate limit per second" },
            { "retry-after": "2" },
          )
        : send(res, 200, { result: ["x"] }),
    );
    await expect(core.call(unsafeWrite, { body: { posting_number: "1" } })).resolves.toEqual({
      result: ["x"],
    });
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([2000]);
  });

  it("reads Retry-After as an HTTP date", async () => {
    let retryAt = "";
    const { core, clock } = await setup((_req, res, nth) =>
      nth === 1
        ? send(res, 429, { code: 8, message: "slow down" }, { "retry-after": retryAt })
        : send(res, 200, { result: [] }),
    );
    retryAt = new Date(clock.now() + 3000).toUTCString();
    await core.call(safeRead, { body: { limit: 1 } });
    expect(clock.sleeps).toEqual([3000]);
  });

  it("backs off exponentially on 429 without Retry-After, capped, and gives up after maxAttempts", async () => {
    const { core, server, clock } = await setup(
      (_req, res) => send(res, 429, { code: 8, message: "rate limit" }),
      {
        random: () => 0.999,
        retry: { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 500 },
      },
    );
    const error = (await core
      .call(safeRead, { body: { limit: 1 } })
      .catch((e: unknown) => e)) as OzonRateLimitError;
    expect(isOzonRateLimitError(error)).toBe(true);
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBeUndefined();
    expect(server.requests).toHaveLength(6);
    // 100, 200, 400, then the 500 cap: full jitter stays under each ceiling.
    expect(clock.sleeps).toEqual([99, 199, 399, 499, 499]);
  });

  it("hands a Retry-After longer than it will wait straight to the caller", async () => {
    const { core, server, clock } = await setup((_req, res) =>
      send(res, 429, { code: 8, message: "later" }, { "retry-after": "600" }),
    );
    const error = (await core
      .call(safeRead, { body: { limit: 1 } })
      .catch((e: unknown) => e)) as OzonRateLimitError;
    expect(isOzonRateLimitError(error)).toBe(true);
    expect(error.retryAfterMs).toBe(600_000);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it("bounds the attempts for a failing safe request", async () => {
    const { core, server, clock } = await setup((_req, res) => send(res, 502, "Bad Gateway"), {
      retry: { maxAttempts: 3 },
    });
    const error = (await core
      .call(safeRead, { body: { limit: 1 } })
      .catch((e: unknown) => e)) as OzonApiError;
    expect(error.status).toBe(502);
    expect(error.apiMessage).toBe("Bad Gateway");
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toHaveLength(2);
  });

  it("names the wrong field in a shape error", async () => {
    const postingsList = Array.from({ length: 5 }, (_, i) => ({
      posting_number: i === 3 ? 42 : `1000-${i}-1`,
    }));
    const { core } = await setup((_req, res) =>
      send(res, 200, { result: { count: 5, postings: postingsList } }),
    );
    const error = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(isOzonShapeError(error)).toBe(true);
    expect(error.field).toBe("result.postings[3].posting_number");
    expect(error.problems[0]).toBe("result.postings[3].posting_number: expected string");
    expect(error.message).toContain("result.postings[3].posting_number: expected string");
  });

  it("reports a missing field as such, and a body that is not JSON", async () => {
    const { core } = await setup((_req, res, nth) =>
      nth === 1 ? send(res, 200, { result: { count: 1 } }) : send(res, 200, "<html>oops"),
    );
    const missing = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(missing.problems).toEqual(["result.postings: expected array, got nothing"]);
    const notJson = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(isOzonShapeError(notJson)).toBe(true);
    expect(notJson.problems).toEqual(["body: not valid JSON"]);
  });

  it("understands the Seller error body", async () => {
    const { core } = await setup((_req, res) =>
      send(res, 400, {
        code: 3,
        message: "POSTING_ALREADY_SHIPPED",
        details: [{ typeUrl: "x", value: "y" }],
      }),
    );
    const error = (await core
      .call(unsafeWrite, { body: { posting_number: "1" } })
      .catch((e: unknown) => e)) as OzonApiError;
    expect(error.status).toBe(400);
    expect(error.code).toBe(3);
    expect(error.apiMessage).toBe("POSTING_ALREADY_SHIPPED");
    expect(error.details).toEqual([{ typeUrl: "x", value: "y" }]);
    expect(error.message).toBe(
      "Ozon seller API POST /v2/thing/ship answered HTTP 400 (code 3): POSTING_ALREADY_SHIPPED",
    );
  });

  it("understands the Performance error body", async () => {
    const { core } = await setup((_req, res) => send(res, 404, { error: "report not found" }));
    const error = (await core
      .call(message, { params: { id: "1" } })
      .catch((e: unknown) => e)) as OzonApiError;
    expect(error.status).toBe(404);
    expect(error.code).toBeUndefined();
    expect(error.apiMessage).toBe("report not found");
  });

  it("turns 401/403 and codes 16/7 into auth errors, without leaking the key", async () => {
    const { core, server } = await setup((_req, res, nth) => {
      if (nth === 1) send(res, 401, { code: 16, message: `Invalid Api-Key ${API_KEY}` });
      else if (nth === 2) send(res, 403, { code: 7, message: "Offer not signed" });
      else send(res, 400, { code: 16, message: "unauthenticated" });
    });
    for (let i = 0; i < 3; i++) {
      const error = await core.call(safeRead, { body: { limit: 1 } }).catch((e: unknown) => e);
      expect(isOzonAuthError(error)).toBe(true);
      expect(String((error as Error).message)).not.toContain(API_KEY);
      expect(JSON.stringify(error)).not.toContain(API_KEY);
    }
    // Auth failures are not repeated.
    expect(server.requests).toHaveLength(3);
  });

  it("rejects a bad request body locally, sending nothing", async () => {
    const { core, server } = await setup((_req, res) => send(res, 200, { result: [] }));
    const error = await core.call(safeRead, { body: { limit: 0 } }).catch((e: unknown) => e);
    expect(isOzonInputError(error)).toBe(true);
    expect(isOzonInputError(error) && error.field).toBe("limit");
    expect(server.requests).toHaveLength(0);
  });

  it("logs retries without secrets", async () => {
    const { logger, lines } = captureLogger();
    const { core } = await setup(
      (_req, res, nth) =>
        nth === 1 ? send(res, 503, { message: "busy" }) : send(res, 200, { result: [] }),
      { logger },
    );
    await core.call(safeRead, { body: { limit: 1 } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "POST", path: "/v1/thing/list", attempt: 1 });
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });
});

describe("answer size cap", () => {
  /** A page of postings as JSON, well over 1 000 bytes. */
  const bigPage = JSON.stringify({
    result: {
      count: 100,
      postings: Array.from({ length: 100 }, (_, i) => ({ posting_number: `1000-${i}-1` })),
    },
  });
  /** Sends `text` without Content-Length, in two pieces. */
  const inPieces =
    (text: string): Handler =>
    (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(text.slice(0, 100));
      res.end(text.slice(100));
    };

  it("gives up a JSON answer that says it is over 32 MB before reading it, and does not ask again", async () => {
    const { core, server } = await setup((_req, res) => {
      const declared = String(MAX_ANSWER_BYTES + 1);
      res.writeHead(200, { "content-type": "application/json", "content-length": declared });
      res.write("{"); // and nothing more: a reader waiting for the rest would wait for ever
    });
    const error = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(isOzonShapeError(error)).toBe(true);
    expect(error.problems).toEqual([
      `body: larger than the ${MAX_ANSWER_BYTES} bytes read at most`,
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it("stops reading a JSON answer without Content-Length once it passes the cap", async () => {
    const { core, server } = await setup(inPieces(bigPage), { maxAnswerBytes: 1_000 });
    const error = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(isOzonShapeError(error)).toBe(true);
    expect(error.problems).toEqual(["body: larger than the 1000 bytes read at most"]);
    expect(server.requests).toHaveLength(1);
  });

  it("caps an answer read through an injected fetch the same way", async () => {
    const { core } = await setup(inPieces(bigPage), { maxAnswerBytes: 1_000, fetch: undiciFetch });
    const error = (await core.call(postings).catch((e: unknown) => e)) as OzonShapeError;
    expect(error.problems).toEqual(["body: larger than the 1000 bytes read at most"]);
  });
});
