/**
 * An action and its record as one step: the Ozon call runs, then its outcome is recorded —
 * done, refused by Ozon (its own words), or failed (no verdict heard) — and the call's answer
 * or error goes on to the caller unchanged.
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */
import { isOzonApiError, isOzonDeclinedError, ozonFailureKind } from "../../ozon/errors.ts";
import type { AuditInput, AuditResult } from "./entry.ts";

/** The trail as an action site needs it. */
export interface AuditRecorder {
  record(input: AuditInput): Promise<unknown>;
}

/** How an action that threw ended, for the record. */
export function resultOf(error: unknown): AuditResult {
  // Ozon's own "not done" (`result: false`), without words of its own.
  if (isOzonDeclinedError(error)) return { status: "refused", words: "result: false" };
  if (isOzonApiError(error)) {
    const kind = ozonFailureKind(error);
    // An answer Ozon gave about the request itself; a rate limit or an outage is no verdict.
    if (
      kind !== "rate_limited" &&
      kind !== "ozon_down" &&
      kind !== "timeout" &&
      kind !== "method_gone"
    ) {
      return { status: "refused", words: error.apiMessage || `HTTP ${error.status}` };
    }
  }
  const kind = ozonFailureKind(error);
  return { status: "failed", words: kind === "unknown" ? errorName(error) : kind };
}

/** Our own refusal before Ozon was asked (a budget's check, say) names itself by its code. */
function errorName(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && code.length <= 64) return code;
  return error instanceof Error ? error.name : "error";
}

/**
 * Runs `action` and records how it ended (call it inside `conversation.external` in a dialog:
 * the record is a side effect). The record never changes the action's outcome.
 */
export async function audited<T>(
  trail: AuditRecorder | undefined,
  input: Omit<AuditInput, "result">,
  action: () => Promise<T>,
  /** The value before and after, read from the action's answer (e.g. Ozon's read-back). */
  change?: (value: T) => { from?: string; to?: string },
): Promise<T> {
  let value: T;
  try {
    value = await action();
  } catch (error) {
    await trail?.record({ ...input, result: resultOf(error) });
    throw error;
  }
  let seen: { from?: string; to?: string } = {};
  try {
    seen = change?.(value) ?? {};
  } catch {
    // A read-back of an odd shape leaves the record without old → new, never without a record.
  }
  await trail?.record({ ...input, ...seen, result: { status: "done" } });
  return value;
}
