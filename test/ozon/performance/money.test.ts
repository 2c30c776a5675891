import { describe, expect, it } from "vitest";
import {
  isWholeKopecks,
  kopecksToMillionths,
  millionthsToKopecks,
  millionthsToKopecksString,
  millionthsToRoubles,
  parseMillionths,
  roublesToMillionths,
} from "../../../src/ozon/performance/money.ts";

describe("money in millionths", () => {
  it("reads wire amounts given as strings or numbers", () => {
    expect(parseMillionths("202000000")).toBe(202_000_000n);
    expect(parseMillionths(202000000)).toBe(202_000_000n);
    expect(parseMillionths("9007199254740993000")).toBe(9_007_199_254_740_993_000n);
    expect(() => parseMillionths("12.5")).toThrow(RangeError);
    expect(() => parseMillionths(1.5)).toThrow(RangeError);
  });

  it("converts roubles people type, exactly", () => {
    expect(roublesToMillionths("202")).toBe(202_000_000n);
    expect(roublesToMillionths("1 500,5")).toBe(1_500_500_000n);
    expect(roublesToMillionths("1500.05 ₽")).toBe(1_500_050_000n);
    expect(roublesToMillionths("0,01")).toBe(10_000n);
    // 0.1 + 0.2 style float errors cannot happen.
    expect(roublesToMillionths("0.29")).toBe(290_000n);
    expect(() => roublesToMillionths("1.234")).toThrow(RangeError);
    expect(() => roublesToMillionths("abc")).toThrow(RangeError);
  });

  it("formats roubles rounded to kopecks", () => {
    expect(millionthsToRoubles(202_000_000n)).toBe("202.00");
    expect(millionthsToRoubles(1_500_050_000n, { decimalSeparator: "," })).toBe("1500,05");
    expect(millionthsToRoubles(5_000n)).toBe("0.01");
    expect(millionthsToRoubles(4_999n)).toBe("0.00");
    expect(millionthsToRoubles(-15_000n)).toBe("-0.02");
    expect(millionthsToRoubles(123_456_789_012_345_678n)).toBe("123456789012.35");
  });

  it("converts kopecks both ways", () => {
    expect(kopecksToMillionths(150)).toBe(1_500_000n);
    expect(kopecksToMillionths("20200")).toBe(202_000_000n);
    expect(millionthsToKopecks(202_000_000n)).toBe(20_200n);
    expect(millionthsToKopecks(15_000n)).toBe(2n);
    expect(millionthsToKopecksString(202_000_000n)).toBe("20200");
    expect(isWholeKopecks(202_000_000n)).toBe(true);
    expect(isWholeKopecks(202_000_001n)).toBe(false);
  });
});
