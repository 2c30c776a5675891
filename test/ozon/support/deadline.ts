/** Waits for a condition with a deadline (never a fixed sleep). */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met before the deadline");
    await new Promise((resolve) => setImmediate(resolve));
  }
}
