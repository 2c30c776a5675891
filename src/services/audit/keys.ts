/**
 * Where the trail keeps its records. Every key lives AUDIT_DAYS and is written in one atomic step
 * with the others of its record, so an index never points at nothing for long (only while the
 * record's own TTL and the index's differ by the write's milliseconds).
 *
 *   audit:t:<id>                          the record (the time index); id = <ms, 13 digits>:<random>
 *   audit:s:<store>:<id>                  → id   (by store)
 *   audit:p:<person>:<id>                 → id   (by person)
 *   audit:o:<object type>:<object>:<id>   → id   (by object: posting, campaign, SKU…)
 *   audit:k:<kind>:<id>                   → id   (by kind)
 *   audit:once:<once-key>                 → id   (the action's once-key: one record per action)
 *
 * Names from outside (store ids, posting numbers) are URI-encoded, so a ":" in one cannot reach
 * into the next part of the key.
 * Tests: none directly
 */
import type { AuditKind, AuditObjectType } from "./kinds.ts";

const enc = (part: string) => encodeURIComponent(part);

export const TIME_PREFIX = "audit:t:";

export const timePart = (ms: number) => String(Math.max(0, Math.trunc(ms))).padStart(13, "0");

export const recordKey = (id: string) => `${TIME_PREFIX}${id}`;
export const byShop = (shopId: string) => `audit:s:${enc(shopId)}:`;
export const byPerson = (personId: number) => `audit:p:${personId}:`;
export const byObject = (type: AuditObjectType, objectId: string) =>
  `audit:o:${type}:${enc(objectId)}:`;
export const byKind = (kind: AuditKind) => `audit:k:${kind}:`;
export const onceKey = (key: string) => `audit:once:${enc(key)}`;

/** The time (ms) of a record's id or of any index key ending in one. */
export function timeOfKey(key: string): number {
  const parts = key.split(":");
  return Number(parts[parts.length - 2]);
}
