/**
 * The tests' one way to wait: for the expected event, with a deadline, never a fixed sleep.
 * Time here is the wall clock; code on a ManualClock (manual-clock.ts) moves with advance().
 *
 * ```ts
 * const value = await waitFor(() => store.get("key"), { timeoutMs: 2_000, message: "key set" });
 * await waitFor(async () => (await fetch(url)).ok); // a throw (refused connection) is "not yet"
 * await waitFor(() => reportOf(child), { rethrow: true }); // ...unless it means "never"
 * await withDeadline(run.exit, 20_000, "the exit"); // a promise that must settle in time
 * ```
 */
export interface WaitOptions {
  /** The deadline (default 5 s). */
  timeoutMs?: number;
  /** How often to check (default 10 ms; 0: as soon as the event loop has turned). */
  intervalMs?: number;
  /** Says what was awaited, in the error after the deadline. */
  message?: string;
  /**
   * A throw from `check` fails the wait at once (the condition can no longer come true); by
   * default it counts as "not yet", and the last one is named in the error at the deadline.
   */
  rethrow?: boolean;
}

/** What a truthy check gave: `cond && value` waits for `value`. */
type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/** Resolves with the first truthy value `check` returns (it may be async); throws at the deadline. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<Truthy<T>> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
    } catch (error) {
      if (options.rethrow) throw error;
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
