/**
 * Performance API money is in millionths of a rouble (1 000 000 = 1 ₽), rounded to kopecks
 * (10 000 millionths). Everything here is exact bigint arithmetic: no floating point.
 * Tests: test/ozon/performance/money.test.ts, test/bot/ads/campaigns/campaigns.test.ts and 6 more
 */

export const MILLIONTHS_PER_ROUBLE = 1_000_000n;
export const MILLIONTHS_PER_KOPECK = 10_000n;

/** A wire amount (string or number of millionths) as bigint. */
export function parseMillionths(value: string | number | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`);
    return BigInt(value);
  }
  const text = value.trim();
  if (!/^-?\d+$/.test(text)) throw new RangeError(`not an integer amount: "${value}"`);
  return BigInt(text);
}

export function isWholeKopecks(millionths: bigint): boolean {
  return millionths % MILLIONTHS_PER_KOPECK === 0n;
}

export function kopecksToMillionths(kopecks: bigint | number | string): bigint {
  return parseMillionths(kopecks) * MILLIONTHS_PER_KOPECK;
}

/** Rounds half away from zero to whole kopecks, as Ozon rounds. */
export function millionthsToKopecks(millionths: bigint): bigint {
  const sign = millionths < 0n ? -1n : 1n;
  const magnitude = millionths * sign;
  const kopecks = (magnitude + MILLIONTHS_PER_KOPECK / 2n) / MILLIONTHS_PER_KOPECK;
  return kopecks * sign;
}

/**
 * Parses roubles as people write them: `1500`, `1500.5`, `1 500,50`, `1500 ₽`.
 * At most two decimals (kopecks); anything else is a RangeError.
 */
export function roublesToMillionths(text: string): bigint {
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(₽|руб\.?|р\.?|rub)$/i, "")
    .replace(",", ".");
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) throw new RangeError(`not an amount of roubles with at most two decimals: "${text}"`);
  const [, minus, whole = "0", fraction = ""] = match;
  const kopecks = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  const millionths = kopecks * MILLIONTHS_PER_KOPECK;
  return minus ? -millionths : millionths;
}

/** `202000000` → `"202.00"`, rounded to kopecks; `decimalSeparator` for display (`","` in Russian). */
export function millionthsToRoubles(
  millionths: bigint,
  options: { decimalSeparator?: string } = {},
): string {
  const kopecks = millionthsToKopecks(millionths);
  const sign = kopecks < 0n ? "-" : "";
  const magnitude = kopecks < 0n ? -kopecks : kopecks;
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(2, "0");
  return `${sign}${whole}${options.decimalSeparator ?? "."}${fraction}`;
}

/** Whole kopecks as a decimal string, e.g. for storage or comparison. */
export function millionthsToKopecksString(millionths: bigint): string {
  return millionthsToKopecks(millionths).toString();
}
