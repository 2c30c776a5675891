/** A typed refund → exact kopecks: no float anywhere, at most two decimals, above zero. */
import { describe, expect, it } from "vitest";
import { kopecksText, parseKopecks, priceKopecks } from "../../../src/services/returns/index.ts";

describe("refund amounts", () => {
  it("reads what people type as exact kopecks", () => {
    expect(parseKopecks("150")).toEqual({ ok: true, kopecks: 15000n });
    expect(parseKopecks("150,5")).toEqual({ ok: true, kopecks: 15050n });
    expect(parseKopecks("1 234.56 ₽")).toEqual({ ok: true, kopecks: 123456n });
    expect(parseKopecks("0,29")).toEqual({ ok: true, kopecks: 29n });
    // 0.1 + 0.2 in floats is 0.30000000000000004; here it is 30 kopecks, exactly.
    expect(parseKopecks("0.30")).toEqual({ ok: true, kopecks: 30n });
  });

  it("refuses what is not an amount of kopecks", () => {
    expect(parseKopecks("150,555")).toEqual({ ok: false, reason: "too_many_decimals" });
    expect(parseKopecks("0")).toEqual({ ok: false, reason: "not_positive" });
    expect(parseKopecks("-5")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseKopecks("1e3")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseKopecks("9".repeat(50))).toEqual({ ok: false, reason: "too_long" });
  });

  it("reads Ozon's price and writes kopecks back", () => {
    expect(priceKopecks("790")).toBe(79000n);
    expect(priceKopecks("1299.9")).toBe(129990n);
    expect(priceKopecks("abc")).toBeUndefined();
    expect(kopecksText(15050n)).toBe("150.50");
    expect(kopecksText(5n)).toBe("0.05");
  });
});
