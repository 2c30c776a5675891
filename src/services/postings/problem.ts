/**
 * What went wrong with an Ozon call about a posting, in the postings' words (a Problem, as every
 * capability keeps one: services/problem.ts): the ship request, the dialogs, the cards and the
 * lists all say it the same way.
 * Tests: none directly
 */
import {
  isOzonApiError,
  isOzonDeclinedError,
  isOzonShipFailedError,
  ozonFailureKind,
} from "../../ozon/errors.ts";
import { ShopUnavailableError } from "../../shops/availability.ts";
import { clip } from "../../text.ts";
import type { Problem } from "../problem.ts";

export type { Problem } from "../problem.ts";

/** What went wrong with an Ozon call, as a locale key (never a stack trace). */
export function describeOzonError(error: unknown, postingNumber = ""): Problem {
  const posting = { posting: postingNumber };
  if (error instanceof ShopUnavailableError) {
    return { key: error.key, vars: { name: error.shopName }, final: true, shopGone: true };
  }
  if (isOzonShipFailedError(error)) return { key: "postings-error-ship-failed", vars: posting };
  // Ozon answered "not done" (`result: false`) without a reason: nothing changed at Ozon.
  if (isOzonDeclinedError(error)) return { key: "postings-error-declined", vars: posting };
  const kind = ozonFailureKind(error);
  switch (kind) {
    case "rate_limited":
      return { key: "postings-error-rate-limited" };
    case "keys_refused":
      return { key: "postings-error-auth" };
    case "network":
    case "timeout":
      return { key: "postings-error-network" };
    case "ozon_down":
      return { key: "postings-error-unavailable" };
    // Not about the posting: Ozon no longer answers the method asked (logged, in /status).
    case "method_gone":
      return { key: "postings-error-method-gone" };
    case "bad_answer":
    case "unknown":
      return { key: "postings-error-unknown" };
  }
  if (!isOzonApiError(error)) return { key: "postings-error-input" };
  // Ozon refused: its own code in the text says why. The posting's state refuses for good.
  const text = error.apiMessage;
  const final = (key: string): Problem => ({ key, vars: posting, final: true });
  if (/ALREADY_SHIPPED/i.test(text)) return final("postings-error-already-shipped");
  if (/ALREADY_CANCEL/i.test(text)) return final("postings-error-already-cancelled");
  if (kind === "not_found" || /NOT_FOUND/i.test(text)) return final("postings-error-not-found");
  if (/INCORRECT_STATUS|must have 'awaiting_packaging' status/i.test(text)) {
    return final("postings-error-wrong-status");
  }
  if (/MANDATORY_MARK/i.test(text)) return { key: "postings-error-marks" };
  // Today's ship: the units' values (marks, GTD, RNPT, weight, IMEI) are not in or not accepted.
  if (/EXEMPLAR_INFO_NOT_FILLED|WEIGHT_IS_REQUIRED/i.test(text)) {
    return { key: "postings-error-units", vars: { code: clip(text, 200) } };
  }
  if (/QUANTITY/i.test(text)) return { key: "postings-error-quantity" };
  if (/CANCEL_REASON/i.test(text)) return { key: "postings-error-cancel-reason" };
  return { key: "postings-error-ozon", vars: { message: clip(text || String(error.status), 200) } };
}
