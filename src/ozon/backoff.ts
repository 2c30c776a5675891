/**
 * When to try again: Retry-After first, else exponential backoff with full jitter and a cap.
 * Tests: test/ozon/errors.test.ts
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Backoff before the first retry (before jitter). */
  baseDelayMs: number;
  /** No backoff delay exceeds this. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the rate-limit error goes to the caller. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/** Full jitter: a uniform delay in [0, min(cap, base·2^n)) for the n-th retry (n from 0). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

/** `Retry-After` as seconds (fractions tolerated) or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // Only the HTTP-date forms (IMF-fixdate, RFC 850): V8's lenient parser reads "-1" as a date.
  if (!/^[A-Za-z]{3,9}, .+ GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
