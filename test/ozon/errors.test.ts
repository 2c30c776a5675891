import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../src/ozon/backoff.ts";
import { apiErrorFor, readErrorBody } from "../../src/ozon/error-answers.ts";
import {
  isOzonApiError,
  isOzonAuthError,
  isOzonError,
  isOzonNetworkError,
  isOzonRateLimitError,
  isRetiredMethodError,
  OzonNetworkError,
  OzonShapeError,
} from "../../src/ozon/errors.ts";

const info = { service: "seller" as const, method: "POST", path: "/v1/x" };

describe("error bodies", () => {
  it("reads the Seller form", () => {
    expect(
      readErrorBody(
        { code: 8, message: "You have reached request rate limit per second", details: [] },
        "",
      ),
    ).toEqual({
      code: 8,
      message: "You have reached request rate limit per second",
      details: [],
    });
  });

  it("reads the Performance form", () => {
    expect(readErrorBody({ error: "report not found" }, "")).toEqual({
      code: undefined,
      message: "report not found",
      details: [],
    });
  });

  it("reads the push form and plain text", () => {
    expect(
      readErrorBody({ error: { code: "ERROR_UNKNOWN", message: "boom", details: "x" } }, ""),
    ).toEqual({ code: "ERROR_UNKNOWN", message: "boom", details: ["x"] });
    expect(readErrorBody(undefined, " Circle is open ")).toEqual({
      code: undefined,
      message: "Circle is open",
      details: [],
    });
  });
});

describe("error classes", () => {
  it("picks the class by status and code", () => {
    const body = (code?: number) => ({ code, message: "m", details: [] });
    const limited = apiErrorFor({ ...info, status: 429, body: body(8), retryAfterMs: 1000 });
    expect(isOzonRateLimitError(limited) && limited.retryAfterMs).toBe(1000);
    expect(isOzonAuthError(apiErrorFor({ ...info, status: 401, body: body() }))).toBe(true);
    expect(isOzonAuthError(apiErrorFor({ ...info, status: 403, body: body(7) }))).toBe(true);
    expect(isOzonAuthError(apiErrorFor({ ...info, status: 400, body: body(16) }))).toBe(true);
    const plain = apiErrorFor({ ...info, status: 404, body: body(5) });
    expect(isOzonApiError(plain) && !isOzonAuthError(plain) && !isOzonRateLimitError(plain)).toBe(
      true,
    );
    expect(isRetiredMethodError(plain)).toBe(true);
    expect(isRetiredMethodError(apiErrorFor({ ...info, status: 410, body: body() }))).toBe(true);
    expect(isRetiredMethodError(apiErrorFor({ ...info, status: 400, body: body() }))).toBe(false);
  });

  it("keeps the hierarchy under OzonError", () => {
    const network = new OzonNetworkError({
      ...info,
      timeout: true,
      phase: "headers",
      reason: "UND_ERR_HEADERS_TIMEOUT",
    });
    const shape = new OzonShapeError({ ...info, field: "a.b", problems: ["a.b: expected string"] });
    expect(isOzonError(network) && isOzonNetworkError(network) && !isOzonApiError(network)).toBe(
      true,
    );
    expect(isOzonError(shape)).toBe(true);
    expect(network.message).toBe(
      "Ozon seller API POST /v1/x: headers timeout (UND_ERR_HEADERS_TIMEOUT)",
    );
    expect(isOzonError(new Error("x"))).toBe(false);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-06-15T09:00:00Z");
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter("0.5", now)).toBe(500);
    expect(parseRetryAfter("Mon, 15 Jun 2026 09:00:07 GMT", now)).toBe(7000);
    expect(parseRetryAfter("Mon, 15 Jun 2026 08:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("treats a value that is neither seconds nor an HTTP date as absent (backoff then applies)", () => {
    const now = Date.parse("2026-06-15T09:00:00Z");
    // V8's lenient date parser reads these as dates in the past, which would mean "retry at once".
    for (const odd of ["-1", "abc 1", "1e3", "12abc", "15 Jun 2026"]) {
      expect(parseRetryAfter(odd, now), odd).toBeUndefined();
    }
    expect(parseRetryAfter("Monday, 15-Jun-26 09:00:03 GMT", now)).toBe(3000);
  });
});
