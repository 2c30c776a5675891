/**
 * A delivery step (a status change, a dispute) acts once: the first tap takes the step's key in
 * the shop's store (shared by every process on Redis) and asks Ozon; a double tap, or a tap in
 * another process meanwhile, is told who is doing it. Once Ozon took it, the key says who did it
 * for a day; when Ozon refused, the key goes and the next tap asks again. When no answer came
 * (a timeout, Ozon down) the posting is read again: moved on, the step counts as done; else the
 * key goes too (Ozon changes statuses asynchronously: a repeat it already took is refused in its
 * words, never done twice).
 *
 * Store layout: `delivery-once:<posting>:<action>` → StepMark.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
import { isOzonApiError, type OzonFailureKind, ozonFailureKind } from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { DeliveryResult } from "../../ozon/seller/deliveries.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { Store } from "../../store/port.ts";
import { type AuditRecorder, resultOf } from "../audit/index.ts";
import { describeOzonError, type Problem } from "../postings/problem.ts";
import { MARK_PREFIX, REACHED, recordStepDone, type StepAudit, stepRecord } from "./audit.ts";
import type { Actor, StepAction, StepMark } from "./step-mark.ts";

export type { Actor, StepAction, StepMark } from "./step-mark.ts";

/** Long enough for Ozon's slowest answer; a process that died mid-step frees it after this. */
export const ACTING_TTL_MS = 2 * 60_000;
/** How long a done step is remembered (its second tap says who did it). */
export const DONE_TTL_MS = 24 * 60 * 60_000;

export type StepOutcome =
  | { kind: "done"; mark: StepMark; posting: Posting | undefined }
  /** Ozon refused, in its words (may be empty). */
  | { kind: "refused"; error: string }
  /** Someone's tap is doing it now, or did it. */
  | { kind: "taken"; mark: StepMark | undefined }
  | { kind: "failed"; problem: Problem };

export interface StepShop {
  seller: Pick<SellerClient, "deliveries" | "postings">;
  store: Store;
}

const key = (postingNumber: string, action: StepAction) =>
  `${MARK_PREFIX}${postingNumber}:${action}`;

/** Failures after which the request may have gone through: the key stays until it lapses. */
const UNANSWERED = new Set<OzonFailureKind>([
  "network",
  "timeout",
  "ozon_down",
  "bad_answer",
  "unknown",
]);

/** Ozon refused the request itself (a dispute on a posting it will not dispute): its words. */
const REFUSALS = new Set<OzonFailureKind>(["our_input", "conflict"]);

export async function runStep(
  shop: StepShop,
  postingNumber: string,
  action: StepAction,
  actor: Actor,
  /** Where the step is recorded (audit.ts): done, refused in Ozon's words, or failed. */
  audit?: StepAudit,
): Promise<StepOutcome> {
  const k = key(postingNumber, action);
  const record = async (result: Parameters<AuditRecorder["record"]>[0]["result"]) => {
    if (audit)
      await audit.recorder.record({ ...stepRecord(audit, postingNumber, action, actor), result });
  };
  const mark: StepMark = { ...actor, at: new Date().toISOString(), state: "acting" };
  if (!(await shop.store.setIfAbsent(k, mark, { ttlMs: ACTING_TTL_MS }))) {
    return { kind: "taken", mark: await shop.store.get<StepMark>(k) };
  }
  let result: DeliveryResult;
  try {
    if (action === "dispute") {
      // A `result: false` is Ozon saying it did not open it: refused below, not done.
      result = await shop.seller.deliveries.openDispute(postingNumber);
    } else {
      const [one] = await shop.seller.deliveries.move(action, [postingNumber]);
      result = one ?? { postingNumber, ok: false, error: undefined };
    }
  } catch (error) {
    const kind = ozonFailureKind(error);
    if (REFUSALS.has(kind) && isOzonApiError(error)) {
      await shop.store.delete(k);
      await record({ status: "refused", words: error.apiMessage || `HTTP ${error.status}` });
      return { kind: "refused", error: error.apiMessage };
    }
    // No answer heard: Ozon's state says whether it went through; if not, a re-tap asks again.
    const now = UNANSWERED.has(kind)
      ? await shop.seller.postings.get(postingNumber).catch(() => undefined)
      : undefined;
    if (now?.status === REACHED[action])
      return done(shop, k, mark, now, postingNumber, action, audit);
    await shop.store.delete(k);
    await record(resultOf(error));
    return { kind: "failed", problem: describeOzonError(error, postingNumber) };
  }
  if (!result.ok) {
    await shop.store.delete(k);
    await record({ status: "refused", words: result.error || "—" });
    return { kind: "refused", error: result.error ?? "" };
  }
  const posting = await shop.seller.postings.get(postingNumber).catch(() => undefined);
  return done(shop, k, mark, posting, postingNumber, action, audit);
}

/**
 * The step went through: remembered as done (a later tap is told who did it), then recorded (the
 * start-up repair writes the record from the mark if the process dies in between).
 */
async function done(
  shop: StepShop,
  k: string,
  mark: StepMark,
  posting: Posting | undefined,
  postingNumber: string,
  action: StepAction,
  audit: StepAudit | undefined,
): Promise<StepOutcome> {
  const finished: StepMark = { ...mark, state: "done" };
  await shop.store.set(k, finished, { ttlMs: DONE_TTL_MS });
  if (audit) await recordStepDone(audit, postingNumber, action, finished);
  return { kind: "done", mark: finished, posting };
}

/** Who did the step last, when the shop's store still remembers it. */
export function stepMark(
  store: Store,
  postingNumber: string,
  action: StepAction,
): Promise<StepMark | undefined> {
  return store.get<StepMark>(key(postingNumber, action));
}
