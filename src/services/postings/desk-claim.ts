/**
 * Who delivers a desk job's outcome (job-desk.ts), and what of it already reached the chat: one
 * store key per job, changed only by compare-and-set, so across processes
 * - one holder delivers at a time: it holds the claim until `until` (the desk's clock), renewing it
 *   before each part it sends and while it waits to retry;
 * - a claim past `until` (its holder died, froze or lost its store), or whose holder is provably
 *   gone (store/lease.ts: our own previous life on this host), is taken over by whichever process
 *   follows the job, and the parts already sent are kept with the claim, so none goes twice;
 * - a holder that lost the claim sends nothing more;
 * - a delivery that failed for good is parked (waiting for the person's Retry), a finished one is
 *   marked done, so a late follower neither sends it again nor takes it over.
 * The key keeps a store TTL of a day only so that it cannot outlive its job for long; "lapsed"
 * is decided by `until`, which lets tests move time with a manual clock, Redis included.
 * Tests: none directly
 */
import { holderIdFor, isHolderGone } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";

/** How long a claim's key (and a parked job) is kept. */
export const CLAIM_KEPT_MS = 24 * 3_600_000;
/** A parked claim outlives its job, so a job saved late by a lagging follower still finds it. */
const PARKED_KEPT_MS = CLAIM_KEPT_MS + 3_600_000;

type ClaimState =
  | { holder: string; until: number; sent: string[] }
  | { parked: true; sent: string[] }
  | { done: true };

/** What taking a claim found: it is ours now, someone else delivers, or there is nothing to do. */
export type ClaimTake = "taken" | "held" | "parked" | "done";

/** Thrown into a delivery whose claim another process took over: it must send nothing more. */
export class ClaimLostError extends Error {
  override name = "ClaimLostError";
}

export interface ClaimOptions {
  store: Store;
  key: string;
  /** Who this desk is (a holder id naming the process, holderIdFor()). */
  holder: string;
  now: () => number;
  /** How long a hold lasts without renewal. */
  holdMs: number;
}

export class OutcomeClaim {
  readonly #o: ClaimOptions;
  /** The value last read or written: the `expected` of the next compare-and-set. */
  #state: ClaimState | undefined;

  constructor(options: ClaimOptions) {
    this.#o = options;
  }

  static holderId(): string {
    return holderIdFor();
  }

  /** Takes the claim when it is free, lapsed or already ours (then renews it). */
  async take(): Promise<ClaimTake> {
    const { store, key, holder } = this.#o;
    const found = await store.get<ClaimState | true>(key);
    if (found === undefined) {
      const next = this.#held([]);
      if (!(await store.setIfAbsent(key, next, { ttlMs: CLAIM_KEPT_MS }))) return "held";
      this.#state = next;
      return "taken";
    }
    // `true`: a claim written before claims named their holder; it lapses with its store TTL.
    if (found === true) return "held";
    if ("done" in found) return "done";
    if ("parked" in found) return "parked";
    const mine = found.holder === holder;
    if (!mine && found.until > this.#o.now() && !isHolderGone(found.holder)) return "held";
    return (await this.#swap(found, this.#held(found.sent))) ? "taken" : "held";
  }

  /** A parked claim becomes ours again (the person pressed Retry); false when it is not parked. */
  async reopen(): Promise<boolean> {
    const found = await this.#o.store.get<ClaimState | true>(this.#o.key);
    if (found === undefined || found === true || !("parked" in found)) return false;
    return this.#swap(found, this.#held(found.sent));
  }

  /** Extends our hold by `extraMs` beyond the usual; false when another process took it over. */
  renew(extraMs = 0): Promise<boolean> {
    const state = this.#state;
    if (!state || !("holder" in state)) return Promise.resolve(false);
    return this.#swap(state, this.#held(state.sent, extraMs));
  }

  /** True when `part` already reached the chat (sent by us or by a process before us). */
  wasSent(part: string): boolean {
    const state = this.#state;
    return state !== undefined && "sent" in state && state.sent.includes(part);
  }

  /** Keeps `part` as sent; false when the claim was lost meanwhile. */
  markSent(part: string): Promise<boolean> {
    const state = this.#state;
    if (!state || !("holder" in state)) return Promise.resolve(false);
    return this.#swap(state, { ...state, sent: [...state.sent, part] });
  }

  /** Delivery failed for good: the claim waits for `reopen` (the parts sent stay sent). */
  park(): Promise<boolean> {
    const state = this.#state;
    if (!state || !("holder" in state)) return Promise.resolve(false);
    return this.#swap(state, { parked: true, sent: state.sent }, PARKED_KEPT_MS);
  }

  /** The hold ends now, so a process that follows the job takes over at once (on stop). */
  release(): Promise<boolean> {
    const state = this.#state;
    if (!state || !("holder" in state)) return Promise.resolve(false);
    return this.#swap(state, { ...state, until: 0 });
  }

  /** Everything was delivered: nobody delivers it again. */
  finish(): Promise<boolean> {
    const state = this.#state;
    if (!state || !("holder" in state)) return Promise.resolve(false);
    return this.#swap(state, { done: true });
  }

  #held(sent: string[], extraMs = 0): ClaimState {
    return { holder: this.#o.holder, until: this.#o.now() + this.#o.holdMs + extraMs, sent };
  }

  async #swap(expected: ClaimState, next: ClaimState, ttlMs = CLAIM_KEPT_MS): Promise<boolean> {
    const { store, key } = this.#o;
    const swapped = await store.compareAndSet(key, expected, next, { ttlMs });
    if (swapped) this.#state = next;
    return swapped;
  }
}
