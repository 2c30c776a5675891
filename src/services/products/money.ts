/**
 * Prices exact: kopecks as bigint, Ozon's decimal strings of roubles ("1290.5", or 1290.5 as a
 * number in the newer forms) read digit by digit, a person's answer read as budgets are
 * ("1 290,50 ₽"), and how big a change is (percent, or "10 times lower") without floats.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 3 more
 */
import { ozonKopecks } from "../../ozon/index.ts";
import { type AmountLocale, formatRoubles, parseBudgetInput } from "../ads/index.ts";

const MILLIONTHS_PER_KOPECK = 10_000n;
/** The highest price taken from a person: 100 million roubles. */
export const MAX_PRICE_KOPECKS = 10_000_000_000n;

/** Ozon's price → kopecks: the one reader of Ozon's money (ozon/money.ts), by this area's name. */
export const kopecksOf = ozonKopecks;

/** Kopecks → the decimal string Ozon takes ("1290.50"). */
export function rublesText(kopecks: bigint): string {
  return `${kopecks / 100n}.${(kopecks % 100n).toString().padStart(2, "0")}`;
}

/** Kopecks → "1 290,50 ₽" (or "RUB 1,290.50" for an English reader) for people. */
export function priceText(kopecks: bigint, locale?: string): string {
  return formatRoubles(kopecks * MILLIONTHS_PER_KOPECK, { locale });
}

export type PriceInput =
  | { ok: true; kopecks: bigint }
  | { ok: false; reason: "not_a_number" | "not_positive" | "too_many_decimals" | "too_big" };

/** A typed price: more than two decimals are refused, not rounded (a price is exact). */
export function parsePriceInput(
  text: string,
  allowZero = false,
  locale: AmountLocale = "ru",
): PriceInput {
  const trimmed = text.trim().slice(0, 64);
  if (allowZero && /^0+([.,]0+)?\s*(₽|руб\.?|р\.?|rub)?$/iu.test(trimmed))
    return { ok: true, kopecks: 0n };
  const parsed = parseBudgetInput(
    trimmed,
    {
      minMillionths: MILLIONTHS_PER_KOPECK,
      maxMillionths: MAX_PRICE_KOPECKS * MILLIONTHS_PER_KOPECK,
      fraction: "reject",
    },
    locale,
  );
  if (parsed.ok) return { ok: true, kopecks: parsed.millionths / MILLIONTHS_PER_KOPECK };
  switch (parsed.reason) {
    case "above_max":
      return { ok: false, reason: "too_big" };
    case "below_min":
    case "not_positive":
      return { ok: false, reason: "not_positive" };
    default:
      return { ok: false, reason: parsed.reason };
  }
}

/** The change from `old` to `now` in percent with one decimal, signed: "+12.5", "−50", "0". */
export function percentChange(old: bigint, now: bigint): string {
  if (old === 0n) return "";
  const scaled = (now - old) * 1000n;
  // Half away from zero to the tenth of a percent.
  let tenths = scaled / old;
  const rest = scaled % old;
  if ((rest < 0n ? -rest : rest) * 2n >= old) tenths += scaled < 0n ? -1n : 1n;
  const abs = tenths < 0n ? -tenths : tenths;
  const text = abs % 10n === 0n ? `${abs / 10n}` : `${abs / 10n}.${abs % 10n}`;
  if (tenths === 0n) return "0";
  return tenths > 0n ? `+${text}` : `−${text}`;
}

/**
 * A change of more than 50 % either way: how many times higher or lower (one decimal, "10",
 * "2.5"); undefined for a smaller change.
 */
export function bigChange(
  old: bigint,
  now: bigint,
): { direction: "higher" | "lower"; times: string } | undefined {
  if (old <= 0n || now <= 0n) return undefined;
  // More than 50 % either way: now > 1.5 × old, or now < 0.5 × old.
  const higher = now * 2n > old * 3n;
  const lower = now * 2n < old;
  if (!higher && !lower) return undefined;
  const [big, small] = higher ? [now, old] : [old, now];
  const tenths = (big * 10n + small / 2n) / small;
  const times = tenths % 10n === 0n ? `${tenths / 10n}` : `${tenths / 10n}.${tenths % 10n}`;
  return { direction: higher ? "higher" : "lower", times };
}
