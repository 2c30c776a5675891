/**
 * What went wrong with an Ozon call, kept as data (a locale key and its values): every capability
 * tells a person what Ozon said the same way (`problemText`), and a dialog's replay reads it back
 * from its record instead of an exception. Each capability words the one classification of Ozon's
 * failures (ozon/errors.ts) in its own keys: services/postings/problem.ts, bot/ads/format.ts.
 * Tests: none directly
 */

/** A sentence about a failure, kept as data: `t(problem.key, problem.vars)`. */
export interface Problem {
  key: string;
  vars?: Record<string, string>;
  /** Asking Ozon again can never succeed: the posting is cancelled, packed, unknown… */
  final?: true;
  /** The shop was paused or removed: a dialog ends with this sentence. */
  shopGone?: true;
  /** Ozon refused the request, in its own words ("" when it gave none). */
  refused?: string;
}

/** The sentence of `problem` in the language of `t`. */
export function problemText(
  t: (key: string, variables?: Record<string, string>) => string,
  problem: Problem,
): string {
  return t(problem.key, problem.vars);
}
