/** One classification of Ozon failures, read from real answers over HTTP, and what may be retried. */
import { describe, expect, it } from "vitest";
import {
  isTransient,
  OzonError,
  type OzonFailureKind,
  OzonShipFailedError,
  ozonFailureKind,
  ozonFailureMessage,
} from "../../src/ozon/errors.ts";
import { FAILURES, failureOf } from "./support/failures.ts";

/** What a background loop may ask again later; refusals are final. */
const TRANSIENT_BY_KIND: Record<OzonFailureKind, boolean> = {
  rate_limited: true,
  keys_refused: true,
  not_found: false,
  our_input: false,
  conflict: false,
  ozon_down: true,
  network: true,
  timeout: true,
  bad_answer: true,
  unknown: true,
  method_gone: true,
};

describe("ozonFailureKind", () => {
  it.each(FAILURES)("$name → $kind", async ({ answer, kind, on }) => {
    expect(ozonFailureKind(await failureOf(answer, on))).toBe(kind);
  });

  it("covers every kind with a real answer, but unknown", () => {
    const covered = new Set(FAILURES.map((f) => f.kind));
    const all = Object.keys(TRANSIENT_BY_KIND) as OzonFailureKind[];
    expect(all.filter((kind) => !covered.has(kind))).toEqual(["unknown"]);
  });

  it("a ship Ozon took without moving the posting is a conflict; anything not Ozon's is unknown", () => {
    expect(ozonFailureKind(new OzonShipFailedError("1-2-3", "awaiting_packaging", undefined))).toBe(
      "conflict",
    );
    expect(ozonFailureKind(new OzonError("Ozon did not cancel posting 1-2-3"))).toBe("unknown");
    expect(ozonFailureKind(new TypeError("fetch failed"))).toBe("unknown");
    expect(ozonFailureKind("a string")).toBe("unknown");
  });
});

describe("isTransient", () => {
  it.each(Object.entries(TRANSIENT_BY_KIND))("%s → %s", (kind, transient) => {
    expect(isTransient(kind as OzonFailureKind)).toBe(transient);
  });

  it("HTTP 408 is a timeout, retried like one", async () => {
    const error = await failureOf((_req, res) => {
      res.writeHead(408).end();
    });
    expect(ozonFailureKind(error)).toBe("timeout");
    expect(isTransient(ozonFailureKind(error))).toBe(true);
  });
});

describe("ozonFailureMessage", () => {
  it("gives Ozon's own words, its status when it said nothing, or our message", async () => {
    const shipped = FAILURES.find((f) => f.name.startsWith("400 POSTING_ALREADY_SHIPPED"));
    expect(ozonFailureMessage(await failureOf(shipped?.answer ?? "no answer"))).toBe(
      "POSTING_ALREADY_SHIPPED",
    );
    const silent = await failureOf((_req, res) => {
      res.writeHead(502).end();
    });
    expect(ozonFailureMessage(silent)).toBe("HTTP 502");
    expect(ozonFailureMessage(await failureOf("empty posting number"))).toContain("posting_number");
    expect(ozonFailureMessage("plain")).toBe("plain");
  });
});
