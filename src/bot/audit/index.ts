/** What the wiring and the other areas use of the audit area. */
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
