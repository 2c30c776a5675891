/**
 * Cells of a stock-and-price workbook read exactly: stock as a whole number of units, money as
 * whole kopecks (bigint, never a float sum). A cell comes as Excel gave it (a number, a string,
 * a formula's result, a rich text) or as CSV text ("1 299,50", "1299.5 ₽").
 * Tests: test/services/stock/book.test.ts, test/ozon/money.test.ts
 */

import { ozonKopecks, STOCK_TOO_BIG } from "../../ozon/index.ts";
import { type CellValue, cellText } from "./book-text.ts";

export { type CellValue, cellText } from "./book-text.ts";

/** Largest stock accepted in a cell: Ozon refuses 1 000 000 units or more (STOCK_TOO_BIG). */
export const MAX_STOCK = STOCK_TOO_BIG - 1;
/** Largest price accepted, in kopecks: 100 million roubles. */
export const MAX_PRICE_KOPECKS = 10_000_000_000n;

export type Parsed<T> = { ok: true; value: T | undefined } | { ok: false; reason: CellProblem };
export type CellProblem =
  | "not_a_number"
  | "not_whole"
  /** A stock written otherwise than in digits ("1,000", "7.0"). */
  | "not_digits"
  | "negative"
  | "too_big"
  | "stock_too_big"
  | "too_many_decimals";

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

function normalise(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, "").replace(/(₽|руб\.?|rub)$/i, "");
}

/** Digits, in groups of three after the first when spaced ("1 000", with any kind of space). */
const WHOLE = /^(?:\d+|\d{1,3}(?:[ \u00a0\u2007\u2009\u202f]\d{3})+)$/;

/**
 * Units of stock; an empty cell is `undefined` (no change asked). A text cell is a whole number
 * in digits, spaces between thousands allowed: "1,000" or "7.0" is refused (not_digits), never
 * read as 1 or 7 — a comma is a thousands separator to some and a decimal one to others.
 */
export function parseStock(value: CellValue): Parsed<number> {
  let number: number;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, reason: "not_a_number" };
    number = value;
  } else {
    const text = cellText(value);
    if (text === "") return { ok: true, value: undefined };
    const negative = text.startsWith("-");
    const digits = negative ? text.slice(1) : text;
    if (!WHOLE.test(digits)) {
      const decimal = normalise(digits);
      if (!NUMBER.test(decimal)) return { ok: false, reason: "not_a_number" };
      return Number.isInteger(Number(decimal.replace(",", ".")))
        ? { ok: false, reason: "not_digits" }
        : { ok: false, reason: "not_whole" };
    }
    if (negative) return { ok: false, reason: "negative" };
    number = Number(digits.replace(/\D/g, ""));
  }
  if (!Number.isInteger(number)) return { ok: false, reason: "not_whole" };
  if (number < 0) return { ok: false, reason: "negative" };
  if (number > MAX_STOCK) return { ok: false, reason: "stock_too_big" };
  return { ok: true, value: number };
}

/** Roubles → kopecks; an empty cell is `undefined` (no change asked). */
export function parseMoney(value: CellValue): Parsed<bigint> {
  let raw: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, reason: "not_a_number" };
    // Excel keeps doubles: 1299.5 is written back to kopecks exactly, a third decimal is refused.
    const kopecks = Math.round(value * 100);
    if (Math.abs(value * 100 - kopecks) > 1e-6) return { ok: false, reason: "too_many_decimals" };
    raw = (kopecks / 100).toFixed(2);
  } else {
    raw = normalise(cellText(value));
  }
  if (raw === "") return { ok: true, value: undefined };
  if (!NUMBER.test(raw)) return { ok: false, reason: "not_a_number" };
  const [whole = "0", fraction = ""] = raw.replace(",", ".").split(".");
  if (fraction.length > 2) return { ok: false, reason: "too_many_decimals" };
  if (whole.startsWith("-")) return { ok: false, reason: "negative" };
  if (whole.length > 12) return { ok: false, reason: "too_big" };
  const kopecks = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (kopecks > MAX_PRICE_KOPECKS) return { ok: false, reason: "too_big" };
  return { ok: true, value: kopecks };
}

/** Kopecks → Ozon's price string ("1299.50"). */
export function kopecksToRoubles(kopecks: bigint): string {
  const whole = kopecks / 100n;
  const fraction = (kopecks % 100n).toString().padStart(2, "0");
  return `${whole}.${fraction}`;
}

/** Ozon's price string ("1299.5", "0", "") → kopecks; undefined when it is not a price. */
export function roublesToKopecks(text: string | number | undefined): bigint | undefined {
  return ozonKopecks(text);
}
