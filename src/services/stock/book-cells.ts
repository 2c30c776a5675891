/**
 * Cells of a stock-and-price workbook read exactly: stock as a whole number of units, money as
 * whole kopecks (bigint, never a float sum). A cell comes as Excel gave it (a number, a string,
 * a formula's result, a rich text) or as CSV text ("1 299,50", "1299.5 ₽").
 */

import { ozonKopecks, STOCK_TOO_BIG } from "../../ozon/index.ts";

/** Largest stock accepted in a cell: Ozon refuses 1 000 000 units or more (STOCK_TOO_BIG). */
export const MAX_STOCK = STOCK_TOO_BIG - 1;
/** Largest price accepted, in kopecks: 100 million roubles. */
export const MAX_PRICE_KOPECKS = 10_000_000_000n;

export type CellValue = string | number | boolean | Date | null | undefined | object;

export type Parsed<T> = { ok: true; value: T | undefined } | { ok: false; reason: CellProblem };
export type CellProblem =
  | "not_a_number"
  | "not_whole"
  | "negative"
  | "too_big"
  | "stock_too_big"
  | "too_many_decimals";

/** The text of a cell: numbers as written, formulas by their result, rich text joined. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  const record = value as Record<string, unknown>;
  if ("result" in record) return cellText(record.result as CellValue);
  if (Array.isArray(record.richText)) {
    return record.richText
      .map((part: { text?: unknown }) => String(part.text ?? ""))
      .join("")
      .trim();
  }
  if ("text" in record) return cellText(record.text as CellValue);
  return "";
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

function normalise(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, "").replace(/(₽|руб\.?|rub)$/i, "");
}

/** Units of stock; an empty cell is `undefined` (no change asked). */
export function parseStock(value: CellValue): Parsed<number> {
  const raw = typeof value === "number" ? String(value) : normalise(cellText(value));
  if (raw === "") return { ok: true, value: undefined };
  if (!NUMBER.test(raw)) return { ok: false, reason: "not_a_number" };
  const number = Number(raw.replace(",", "."));
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
