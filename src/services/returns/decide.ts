/**
 * One decision on an rFBS return request (an action Ozon offered), made once: a claim in the
 * store (`setIfAbsent`) on the request in its present state (Ozon's `state`) is taken before Ozon
 * is called, so a double tap or a second process acting on the same request gets "already
 * decided by …" instead of a second call. A call Ozon refused or that failed releases the claim,
 * so the decision can be made again.
 * Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 2 more
 */
import type { ReturnsApi, RfbsActionInput } from "../../ozon/seller/returns.ts";
import type { Store } from "../../store/port.ts";
import {
  CLAIM_PREFIX,
  type DecisionAudit,
  type KeptClaim,
  recordDecided,
  recordUndecided,
} from "./audit.ts";

/** The action Ozon offered (its id and its name as shown), with what its kind needs. */
export interface DecisionInput {
  actionId: number;
  actionName: string;
  input: RfbsActionInput;
}

export interface DecidedBy {
  /** The action's id and name as the person chose it. */
  actionId?: number;
  action?: string;
  /** A claim kept before Ozon's action ids (approve, reject…): its decision's name. */
  decision?: string;
  by: number;
  name: string;
  at: string;
}

export type DecisionOutcome =
  | { kind: "done" }
  | { kind: "taken"; by: DecidedBy }
  | { kind: "failed"; error: unknown };

/** How long a claim stands (the request has moved to its next state long before). */
const CLAIM_TTL_MS = 24 * 60 * 60 * 1000;

const claimKey = (id: string, state: string) => `${CLAIM_PREFIX}${id}:${state}`;

export async function decideOnce(
  api: Pick<ReturnsApi, "act">,
  store: Store,
  id: string,
  /** The request's state the decision was made in: one decision per state. */
  state: string,
  input: DecisionInput,
  who: { id: number; name: string },
  now = new Date(),
  /** Where the decision is recorded (audit.ts): done, or refused by Ozon, or failed. */
  audit?: DecisionAudit,
): Promise<DecisionOutcome> {
  const claim: DecidedBy = {
    actionId: input.actionId,
    action: input.actionName,
    by: who.id,
    name: who.name,
    at: now.toISOString(),
  };
  if (!(await store.setIfAbsent(claimKey(id, state), claim, { ttlMs: CLAIM_TTL_MS }))) {
    const by = await store.get<DecidedBy>(claimKey(id, state));
    if (by) return { kind: "taken", by };
    // The claim lapsed between the two reads: one more try.
    return decideOnce(api, store, id, state, input, who, now, audit);
  }
  try {
    await api.act(id, input.actionId, input.input);
  } catch (error) {
    await store.delete(claimKey(id, state));
    await recordUndecided(audit, error);
    return { kind: "failed", error };
  }
  // Done: the claim stays until it lapses, so a late second tap hears who did it. With a record
  // to write, it is marked done with the record's note first: a crash before the record leaves
  // what the start-up repair needs.
  if (audit) {
    const kept: DecidedBy & KeptClaim = { ...claim, done: true, note: audit.note, state };
    await store.set(claimKey(id, state), kept, { ttlMs: CLAIM_TTL_MS });
    await recordDecided(audit, state, now.getTime());
  }
  return { kind: "done" };
}
