/**
 * A tap on an own delivery's step, as the once-mark and the audit keep it.
 * Tests: none directly
 */
import type { StatusStep } from "./own-delivery.ts";

/** Who tapped, as Telegram showed them. */
export interface Actor {
  userId: number;
  name: string;
}

export interface StepMark extends Actor {
  /** ISO time of the tap. */
  at: string;
  state: "acting" | "done";
}

export type StepAction = StatusStep | "dispute";
