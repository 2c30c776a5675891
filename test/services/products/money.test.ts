/** Prices exact (kopecks as bigint), the size of a change, and a typed stock answer. */
import { describe, expect, it } from "vitest";
import {
  bigChange,
  kopecksOf,
  parsePriceInput,
  parseStockInput,
  percentChange,
  rublesText,
} from "../../../src/services/products/index.ts";

describe("products: money", () => {
  it("reads Ozon's decimal strings and numbers' text to the kopeck, without floats", () => {
    expect(kopecksOf("1290")).toBe(129_000n);
    expect(kopecksOf("1290.5")).toBe(129_050n);
    expect(kopecksOf("0.29")).toBe(29n);
    // A float's text (the v5 form writes numbers) is rounded half up to the kopeck.
    expect(kopecksOf("1290.4999999")).toBe(129_050n);
    expect(kopecksOf("999999999999.99")).toBe(99_999_999_999_999n);
    expect(kopecksOf("-1")).toBeUndefined();
    expect(kopecksOf("1e3")).toBeUndefined();
    expect(rublesText(129_050n)).toBe("1290.50");
    expect(rublesText(5n)).toBe("0.05");
  });

  it("takes a typed price as a person writes it; refuses more than kopecks", () => {
    expect(parsePriceInput("1 290,50 ₽")).toEqual({ ok: true, kopecks: 129_050n });
    expect(parsePriceInput("1290.5")).toEqual({ ok: true, kopecks: 129_050n });
    // Prices where float maths goes wrong (0.29 × 100 = 28.999…): read digit by digit.
    expect(parsePriceInput("0,29")).toEqual({ ok: true, kopecks: 29n });
    expect(parsePriceInput("19,99")).toEqual({ ok: true, kopecks: 1_999n });
    expect(parsePriceInput("4.35 ₽")).toEqual({ ok: true, kopecks: 435n });
    expect(parsePriceInput("1 290,57")).toEqual({ ok: true, kopecks: 129_057n });
    expect(parsePriceInput("19.99", false, "en")).toEqual({ ok: true, kopecks: 1_999n });
    expect(parsePriceInput("12.345")).toEqual({ ok: false, reason: "too_many_decimals" });
    expect(parsePriceInput("0")).toEqual({ ok: false, reason: "not_positive" });
    expect(parsePriceInput("0", true)).toEqual({ ok: true, kopecks: 0n });
    expect(parsePriceInput("много")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parsePriceInput("1000000000")).toEqual({ ok: false, reason: "too_big" });
  });

  it("names the change in % and, beyond 50 % either way, how many times", () => {
    expect(percentChange(549_000n, 499_050n)).toBe("−9.1");
    expect(percentChange(100n, 150n)).toBe("+50");
    expect(percentChange(100n, 100n)).toBe("0");
    expect(bigChange(549_000n, 54_900n)).toEqual({ direction: "lower", times: "10" });
    expect(bigChange(549_000n, 900_000n)).toEqual({ direction: "higher", times: "1.6" });
    // Exactly 50 % either way is not yet "more than 50 %".
    expect(bigChange(100n, 150n)).toBeUndefined();
    expect(bigChange(100n, 50n)).toBeUndefined();
    expect(bigChange(100n, 49n)).toEqual({ direction: "lower", times: "2" });
  });
});

describe("products: a typed stock answer", () => {
  it("a number, or +N / −N from the units available", () => {
    expect(parseStockInput("15", 4)).toEqual({ ok: true, units: 15 });
    expect(parseStockInput("+5", 4)).toEqual({ ok: true, units: 9 });
    expect(parseStockInput("−2", 4)).toEqual({ ok: true, units: 2 });
    expect(parseStockInput("- 2", 4)).toEqual({ ok: true, units: 2 });
    expect(parseStockInput("-5", 4)).toEqual({ ok: false, reason: "below_zero" });
    expect(parseStockInput("1.5", 4)).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseStockInput("2000000", 4)).toEqual({ ok: false, reason: "too_big" });
  });
});
