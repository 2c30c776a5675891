/**
 * The kinds of audited action: one line each. A kind names the object it acts on (what the
 * "🕘 History" of a card and the object filter look up) and whether it is about the bot's rights,
 * which only admins read. Adding a kind is adding a line here and its name in locales/*\/audit.ftl.
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */

/** What an action acts on; the object's id is kept as text (Ozon ids may exceed 2^53). */
export type AuditObjectType =
  | "posting"
  | "act"
  | "campaign"
  | "question"
  | "store"
  | "person"
  | "invite"
  | "schedule"
  | "sku"
  | "return";

interface KindSpec {
  readonly object: AuditObjectType;
  /** About who may do what in the bot: only admins see it. */
  readonly rights?: true;
}

export const AUDIT_KINDS = {
  /** Packed and shipped: the ship dialog, ⚡ one tap, a batch (the record's `via`). */
  ship: { object: "posting" },
  cancel: { object: "posting" },
  "label-batch": { object: "posting" },
  "courier-act": { object: "act" },
  /** A daily or weekly budget (the record's `via`). */
  budget: { object: "campaign" },
  bid: { object: "campaign" },
  /** Paused or resumed (the record's `via`). */
  "campaign-state": { object: "campaign" },
  "campaign-period": { object: "campaign" },
  question: { object: "question" },
  /** Added, renamed, paused, resumed or removed; never its keys. */
  store: { object: "store", rights: true },
  /** Granted, changed or revoked. */
  role: { object: "person", rights: true },
  /** Made or used. */
  invite: { object: "invite", rights: true },
  /** Created, paused, resumed or deleted. */
  schedule: { object: "schedule" },
  /** A product's stock at one warehouse (the record's `detail`: offer_id and warehouse). */
  stock: { object: "sku" },
  price: { object: "sku" },
  /** An own delivery's tracking number, delivering, last mile or delivered (the record's `via`). */
  "delivery-step": { object: "posting" },
  "return-decision": { object: "return" },
  dispute: { object: "posting" },
} as const satisfies Record<string, KindSpec>;

export type AuditKind = keyof typeof AUDIT_KINDS;

export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === "string" && Object.hasOwn(AUDIT_KINDS, value);
}

export function objectOf(kind: AuditKind): AuditObjectType {
  return AUDIT_KINDS[kind].object;
}

/** Only admins see it: it is about the bot's rights. */
export function isRightsKind(kind: AuditKind): boolean {
  return (AUDIT_KINDS[kind] as KindSpec).rights === true;
}
