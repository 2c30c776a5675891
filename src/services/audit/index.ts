/**
 * The audit trail: who did what at Ozon and in the bot's rights, through the bot.
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */
export type { AuditActor, AuditEntry, AuditInput, AuditResult } from "./entry.ts";
export {
  AUDIT_KIND_NAMES,
  AUDIT_KINDS,
  type AuditKind,
  type AuditObjectType,
  isAuditKind,
  isRightsKind,
  objectOf,
} from "./kinds.ts";
export { type AuditRecorder, audited, resultOf } from "./outcome.ts";
export { type RepairShop, repairTrail, shipOnceKey } from "./repair.ts";
export {
  type AuditFilter,
  AuditTrail,
  type AuditTrailOptions,
  type AuditViewer,
  EXPORT_CAP,
  visible,
} from "./trail.ts";
export { type AuditXlsxLabels, auditXlsx } from "./xlsx.ts";
