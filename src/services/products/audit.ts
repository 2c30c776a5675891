/**
 * The audit record of a stock or price change: one per confirmation, written after Ozon's answer
 * is kept under the change's once-key (once.ts) with the record's note beside it. A crash between
 * the two leaves the kept answer with its note: `repairChangeRecords` writes the record at the
 * next start, under the same once-key, so the trail gets it once either way. A call that failed
 * (no answer kept) is recorded at once, as refused by Ozon or failed.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { type AuditActor, type AuditInput, type AuditRecorder, resultOf } from "../audit/index.ts";
import type { ChangeOutcome } from "./change-outcome.ts";

export type ChangeKind = "stock" | "price";

/** Who changes what, as the record names it (JSON-safe: kept with Ozon's answer). */
export interface ChangeNote {
  actor: AuditActor;
  shopId: string;
  /** The product's SKU (the product card's History looks it up), or its product_id. */
  objectId: string;
  /** offer_id, and the warehouse of a stock change. */
  detail?: string;
  from?: string;
  to?: string;
  /** When Ozon answered (epoch ms). */
  at?: number;
}

/** Where a change is recorded and what the record says. */
export interface ChangeAudit {
  recorder: AuditRecorder;
  note: ChangeNote;
}

/** What once.ts keeps for a change: Ozon's answer, and the record's note when there is one. */
export interface KeptChange {
  outcome: ChangeOutcome;
  note?: ChangeNote;
}

/** The key under which once.ts keeps a change (its PREFIX + the kind + the dialog's key). */
const KEPT_PREFIX = "products:once:";

/** The trail's once-key of a change: one record per confirmation. */
export const changeOnceKey = (kind: ChangeKind, key: string) => `products:${kind}:${key}`;

function inputOf(kind: ChangeKind, note: ChangeNote, via = "dialog"): Omit<AuditInput, "result"> {
  return {
    kind,
    actor: note.actor,
    shopId: note.shopId,
    objectId: note.objectId,
    via,
    ...(note.detail !== undefined ? { detail: note.detail } : {}),
    ...(note.from !== undefined ? { from: note.from } : {}),
    ...(note.to !== undefined ? { to: note.to } : {}),
  };
}

function resultOfOutcome(outcome: ChangeOutcome): AuditInput["result"] {
  switch (outcome.kind) {
    case "done":
      return { status: "done" };
    case "limited":
      return { status: "refused", words: "TOO_MANY_REQUESTS" };
    case "refused": {
      const words = [outcome.code, outcome.message].filter(Boolean).join(": ");
      return { status: "refused", words: words || "—" };
    }
    case "duplicate":
      // Never kept: a duplicate sends nothing, the first caller records.
      return { status: "failed", words: "duplicate" };
  }
}

/** The record of a change Ozon answered (its answer is kept under `key` already). */
export async function recordAnswered(
  audit: ChangeAudit | undefined,
  kind: ChangeKind,
  key: string,
  kept: KeptChange,
  via?: string,
): Promise<unknown> {
  if (!audit) return undefined;
  return audit.recorder.record({
    ...inputOf(kind, audit.note, via),
    result: resultOfOutcome(kept.outcome),
    onceKey: changeOnceKey(kind, key),
    ...(kept.note?.at !== undefined ? { at: kept.note.at } : {}),
  });
}

/** The record of a change whose call failed: no answer kept, nothing to repair. */
export async function recordFailed(
  audit: ChangeAudit | undefined,
  kind: ChangeKind,
  error: unknown,
): Promise<void> {
  await audit?.recorder.record({ ...inputOf(kind, audit.note), result: resultOf(error) });
}

/**
 * At start: the records missing for changes whose answer is kept with a note (a crash came
 * between the two). Bounded: kept answers last a day. Returns how many were written.
 */
export async function repairChangeRecords(
  trail: AuditRecorder & { has(key: string): Promise<boolean> },
  store: Store,
  logger?: Logger,
): Promise<number> {
  let repaired = 0;
  try {
    for (const { key, value } of await store.list<{ state?: string; value?: KeptChange }>(
      KEPT_PREFIX,
    )) {
      const rest = key.slice(KEPT_PREFIX.length);
      const kind = rest.startsWith("stock:") ? "stock" : rest.startsWith("price:") ? "price" : null;
      const kept = value?.state === "done" ? value.value : undefined;
      if (!kind || !kept?.note || !kept.outcome) continue;
      const once = rest.slice(kind.length + 1);
      if (await trail.has(changeOnceKey(kind, once))) continue;
      const audit = { recorder: trail, note: kept.note };
      if (await recordAnswered(audit, kind, once, kept, "repaired")) repaired++;
    }
  } catch (error) {
    logger?.warn({ err: error }, "Audit: repairing stock and price records failed");
  }
  if (repaired > 0) logger?.info({ repaired }, "Audit: stock and price changes recorded late");
  return repaired;
}
