/**
 * A person's daily-budget answer in roubles → exact millionths of a rouble (the Performance API's
 * money unit), and millionths → "1 500,50 ₽" for display.
 *
 * Only strings and bigint arithmetic: "0,29" is 290 000 millionths, never 0.29 * 1e6.
 *
 * Kopeck rule: Ozon keeps money "rounded to kopecks", so the result is always a whole number of
 * kopecks. Up to two decimals are taken exactly. More decimals are, by default, rounded half-up
 * to the kopeck ("1500,555" → 1 500,56 ₽) and the result says `rounded: true` so the confirmation
 * step can show what will be sent; `fraction: "reject"` refuses them with `too_many_decimals`
 * instead.
 *
 * Limits: Ozon's OpenAPI document (June 2026) states no minimum for `dailyBudget`; the only
 * figure it gives is for the whole campaign budget (the retired POST /external/api/dynamic_budget:
 * "2 000 рублей × 1 SKU"). The defaults here are a sane range, 100 ₽ … 10 000 000 ₽ a day, and
 * both ends are configurable; Ozon still has the last word and its refusal is shown as is.
 * Weekly budgets (the kind most pay-per-click campaigns now have) default to seven times that,
 * 700 ₽ … 70 000 000 ₽ a week, configurable on their own.
 *
 * money.ts (the client's) has roublesToMillionths, but it throws on anything but a plain amount
 * with at most two decimals; a conversation needs reason codes, currency words, grouping and
 * limits, so the parsing lives here and only the units and rounding come from money.ts.
 * Tests: test/services/ads/campaigns/budget-input.test.ts and 14 more
 */

import {
  MILLIONTHS_PER_KOPECK,
  MILLIONTHS_PER_ROUBLE,
  millionthsToKopecks,
} from "../../../ozon/performance/money.ts";

export interface BudgetLimits {
  /** Smallest accepted daily budget, millionths of a rouble (inclusive). */
  minMillionths: bigint;
  /** Largest accepted daily budget, millionths of a rouble (inclusive). */
  maxMillionths: bigint;
  /** What to do with more than two decimals: round half-up to kopecks (default) or refuse. */
  fraction?: "round" | "reject";
}

export const DEFAULT_BUDGET_LIMITS: BudgetLimits = {
  minMillionths: 100n * MILLIONTHS_PER_ROUBLE,
  maxMillionths: 10_000_000n * MILLIONTHS_PER_ROUBLE,
  fraction: "round",
};

/** Seven days of the daily defaults. */
export const DEFAULT_WEEKLY_BUDGET_LIMITS: BudgetLimits = {
  minMillionths: 700n * MILLIONTHS_PER_ROUBLE,
  maxMillionths: 70_000_000n * MILLIONTHS_PER_ROUBLE,
  fraction: "round",
};

export type BudgetInputReason =
  | "not_a_number"
  | "not_positive"
  | "too_many_decimals"
  | "below_min"
  | "above_max";

export type BudgetInputResult =
  | { ok: true; millionths: bigint; rounded: boolean }
  | {
      ok: false;
      reason: BudgetInputReason;
      /** The limit that was broken (for below_min / above_max), so the answer can name it. */
      limitMillionths?: bigint;
    };

/** Everything Telegram users type as a space inside a number. */
const SPACES = /[\s\u00A0\u2007\u2009\u202F'’_]/g;
/** Currency marks accepted before or after the amount (input already lower-cased). */
const CURRENCY = "(?:₽|руб(?:лей|ля|ль)?\\.?|р\\.?|rub(?:les?)?\\.?|rur\\.?)";
const LEADING_CURRENCY = new RegExp(`^${CURRENCY}`, "u");
const TRAILING_CURRENCY = new RegExp(`${CURRENCY}$`, "u");

/** Whose habits read an ambiguous "1,500": "en" groups thousands with commas, "ru" (default) does not. */
export type AmountLocale = "ru" | "en";

/**
 * Splits "1500,50" / "1.500,50" / "1,500.50" into whole and fraction digits; undefined when the
 * text is not a plain decimal number. With both separators the rightmost is the decimal one and
 * the other must group thousands properly. English habits add one more reading: several commas
 * that group thousands ("1,500,000") are grouping. A single "1,500" stays a decimal in both
 * languages (the confirmation shows what was read), as people type "150,50" for a decimal.
 */
function splitDecimal(
  text: string,
  locale: AmountLocale,
): { whole: string; fraction: string } | undefined {
  const comma = text.lastIndexOf(",");
  const dot = text.lastIndexOf(".");
  let whole: string;
  let fraction = "";
  if (locale === "en" && dot < 0 && /^\d{1,3}(,\d{3}){2,}$/.test(text)) {
    whole = text.replace(/,/g, "");
  } else if (comma >= 0 && dot >= 0) {
    const decimalAt = Math.max(comma, dot);
    const grouping = decimalAt === comma ? "." : ",";
    const head = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    const groups = head.split(grouping);
    const [first, ...others] = groups;
    if (!first || !/^\d{1,3}$/.test(first) || others.some((g) => !/^\d{3}$/.test(g))) {
      return undefined;
    }
    whole = groups.join("");
  } else if (comma >= 0 || dot >= 0) {
    const at = Math.max(comma, dot);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
  } else {
    whole = text;
  }
  if (whole === "") whole = "0"; // ",50" means 0,50
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  return { whole, fraction };
}

/** Parses a budget (daily or weekly: the limits say which) typed in roubles; see the file comment for the kopeck rule. */
export function parseBudgetInput(
  input: string,
  limits: BudgetLimits = DEFAULT_BUDGET_LIMITS,
  locale: AmountLocale = "ru",
): BudgetInputResult {
  let text = input.normalize("NFKC").toLowerCase().replace(SPACES, "");
  text = text.replace(LEADING_CURRENCY, "").replace(TRAILING_CURRENCY, "");
  let negative = false;
  if (text.startsWith("-") || text.startsWith("−")) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith("+")) {
    text = text.slice(1);
  }
  if (!/\d/.test(text)) return { ok: false, reason: "not_a_number" };
  const parts = splitDecimal(text, locale);
  if (!parts) return { ok: false, reason: "not_a_number" };

  const { whole, fraction } = parts;
  const rounded = fraction.length > 2 && /[1-9]/.test(fraction.slice(2));
  if (rounded && limits.fraction === "reject") return { ok: false, reason: "too_many_decimals" };

  // Whole kopecks, then half-up on the third decimal.
  const kopecksText = `${whole}${fraction.slice(0, 2).padEnd(2, "0")}`;
  let kopecks = BigInt(kopecksText);
  const third = fraction.charCodeAt(2) - 48;
  if (fraction.length > 2 && third >= 5) kopecks += 1n;
  const millionths = kopecks * MILLIONTHS_PER_KOPECK;

  if (negative || millionths <= 0n) return { ok: false, reason: "not_positive" };
  if (millionths < limits.minMillionths) {
    return { ok: false, reason: "below_min", limitMillionths: limits.minMillionths };
  }
  if (millionths > limits.maxMillionths) {
    return { ok: false, reason: "above_max", limitMillionths: limits.maxMillionths };
  }
  return { ok: true, millionths, rounded };
}

export interface FormatRoublesOptions {
  /** Group separator and the space before ₽; a non-breaking space by default so ₽ never wraps. */
  space?: string;
  /** "auto" shows kopecks only when there are any ("1 500 ₽", "1 500,50 ₽"); "always" shows ",00". */
  kopecks?: "auto" | "always";
  /** Currency mark; "" leaves it out. English writes "RUB" in front unless told otherwise. */
  currency?: string;
  /** The reader's language: "ru" (default) writes "1 500,50 ₽", "en" writes "RUB 1,500.50". */
  locale?: string;
}

/**
 * Millionths → "1 500,50 ₽" (Russian) or "RUB 1,500.50" (English: the form Intl gives for en and
 * the one English postings and report summaries already use). Sub-kopeck remainders (Ozon rounds
 * to kopecks, so they should not occur) are rounded half-up for display.
 */
export function formatRoubles(millionths: bigint, options: FormatRoublesOptions = {}): string {
  const english = options.locale?.startsWith("en") === true;
  const space = options.space ?? "\u00A0";
  const negative = millionths < 0n;
  const abs = negative ? -millionths : millionths;
  const kopecks = millionthsToKopecks(abs);
  const roubles = kopecks / 100n;
  const rest = kopecks % 100n;
  const grouped = roubles.toString().replace(/\B(?=(\d{3})+(?!\d))/g, english ? "," : space);
  const showKopecks = options.kopecks === "always" || rest !== 0n;
  const decimal = english ? "." : ",";
  const number = showKopecks ? `${grouped}${decimal}${rest.toString().padStart(2, "0")}` : grouped;
  const signed = negative ? `−${number}` : number;
  if (english) {
    const currency = options.currency ?? "RUB";
    return currency ? `${negative ? "−" : ""}${currency}${space}${number}` : signed;
  }
  const currency = options.currency ?? "₽";
  return currency ? `${signed}${space}${currency}` : signed;
}
