/**
 * The audit record of an rFBS return decision: one per decision. When Ozon took it, the claim
 * (decide.ts) is marked done with the record's note first, then the record is written under the
 * claim's once-key; a crash between the two leaves the marked claim, and `repairDecisionRecords`
 * writes the record at the next start (the same once-key: once either way). A decision Ozon
 * refused or that failed is recorded at once (its claim is released).
 * Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 2 more
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { type AuditActor, type AuditInput, type AuditRecorder, resultOf } from "../audit/index.ts";

/** Who decides what about which request, as the record names it (JSON-safe: kept in the claim). */
export interface DecisionNote {
  actor: AuditActor;
  shopId: string;
  /** The return request's id. */
  returnId: string;
  /** Its posting. */
  postingNumber?: string;
  /** The action Ozon offered, by its id: "action -1" (before Ozon's ids: approve, reject…). */
  decision: string;
  /** The request's state before (Ozon's name for it). */
  from?: string;
  /** What was decided, with its reason or amount. */
  to?: string;
}

export interface DecisionAudit {
  recorder: AuditRecorder;
  note: DecisionNote;
}

/** The trail's once-key of a decision: one per request and state (as the claim). */
export const decisionOnceKey = (shopId: string, returnId: string, state: string) =>
  `return:${shopId}:${returnId}:${state}`;

function inputOf(note: DecisionNote, via = note.decision): Omit<AuditInput, "result"> {
  return {
    kind: "return-decision",
    actor: note.actor,
    shopId: note.shopId,
    objectId: note.returnId,
    via,
    ...(note.postingNumber ? { detail: note.postingNumber } : {}),
    ...(note.from !== undefined ? { from: note.from } : {}),
    ...(note.to !== undefined ? { to: note.to } : {}),
  };
}

/** The record of a decision Ozon took (the claim says so already). */
export function recordDecided(
  audit: DecisionAudit,
  state: string,
  at: number,
  via?: string,
): Promise<unknown> {
  return audit.recorder.record({
    ...inputOf(audit.note, via),
    result: { status: "done" },
    onceKey: decisionOnceKey(audit.note.shopId, audit.note.returnId, state),
    at,
  });
}

/** The record of a decision Ozon refused, or whose call failed. */
export async function recordUndecided(
  audit: DecisionAudit | undefined,
  error: unknown,
): Promise<void> {
  await audit?.recorder.record({ ...inputOf(audit.note), result: resultOf(error) });
}

/** A claim as decide.ts keeps it: marked done, with the note, once Ozon took the decision. */
export interface KeptClaim {
  at?: string;
  done?: boolean;
  note?: DecisionNote;
  state?: string;
}

export const CLAIM_PREFIX = "returns:decide:";

/**
 * At start: the records missing for decisions Ozon took (claims marked done with a note; claims
 * last a day, so the list is bounded). Returns how many were written.
 */
export async function repairDecisionRecords(
  trail: AuditRecorder & { has(key: string): Promise<boolean> },
  store: Store,
  logger?: Logger,
): Promise<number> {
  let repaired = 0;
  try {
    for (const { value } of await store.list<KeptClaim>(CLAIM_PREFIX)) {
      const note = value?.done ? value.note : undefined;
      const at = Date.parse(value?.at ?? "");
      if (!note || value?.state === undefined || !Number.isFinite(at)) continue;
      if (await trail.has(decisionOnceKey(note.shopId, note.returnId, value.state))) continue;
      const audit = { recorder: trail, note };
      if (await recordDecided(audit, value.state, at, `${note.decision} (repaired)`)) repaired++;
    }
  } catch (error) {
    logger?.warn({ err: error }, "Audit: repairing return decision records failed");
  }
  if (repaired > 0) logger?.info({ repaired }, "Audit: return decisions recorded late");
  return repaired;
}
