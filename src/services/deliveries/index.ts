/**
 * The seller's own deliveries without Telegram: what to offer, steps once, cards, batches.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
export { repairStepRecords, type StepAudit, stepOnceKey } from "./audit.ts";
export { type DeliveryCard, DeliveryCardBook } from "./card-book.ts";
export { deliveriesInProgress, type StatusGroup } from "./in-progress.ts";
export { type Actor, runStep, type StepAction, type StepMark, type StepOutcome } from "./once.ts";
export {
  actionsFor,
  type DeliveryAction,
  isOwnDelivery,
  type StatusStep,
} from "./own-delivery.ts";
export { applyTracking, BATCH_ID, TrackingBatches } from "./tracking-batch.ts";
export {
  type BadLine,
  isTrackingNumber,
  MAX_TRACKING_LINES,
  parseTrackingLines,
  type TrackingPair,
} from "./tracking-lines.ts";
