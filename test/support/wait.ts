/**
 * Waiting for something with a deadline instead of sleeping a fixed time.
 *
 * ```ts
 * const value = await waitFor(() => store.get("key"), { timeoutMs: 2_000, message: "key set" });
 * await waitFor(async () => (await fetch(url)).ok);
 * ```
 */
export interface WaitOptions {
  timeoutMs?: number;
  /** How often to check (default 10 ms). */
  intervalMs?: number;
  /** Says what was awaited, in the error after the deadline. */
  message?: string;
}

/** Resolves with the first truthy value `check` returns (it may be async); throws at the deadline. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = options.message ?? "condition";
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`waitFor: ${what} not met within ${timeoutMs} ms${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves when `promise` settles or rejects after `timeoutMs`. */
export function withDeadline<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what = "operation",
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
