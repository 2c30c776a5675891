/** Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more */
import { STOCK_TOO_BIG } from "../../ozon/index.ts";

/**
 * A typed stock answer: a new number of units ("15"), or a change of the units available now
 * ("+3", "-2", "−2", "+ 3"). Whole units only, 0 … MAX_UNITS.
 */

/** Ozon refuses a stock of a million units or more (STOCK_TOO_BIG): it is not sent. */
export const MAX_UNITS = STOCK_TOO_BIG - 1;

export type StockInput =
  | { ok: true; units: number }
  | { ok: false; reason: "not_a_number" | "below_zero" | "too_big" };

export function parseStockInput(text: string, available: number): StockInput {
  const m = /^([+\-−–])?\s*(\d{1,9})$/u.exec(text.trim().replace(/[\s\u00A0]+(?=\d)/gu, " "));
  if (!m) return { ok: false, reason: "not_a_number" };
  const n = Number(m[2]);
  const sign = m[1];
  const units = sign === undefined ? n : sign === "+" ? available + n : available - n;
  if (units < 0) return { ok: false, reason: "below_zero" };
  if (units > MAX_UNITS) return { ok: false, reason: "too_big" };
  return { ok: true, units };
}
