/**
 * Each area puts the one classification of Ozon failures into its own words: postings dialogs
 * (describeOzonError) and advertising dialogs (ozonProblem) as the one Problem (a locale key and
 * its values, services/problem.ts), replies to buyers (classifyReplyError), all from the same
 * real answers.
 */
import { describe, expect, it } from "vitest";
import { ozonProblem } from "../../../src/bot/ads/format.ts";
import { describeOzonError } from "../../../src/bot/postings/format.ts";
import { classifyReplyError } from "../../../src/services/chats/relay/reply-errors.ts";
import { FAILURES, failureOf } from "../../ozon/support/failures.ts";

const posting = { posting: "39268230-0002-3" };

/** Per real answer: the postings text, the advertising text, the reply reason. */
const EXPECTED: Record<string, [object, object, string]> = {
  "429 rate limit per second": [
    { key: "postings-error-rate-limited" },
    { key: "ads-ozon-busy" },
    "ozon_unavailable",
  ],
  "429 limit of active report requests (Performance)": [
    { key: "postings-error-rate-limited" },
    { key: "ads-ozon-busy" },
    "ozon_unavailable",
  ],
  "401 invalid Api-Key": [{ key: "postings-error-auth" }, { key: "ads-ozon-auth" }, "ozon_auth"],
  "403 Offer not signed": [{ key: "postings-error-auth" }, { key: "ads-ozon-auth" }, "ozon_auth"],
  "403 Premium needed for chats": [
    { key: "postings-error-auth" },
    { key: "ads-ozon-auth" },
    "premium_required",
  ],
  "404 posting not found": [
    { key: "postings-error-not-found", vars: posting, final: true },
    {
      key: "ads-ozon-refused",
      vars: { message: "POSTING_NOT_FOUND" },
      refused: "POSTING_NOT_FOUND",
    },
    "chat_not_found",
  ],
  "404 report not found (Performance)": [
    { key: "postings-error-not-found", vars: posting, final: true },
    { key: "ads-ozon-refused", vars: { message: "report not found" }, refused: "report not found" },
    "chat_not_found",
  ],
  // Not about a posting: a temporary problem at Ozon, never "Ozon does not know posting …".
  "404 of a method that names no subject (Ozon no longer has it)": [
    { key: "postings-error-method-gone" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "404 obsolete method, even where the method names a posting": [
    { key: "postings-error-method-gone" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "410 Gone, even where the method names a posting": [
    { key: "postings-error-method-gone" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "our client refuses an empty posting number": [
    { key: "postings-error-input" },
    {
      key: "ads-ozon-refused",
      vars: { message: expect.stringContaining("posting_number") },
      refused: expect.stringContaining("posting_number"),
    },
    "unknown",
  ],
  "400 POSTING_ALREADY_SHIPPED (a business code, refined by the area)": [
    { key: "postings-error-already-shipped", vars: posting, final: true },
    {
      key: "ads-ozon-refused",
      vars: { message: "POSTING_ALREADY_SHIPPED" },
      refused: "POSTING_ALREADY_SHIPPED",
    },
    "unknown",
  ],
  "400 HAS_INCORRECT_CANCEL_REASON": [
    { key: "postings-error-cancel-reason" },
    {
      key: "ads-ozon-refused",
      vars: { message: "HAS_INCORRECT_CANCEL_REASON" },
      refused: "HAS_INCORRECT_CANCEL_REASON",
    },
    "unknown",
  ],
  "400 chat closed (failed precondition)": [
    { key: "postings-error-ozon", vars: { message: "CHAT_IS_CLOSED" } },
    { key: "ads-ozon-refused", vars: { message: "CHAT_IS_CLOSED" }, refused: "CHAT_IS_CLOSED" },
    "window_closed",
  ],
  "409 conflict": [
    { key: "postings-error-ozon", vars: { message: "aborted: the posting is being changed" } },
    {
      key: "ads-ozon-refused",
      vars: { message: "aborted: the posting is being changed" },
      refused: "aborted: the posting is being changed",
    },
    "unknown",
  ],
  "500 internal": [
    { key: "postings-error-unavailable" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "503 plain text": [
    { key: "postings-error-unavailable" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "Circle is open (whatever the status)": [
    { key: "postings-error-unavailable" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "connection refused": [
    { key: "postings-error-network" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "no answer within the timeout": [
    { key: "postings-error-network" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "408 request timeout": [
    { key: "postings-error-network" },
    { key: "ads-ozon-unavailable" },
    "ozon_unavailable",
  ],
  "200 with a cut body": [{ key: "postings-error-unknown" }, { key: "ads-ozon-other" }, "unknown"],
  "200 with a field of another type": [
    { key: "postings-error-unknown" },
    { key: "ads-ozon-other" },
    "unknown",
  ],
};

describe("Ozon failures in each area's words", () => {
  it("has words for every real answer", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(FAILURES.map((f) => f.name).sort());
  });

  it.each(FAILURES)("$name", async ({ name, answer, on }) => {
    const error = await failureOf(answer, on);
    const [postings, ads, reply] = EXPECTED[name] ?? [];
    expect(describeOzonError(error, posting.posting)).toEqual(postings);
    expect(ozonProblem(error)).toEqual(ads);
    expect(classifyReplyError(error)).toBe(reply);
  });

  it("something that is not Ozon's failure stays unexplained everywhere", () => {
    const error = new TypeError("Cannot read properties of undefined");
    expect(describeOzonError(error)).toEqual({ key: "postings-error-unknown" });
    expect(ozonProblem(error)).toEqual({ key: "ads-ozon-other" });
    expect(classifyReplyError(error)).toBe("unknown");
  });
});
