/** Polls until `probe` returns something truthy and returns it; fails after a deadline. */
export async function eventually<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 5_000, intervalMs = 5 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe();
    if (result) return result as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
