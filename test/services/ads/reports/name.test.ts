import { describe, expect, it } from "vitest";
import { reportFileName, safeShopName } from "../../../../src/services/ads/index.ts";

const job = {
  kind: "campaigns" as const,
  campaigns: [{ id: "14275771" }],
  period: { from: "2026-10-01", to: "2026-10-15" },
};

describe("report file names", () => {
  it("carry the shop name only when one is given", () => {
    expect(reportFileName(job, "csv")).toBe("ozon-ads_14275771_2026-10-01_2026-10-15.csv");
    expect(reportFileName(job, "zip", "Южный")).toBe(
      "ozon-ads_Южный_14275771_2026-10-01_2026-10-15.zip",
    );
  });

  it("keep letters, digits and single hyphens of a shop name, and cap its length", () => {
    expect(safeShopName("ООО «Ромашка» & Co / 2")).toBe("ООО-Ромашка-Co-2");
    expect(safeShopName('../..\\a:b*?"<>|')).toBe("a-b");
    expect(safeShopName("🏬🏬")).toBe("");
    expect(reportFileName(job, "csv", "🏬")).toBe("ozon-ads_14275771_2026-10-01_2026-10-15.csv");
    expect(safeShopName("Магазин ".repeat(20)).length).toBeLessThanOrEqual(32);
    expect(safeShopName("Магазин ".repeat(20))).not.toMatch(/-$/);
  });
});
