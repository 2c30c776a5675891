/** The most of `times` inside any window of `windowMs` (half-open), with a float tolerance. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (const [i, t] of sorted.entries()) {
    const inside = sorted.slice(i).filter((u) => u < t + windowMs - 1e-6).length;
    most = Math.max(most, inside);
  }
  return most;
}
