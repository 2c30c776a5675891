/**
 * One audit record as kept: who did what to which object of which store, the value before and
 * after where there is one, and how it ended. Read back through zod: a record damaged in the
 * store is skipped, never shown half.
 * Tests: none directly
 */
import { z } from "zod";
import { AUDIT_KIND_NAMES, type AuditKind, objectOf } from "./kinds.ts";

/** How an action ended: done, refused by Ozon (its words), or failed (no verdict heard). */
export type AuditResult =
  | { status: "done" }
  | { status: "refused"; words: string }
  | { status: "failed"; words: string };

export interface AuditActor {
  /** Telegram id; 0 for the bot itself (a schedule's own run). */
  id: number;
  name: string;
}

/** What an action site tells the trail. */
export interface AuditInput {
  kind: AuditKind;
  actor: AuditActor;
  /** The Ozon store; absent for what is not about one store (a role for every store). */
  shopId?: string;
  /** The object's id: posting number, campaign id, SKU, person id… */
  objectId: string;
  /** The object in more words: a product's offer_id and warehouse, a return's posting. */
  detail?: string;
  /** How, within the kind: "dialog", "one-tap", "batch", "daily", "pause", "granted"… */
  via?: string;
  from?: string;
  to?: string;
  result: AuditResult;
  /**
   * The action's own once-key (e.g. a ship's packed-by note): a record with the same key is
   * written once, so the start-up repair and the action itself never both write one.
   */
  onceKey?: string;
  /** When the action happened (epoch ms; default now): the repair gives the ledger's time. */
  at?: number;
}

export interface AuditEntry extends Omit<AuditInput, "onceKey" | "at"> {
  /** `<time>:<random>`: sorts by time. */
  id: string;
  at: number;
}

const LIMIT = 500;
const text = (max: number) => z.string().max(max);

export const auditEntrySchema = z.object({
  id: text(64),
  at: z.number().int().nonnegative(),
  kind: z.enum(AUDIT_KIND_NAMES as [AuditKind, ...AuditKind[]]),
  actor: z.object({ id: z.number().int(), name: text(LIMIT) }),
  shopId: text(128).optional(),
  objectId: text(LIMIT),
  detail: text(LIMIT).optional(),
  via: text(64).optional(),
  from: text(LIMIT).optional(),
  to: text(LIMIT).optional(),
  result: z.discriminatedUnion("status", [
    z.object({ status: z.literal("done") }),
    z.object({ status: z.literal("refused"), words: text(LIMIT) }),
    z.object({ status: z.literal("failed"), words: text(LIMIT) }),
  ]),
});

export function parseEntry(value: unknown): AuditEntry | undefined {
  const parsed = auditEntrySchema.safeParse(value);
  return parsed.success ? (parsed.data as AuditEntry) : undefined;
}

export function objectTypeOf(entry: Pick<AuditEntry, "kind">) {
  return objectOf(entry.kind);
}
