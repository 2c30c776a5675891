import { describe, expect, it } from "vitest";
import {
  type BudgetLimits,
  DEFAULT_BUDGET_LIMITS,
  formatRoubles,
  parseBudgetInput,
} from "../../../../src/services/ads/campaigns/budget-input.ts";

const wide: BudgetLimits = { minMillionths: 1n, maxMillionths: 10n ** 30n };

describe("parseBudgetInput: accepted answers are exact millionths", () => {
  const good: Array<[string, bigint, boolean?]> = [
    ["1500", 1_500_000_000n],
    ["1 500,50", 1_500_500_000n],
    ["1500 ₽", 1_500_000_000n],
    ["1 500.5 руб", 1_500_500_000n],
    ["1\u00A0500,50", 1_500_500_000n], // non-breaking space, as phones insert it
    ["1\u202F500,50\u00A0₽", 1_500_500_000n], // narrow no-break space
    ["  2000р. ", 2_000_000_000n],
    ["₽ 2000", 2_000_000_000n],
    ["2000 рублей", 2_000_000_000n],
    ["2000 RUB", 2_000_000_000n],
    ["+1500", 1_500_000_000n],
    ["999999,99", 999_999_990_000n],
    ["1.500,50", 1_500_500_000n], // dot groups thousands when a comma is the decimal mark
    ["1,500.50", 1_500_500_000n],
    ["10 000 000", 10_000_000_000_000n], // the default maximum itself
    ["100", 100_000_000n], // the default minimum itself
    ["1500,", 1_500_000_000n],
    ["1500,555", 1_500_560_000n, true], // half-up to the kopeck
    ["1500,554", 1_500_550_000n, true],
    ["1500,50000", 1_500_500_000n, false], // trailing zeros are not rounding
  ];
  for (const [input, millionths, rounded = false] of good) {
    it(`${JSON.stringify(input)} → ${millionths}`, () => {
      expect(parseBudgetInput(input)).toEqual({ ok: true, millionths, rounded });
    });
  }

  it("has no floating-point drift where a double would drift", () => {
    // 0.29 * 1e6 = 290000.00000000006 and 1500.5 * 1e6 is fine, but 999999.99 * 1e6 is not exact.
    expect(parseBudgetInput("0,29", wide)).toEqual({
      ok: true,
      millionths: 290_000n,
      rounded: false,
    });
    expect(parseBudgetInput("0,07", wide)).toEqual({
      ok: true,
      millionths: 70_000n,
      rounded: false,
    });
    expect(parseBudgetInput("9007199254740993,01", wide)).toEqual({
      ok: true,
      millionths: 9_007_199_254_740_993_010_000n,
      rounded: false,
    });
    expect(parseBudgetInput(",50", wide)).toEqual({
      ok: true,
      millionths: 500_000n,
      rounded: false,
    });
  });

  it("always gives a whole number of kopecks", () => {
    for (const input of ["1,234567", "77,777777", "0,015", "5,999"]) {
      const result = parseBudgetInput(input, wide);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.millionths % 10_000n).toBe(0n);
    }
    expect(parseBudgetInput("5,999", wide)).toEqual({
      ok: true,
      millionths: 6_000_000n,
      rounded: true,
    });
  });
});

describe("parseBudgetInput: refused answers carry a reason", () => {
  const bad: Array<[string, string]> = [
    ["", "not_a_number"],
    ["   ", "not_a_number"],
    ["abc", "not_a_number"],
    ["полторы тысячи", "not_a_number"],
    ["1e5", "not_a_number"],
    ["15OO", "not_a_number"], // letter O
    ["1,500,000", "not_a_number"], // ambiguous grouping
    ["1.50.0", "not_a_number"],
    ["12.345,6.7", "not_a_number"],
    ["₽", "not_a_number"],
    ["0", "not_positive"],
    ["0,00", "not_positive"],
    ["-100", "not_positive"],
    ["−1500", "not_positive"], // Unicode minus
    ["0,004", "not_positive"], // rounds to zero kopecks
    ["50", "below_min"],
    ["99,99", "below_min"],
    ["0,29", "below_min"],
    ["10 000 000,01", "above_max"],
    ["12 000 000", "above_max"],
  ];
  for (const [input, reason] of bad) {
    it(`${JSON.stringify(input)} → ${reason}`, () => {
      const result = parseBudgetInput(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toBe(reason);
    });
  }

  it("names the broken limit", () => {
    expect(parseBudgetInput("50")).toEqual({
      ok: false,
      reason: "below_min",
      limitMillionths: DEFAULT_BUDGET_LIMITS.minMillionths,
    });
    expect(parseBudgetInput("20 000 000")).toEqual({
      ok: false,
      reason: "above_max",
      limitMillionths: DEFAULT_BUDGET_LIMITS.maxMillionths,
    });
  });

  it("takes configured limits", () => {
    const limits: BudgetLimits = { minMillionths: 500_000_000n, maxMillionths: 1_000_000_000n };
    expect(parseBudgetInput("400", limits)).toMatchObject({ ok: false, reason: "below_min" });
    expect(parseBudgetInput("1000,01", limits)).toMatchObject({ ok: false, reason: "above_max" });
    expect(parseBudgetInput("750", limits)).toMatchObject({ ok: true, millionths: 750_000_000n });
  });

  it("refuses more than two decimals when told to", () => {
    const strict: BudgetLimits = { ...DEFAULT_BUDGET_LIMITS, fraction: "reject" };
    expect(parseBudgetInput("1500,555", strict)).toEqual({
      ok: false,
      reason: "too_many_decimals",
    });
    expect(parseBudgetInput("1500,550", strict)).toMatchObject({
      ok: true,
      millionths: 1_500_550_000n,
    });
  });
});

describe("formatRoubles", () => {
  const nbsp = "\u00A0";
  it("groups thousands and shows kopecks only when there are any", () => {
    expect(formatRoubles(1_500_500_000n)).toBe(`1${nbsp}500,50${nbsp}₽`);
    expect(formatRoubles(1_500_000_000n)).toBe(`1${nbsp}500${nbsp}₽`);
    expect(formatRoubles(290_000n)).toBe(`0,29${nbsp}₽`);
    expect(formatRoubles(10_000_000_000_000n)).toBe(`10${nbsp}000${nbsp}000${nbsp}₽`);
    expect(formatRoubles(999_999_990_000n)).toBe(`999${nbsp}999,99${nbsp}₽`);
  });

  it("takes a plain space, always-kopecks and no currency on request", () => {
    expect(formatRoubles(1_500_500_000n, { space: " " })).toBe("1 500,50 ₽");
    expect(formatRoubles(1_500_000_000n, { space: " ", kopecks: "always" })).toBe("1 500,00 ₽");
    expect(formatRoubles(202_000_000n, { currency: "" })).toBe("202");
  });

  it("rounds sub-kopeck remainders half-up for display", () => {
    expect(formatRoubles(1_005_000n, { space: " " })).toBe("1,01 ₽");
    expect(formatRoubles(1_004_999n, { space: " " })).toBe("1 ₽");
  });

  it("reads back what it writes", () => {
    for (const value of [100_000_000n, 1_500_500_000n, 999_999_990_000n, 10_000_000_000_000n]) {
      expect(parseBudgetInput(formatRoubles(value))).toEqual({
        ok: true,
        millionths: value,
        rounded: false,
      });
    }
  });
});

describe("English readers: money and typed amounts", () => {
  it('writes "RUB 1,500.50" for English and keeps "1 500,50 ₽" for Russian', () => {
    expect(formatRoubles(1_500_500_000n, { locale: "en" })).toBe("RUB\u00A01,500.50");
    expect(formatRoubles(1_500_000_000n, { locale: "en" })).toBe("RUB\u00A01,500");
    expect(formatRoubles(1_500_000_000n, { locale: "en", kopecks: "always" })).toBe(
      "RUB\u00A01,500.00",
    );
    expect(formatRoubles(12_345_678_900_000n, { locale: "en" })).toBe("RUB\u00A012,345,678.90");
    expect(formatRoubles(-1_500_000_000n, { locale: "en" })).toBe("−RUB\u00A01,500");
    expect(formatRoubles(1_500_500_000n, { locale: "en", currency: "" })).toBe("1,500.50");
    expect(formatRoubles(1_500_500_000n, { locale: "ru" })).toBe("1\u00A0500,50\u00A0₽");
    expect(formatRoubles(1_500_500_000n)).toBe("1\u00A0500,50\u00A0₽");
  });

  it("reads both habits in both languages", () => {
    for (const locale of ["ru", "en"] as const) {
      for (const input of ["1 500,50", "1,500.50", "1500.50", "1500,50", "RUB 1,500.50"]) {
        expect(parseBudgetInput(input, DEFAULT_BUDGET_LIMITS, locale)).toEqual({
          ok: true,
          millionths: 1_500_500_000n,
          rounded: false,
        });
      }
    }
  });

  it("takes several comma groups as thousands from an English reader only", () => {
    expect(parseBudgetInput("1,500,000", DEFAULT_BUDGET_LIMITS, "en")).toEqual({
      ok: true,
      millionths: 1_500_000_000_000n,
      rounded: false,
    });
    expect(parseBudgetInput("1,500,000", DEFAULT_BUDGET_LIMITS, "ru")).toMatchObject({
      ok: false,
      reason: "not_a_number",
    });
    expect(parseBudgetInput("1,500,00", DEFAULT_BUDGET_LIMITS, "en")).toMatchObject({ ok: false });
  });
});
