/**
 * A typed refund amount → exact kopecks (bigint, never a float): "150", "150,5", "1 234.50 ₽".
 * More than two decimals, zero, or not a number are refused with a reason.
 */
export type AmountResult =
  | { ok: true; kopecks: bigint }
  | { ok: false; reason: "not_a_number" | "too_many_decimals" | "not_positive" | "too_long" };

const SPACES = /[\s\u00A0\u2007\u2009\u202F'’_]/g;
const CURRENCY = /(₽|руб\.?|р\.?|rub)$/iu;

export function parseKopecks(text: string): AmountResult {
  if (text.length > 40) return { ok: false, reason: "too_long" };
  const plain = text.toLowerCase().replace(SPACES, "").replace(CURRENCY, "");
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(plain);
  if (!match) return { ok: false, reason: "not_a_number" };
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, reason: "too_many_decimals" };
  const kopecks = BigInt(match[1] as string) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  if (kopecks <= 0n) return { ok: false, reason: "not_positive" };
  return { ok: true, kopecks };
}

/** "1290" / "1290.5" / 1290.5 (Ozon's price) → kopecks; undefined when it is not a plain amount. */
export function priceKopecks(price: string | undefined): bigint | undefined {
  if (price === undefined) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price);
  if (!match) return undefined;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? "").padEnd(2, "0") || "0");
}

/** 15050n → "150.50". */
export function kopecksText(kopecks: bigint): string {
  return `${kopecks / 100n}.${(kopecks % 100n).toString().padStart(2, "0")}`;
}
