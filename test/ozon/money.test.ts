/**
 * One reader of Ozon's money for every area: the card, the returns and the workbook read
 * "1290.0000" as 1 290 ₽ alike (the returns and the workbook read it as no price before).
 */
import { describe, expect, it } from "vitest";
import { ozonKopecks, ozonSignedKopecks } from "../../src/ozon/index.ts";
import { kopecksOf } from "../../src/services/products/index.ts";
import { priceKopecks } from "../../src/services/returns/index.ts";
import { roublesToKopecks } from "../../src/services/stock/book-cells.ts";

describe("Ozon's money → kopecks", () => {
  it("reads every form Ozon writes, exactly", () => {
    expect(ozonKopecks("1290.0000")).toBe(129_000n);
    expect(ozonKopecks("1290.5000")).toBe(129_050n);
    expect(ozonKopecks("1290")).toBe(129_000n);
    expect(ozonKopecks(" 0.29 ")).toBe(29n);
    expect(ozonKopecks(1299.9)).toBe(129_990n);
    expect(ozonKopecks("1290.4999999999998")).toBe(129_050n);
    expect(ozonKopecks("999999999999999.99")).toBe(99_999_999_999_999_999n);
  });

  it("is no price for anything else", () => {
    for (const bad of [
      "",
      "-1290",
      "1,290.00",
      "1e3",
      "abc",
      "1290.",
      Number.NaN,
      undefined,
      null,
    ]) {
      expect(ozonKopecks(bad)).toBeUndefined();
    }
  });

  it("the card, the returns and the workbook read alike", () => {
    for (const text of ["1290.0000", "1290.5", "0", "1e3", "-1"]) {
      expect(kopecksOf(text)).toBe(ozonKopecks(text));
      expect(priceKopecks(text)).toBe(ozonKopecks(text));
      expect(roublesToKopecks(text)).toBe(ozonKopecks(text));
    }
  });

  it("reads signed amounts (accruals, balances) and sums them exactly where floats drift", () => {
    expect(ozonSignedKopecks("-193.505")).toBe(-19_351n);
    expect(ozonSignedKopecks(-0.1)).toBe(-10n);
    expect(ozonSignedKopecks("+5")).toBe(500n);
    expect(ozonSignedKopecks("--5")).toBeUndefined();
    // Ozon's balance writes doubles: 0.1 + 0.2 + … drifts as floats, never as kopecks.
    const amounts = [0.1, 0.2, 0.3, -0.6, 1290.1, -193.52, 0.07];
    const floatSum = amounts.reduce((s, a) => s + a, 0);
    expect(floatSum).not.toBe(1096.65);
    const kopecks = amounts.reduce((s, a) => s + (ozonSignedKopecks(a) ?? 0n), 0n);
    expect(kopecks).toBe(109_665n);
    // Ten thousand sales of 0.10 ₽ each: the float sum is off by more than a kopeck's rounding.
    const many = Array.from({ length: 10_000 }, () => "0.10");
    expect(many.reduce((s, a) => s + Number(a), 0)).not.toBe(1000);
    expect(many.reduce((s, a) => s + (ozonSignedKopecks(a) ?? 0n), 0n)).toBe(100_000n);
  });
});
