/**
 * `{result: false}`: how Ozon's documents let a call say it did nothing without an error
 * (`postingBooleanResponse` of `/v2/posting/fbs/arbitration` and `/v2/posting/fbs/cancel`). A test
 * arms the next calls of one method; they answer so and change nothing.
 * Tests: none directly
 */
import { z } from "zod";
import type { SandboxState } from "../state.ts";

export const DECLINABLE = ["/v2/posting/fbs/arbitration", "/v2/posting/fbs/cancel"] as const;
export type DeclinablePath = (typeof DECLINABLE)[number];

const armed = new WeakMap<SandboxState, Map<DeclinablePath, number>>();

export const declineSchema = z.object({
  path: z.enum(DECLINABLE),
  times: z.number().int().min(1).max(100).optional(),
});

/** Control: the next `times` (default 1) calls of `path` answer `{result: false}`. */
export function declineNext(state: SandboxState, input: unknown): { path: string; times: number } {
  const { path, times = 1 } = declineSchema.parse(input);
  let paths = armed.get(state);
  if (!paths) {
    paths = new Map();
    armed.set(state, paths);
  }
  paths.set(path, (paths.get(path) ?? 0) + times);
  return { path, times };
}

/** Whether this call of `path` is one to decline (it uses one up). */
export function declines(state: SandboxState, path: DeclinablePath): boolean {
  const paths = armed.get(state);
  const left = paths?.get(path) ?? 0;
  if (left <= 0) return false;
  paths?.set(path, left - 1);
  return true;
}
