/**
 * The sandbox's shipping desk of one store: batch label tasks and handover acts, each ready after
 * a few polls as Ozon's are, and the knobs tests turn (how many polls, postings Ozon leaves out of
 * an act, an act that fails). Kept beside the store's state rather than in it: only these routes
 * read it.
 * Tests: none directly
 */
import type { SandboxState } from "../state.ts";

export interface LabelTaskRecord {
  id: number;
  postingNumbers: string[];
  polls: number;
  /** The v2 create's `task_type` (`big_label`, `small_label`); none for the v1 create's task. */
  type?: "big_label" | "small_label";
}

export interface ActRecord {
  id: number;
  deliveryMethodId: number | undefined;
  containers: number;
  /** What Ozon took into the act and what it left out (with why). */
  added: string[];
  removed: Array<{ postingNumber: string; reason: string }>;
  polls: number;
  failText: string | undefined;
}

export interface ShippingDesk {
  /** check-status answers `in_process` this many times before `ready` (default 2). */
  actPollsBeforeReady: number;
  /** package-label/get answers `pending`/`in_progress` this many times first (default 1). */
  labelPollsBeforeReady: number;
  /** Postings the next acts leave out, with Ozon's reason. */
  leaveOut(postingNumber: string, reason?: string): void;
  /** The next act created ends in `error` with this text. */
  failNextAct(text: string): void;
  readonly acts: ReadonlyMap<number, ActRecord>;
  readonly labelTasks: ReadonlyMap<number, LabelTaskRecord>;
}

export interface DeskInternals extends ShippingDesk {
  acts: Map<number, ActRecord>;
  labelTasks: Map<number, LabelTaskRecord>;
  leftOut: Map<string, string>;
  nextFailText: string | undefined;
  nextId: number;
}

const desks = new WeakMap<SandboxState, DeskInternals>();

/** The desk of a store (made on first use). */
export function deskOf(state: SandboxState): DeskInternals {
  let desk = desks.get(state);
  if (!desk) {
    const made: DeskInternals = {
      actPollsBeforeReady: 2,
      labelPollsBeforeReady: 1,
      acts: new Map(),
      labelTasks: new Map(),
      leftOut: new Map(),
      nextFailText: undefined,
      // Ozon's act and task ids are large numbers.
      nextId: 900_000_250_859_000,
      leaveOut(postingNumber, reason = "POSTING_HAS_NOT_BEEN_SCANNED") {
        made.leftOut.set(postingNumber, reason);
      },
      failNextAct(text) {
        made.nextFailText = text;
      },
    };
    desk = made;
    desks.set(state, desk);
  }
  return desk;
}
