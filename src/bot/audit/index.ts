/**
 * What the wiring and the other areas use of the audit area.
 * Tests: none directly (reached through test/bot/ads/world.ts and 3 more)
 */
export {
  type AuditActor,
  type AuditRecorder,
  audited,
  resultOf,
  shipOnceKey,
} from "../../services/audit/index.ts";
export { HISTORY } from "./buttons.ts";
export { historyButton } from "./keyboards.ts";
export { createAuditModule } from "./module.ts";
export { actorOf, auditTrailOf, inviteObjectId, roleText } from "./trail.ts";
