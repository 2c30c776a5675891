/** Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 2 more */
export {
  type DecisionAudit,
  type DecisionNote,
  decisionOnceKey,
  repairDecisionRecords,
} from "./audit.ts";
export {
  type DecidedBy,
  type DecisionInput,
  type DecisionOutcome,
  decideOnce,
} from "./decide.ts";
export { type AmountResult, kopecksText, parseKopecks, priceKopecks } from "./money.ts";
export { type ReturnsSubscriber, ReturnsSubscribers } from "./subscribers.ts";
export {
  decisionDeadline,
  RETURNS_LEASE_NAME,
  RETURNS_POLL_MS,
  type ReturnEvent,
  type ReturnsNotifier,
  type ReturnsPassReport,
  ReturnsWatcher,
  type ReturnsWatcherOptions,
} from "./watcher.ts";
