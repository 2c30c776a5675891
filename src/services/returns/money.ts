/**
 * A typed refund amount → exact kopecks (bigint, never a float): "150", "150,5", "1 234.50 ₽",
 * "1,234.50" — read by the one amount parser the budgets, bids and prices use (ads'
 * parseBudgetInput), so every typed amount takes the same forms. More than two decimals, zero, a
 * minus, or not a number are refused with a reason.
 * Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 2 more
 */
import { ozonKopecks } from "../../ozon/index.ts";
import { type AmountLocale, parseBudgetInput } from "../ads/index.ts";

export type AmountResult =
  | { ok: true; kopecks: bigint }
  | { ok: false; reason: "not_a_number" | "too_many_decimals" | "not_positive" | "too_long" };

const MILLIONTHS_PER_KOPECK = 10_000n;
/** Twelve digits of roubles, as before the parser was shared. */
const MAX_KOPECKS = 10n ** 14n - 1n;

export function parseKopecks(text: string, locale: AmountLocale = "ru"): AmountResult {
  if (text.length > 40) return { ok: false, reason: "too_long" };
  // A refund is never negative: a minus is not an amount at all.
  if (/[-−]/u.test(text)) return { ok: false, reason: "not_a_number" };
  const parsed = parseBudgetInput(
    text,
    {
      minMillionths: MILLIONTHS_PER_KOPECK,
      maxMillionths: MAX_KOPECKS * MILLIONTHS_PER_KOPECK,
      fraction: "reject",
    },
    locale,
  );
  if (parsed.ok) return { ok: true, kopecks: parsed.millionths / MILLIONTHS_PER_KOPECK };
  switch (parsed.reason) {
    case "above_max":
      return { ok: false, reason: "too_long" };
    case "below_min":
    case "not_positive":
      return { ok: false, reason: "not_positive" };
    default:
      return { ok: false, reason: parsed.reason };
  }
}

/** Ozon's price → kopecks: the one reader of Ozon's money (ozon/money.ts), by this area's name. */
export const priceKopecks = ozonKopecks;

/** 15050n → "150.50". */
export function kopecksText(kopecks: bigint): string {
  return `${kopecks / 100n}.${(kopecks % 100n).toString().padStart(2, "0")}`;
}
