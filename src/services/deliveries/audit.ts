/**
 * The audit records of the seller's own deliveries: one per step (delivering, last mile,
 * delivered: "delivery-step"; a dispute: "dispute") and one per tracking number set. A step Ozon
 * took is recorded after its mark says done (once.ts), under a once-key made of the mark, so a
 * crash between the two is repaired at start from the mark (`repairStepRecords`); a step Ozon
 * refused, or whose call failed, is recorded at once.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import type { AuditInput, AuditRecorder } from "../audit/index.ts";
import type { StepAction, StepMark } from "./step-mark.ts";

/** Where a step is recorded: the trail and the step's store. */
export interface StepAudit {
  recorder: AuditRecorder;
  shopId: string;
}

/** The status a posting shows once the step went through (the record's "to"). */
export const REACHED: Record<StepAction, string> = {
  delivering: "delivering",
  "last-mile": "driver_pickup",
  delivered: "delivered",
  dispute: "arbitration",
};

export const MARK_PREFIX = "delivery-once:";

/** The trail's once-key of a step Ozon took: its posting, action and the mark's time. */
export const stepOnceKey = (shopId: string, postingNumber: string, action: string, at: string) =>
  `delivery:${shopId}:${postingNumber}:${action}:${at}`;

export function stepRecord(
  audit: StepAudit,
  postingNumber: string,
  action: StepAction,
  who: Pick<StepMark, "userId" | "name">,
  via: string = action,
): Omit<AuditInput, "result"> {
  return {
    kind: action === "dispute" ? "dispute" : "delivery-step",
    actor: { id: who.userId, name: who.name },
    shopId: audit.shopId,
    objectId: postingNumber,
    via,
    to: REACHED[action],
  };
}

/** The record of a step Ozon took (its mark says done already). */
export function recordStepDone(
  audit: StepAudit,
  postingNumber: string,
  action: StepAction,
  mark: StepMark,
  via?: string,
): Promise<unknown> {
  const at = Date.parse(mark.at);
  return audit.recorder.record({
    ...stepRecord(audit, postingNumber, action, mark, via),
    result: { status: "done" },
    onceKey: stepOnceKey(audit.shopId, postingNumber, action, mark.at),
    ...(Number.isFinite(at) ? { at } : {}),
  });
}

const ACTIONS = new Set<string>(Object.keys(REACHED));

/**
 * At start: the records missing for steps Ozon took (marks that say done; they last a day, so
 * the list is bounded). Returns how many were written.
 */
export async function repairStepRecords(
  trail: AuditRecorder & { has(key: string): Promise<boolean> },
  shop: { id: string; store: Store },
  logger?: Logger,
): Promise<number> {
  let repaired = 0;
  try {
    for (const { key, value } of await shop.store.list<StepMark>(MARK_PREFIX)) {
      const rest = key.slice(MARK_PREFIX.length);
      const cut = rest.lastIndexOf(":");
      const [number, action] = [rest.slice(0, cut), rest.slice(cut + 1)];
      if (cut <= 0 || !ACTIONS.has(action) || value?.state !== "done") continue;
      if (typeof value.userId !== "number" || typeof value.at !== "string") continue;
      if (await trail.has(stepOnceKey(shop.id, number, action, value.at))) continue;
      const step = action as StepAction;
      const audit = { recorder: trail, shopId: shop.id };
      if (await recordStepDone(audit, number, step, value, `${step} (repaired)`)) repaired++;
    }
  } catch (error) {
    logger?.warn({ err: error, shop: shop.id }, "Audit: repairing delivery records failed");
  }
  if (repaired > 0) logger?.info({ repaired }, "Audit: delivery steps recorded late");
  return repaired;
}
