/**
 * Units of a day's accrual line, from its amount over the unit's price: rounded to the nearest
 * unit the same way for a sale and for a return (a return of one unit is −1, not 0).
 */
import { describe, expect, it } from "vitest";
import { unitsOf } from "../../../src/services/money/margins.ts";

describe("units of an accrual line", () => {
  it("rounds sales and returns alike", () => {
    expect(unitsOf(100_000n, 100_000n)).toBe(1);
    expect(unitsOf(-100_000n, 100_000n)).toBe(-1);
    expect(unitsOf(-200_000n, 100_000n)).toBe(-2);
    expect(unitsOf(200_020n, 100_010n)).toBe(2);
    expect(unitsOf(-200_020n, 100_010n)).toBe(-2);
    // A discount Ozon co-funded: the amount a little under two prices is still two units.
    expect(unitsOf(-190_000n, 100_000n)).toBe(-2);
    expect(unitsOf(0n, 100_000n)).toBe(0);
    expect(unitsOf(-5n, undefined)).toBe(-1);
  });
});
