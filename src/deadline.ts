/**
 * Waiting with a deadline given as an AbortSignal (`AbortSignal.timeout(ms)`, a stop signal).
 * Tests: none directly
 */

/** True when `promise` settled (either way) before `signal` aborted; it is left running otherwise. */
export async function settlesBefore(
  promise: Promise<unknown>,
  signal: AbortSignal,
): Promise<boolean> {
  if (signal.aborted) return false;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<false>((resolve) => {
    onAbort = () => resolve(false);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}
