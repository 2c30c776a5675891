/**
 * An Ozon call made from a guided dialog. It runs once in `conversation.external`, so a replay
 * (the next update, or after a restart) reads the recorded result instead of calling Ozon again,
 * and a failure comes back as plain data (the area's own description of it), never an exception:
 * a thrown error would end the dialog, and only JSON-safe values survive in saved dialog state.
 * Tests: none directly
 */
import type { BotConversation } from "../context.ts";

export type OzonCallResult<T, P> = { ok: true; value: T } | { ok: false; problem: P };

/** `toProblem` turns what the call threw into the area's replayable problem description. */
export function callOzon<T, P>(
  conversation: BotConversation,
  call: () => Promise<T>,
  toProblem: (error: unknown) => P,
): Promise<OzonCallResult<T, P>> {
  return conversation.external(async (): Promise<OzonCallResult<T, P>> => {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      return { ok: false, problem: toProblem(error) };
    }
  });
}
