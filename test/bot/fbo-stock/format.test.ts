/**
 * The texts of FBO stock: /stock of 12 products in 10 clusters with long names, and the low-days
 * alert of many long lines, stay within Telegram's 4 096 characters in both languages; a product
 * shows at most a few clusters, the under-threshold ones first, and says how many it leaves out;
 * days and counts are written as the reader writes numbers («3,5», «1 500 шт.»).
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { lowDaysText, stockScreenText } from "../../../src/bot/fbo-stock/format.ts";
import { createLogger } from "../../../src/logger.ts";
import type { ClusterStock } from "../../../src/services/fbo-stock/index.ts";

const i18n = createI18n({ defaultLocale: "ru", logger: createLogger({ level: "silent" }) });

const row = (product: number, cluster: number, days: number, dailySales = 1): ClusterStock => ({
  sku: String(1000 + product),
  offerId: `OFFER-WITH-A-LONG-CODE-${product}`,
  name: `Очень длинное название товара номер ${product} `.repeat(5),
  clusterId: String(cluster),
  clusterName: `Кластер с очень длинным названием ${cluster} `.repeat(4),
  available: 123_456,
  inTransit: 0,
  dailySales,
  days,
  grade: "WAS_NO_SALES",
});

describe("FBO stock texts", () => {
  it("/stock of 12 products × 10 clusters with long names fits one message", () => {
    const rows = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: 10 }, (_, c) => row(p, c, 100 + c * 10.55)),
    ).flat();
    for (const locale of ["ru", "en"] as const) {
      const t = translatorFor(i18n, locale);
      const text = stockScreenText(t, rows, 14);
      expect(text.length).toBeLessThanOrEqual(3_900);
      // Three clusters per product at most, the rest counted.
      expect(text).toContain(locale === "ru" ? "…и ещё кластеров: 7" : "…and 7 more clusters");
      // The products left out are counted too.
      expect(text).toMatch(locale === "ru" ? /…и ещё \d+$/ : /…and \d+ more$/);
    }
  });

  it("shows the under-threshold cluster before the others of its product", () => {
    const t = translatorFor(i18n, "en");
    const rows = [
      row(1, 1, 20),
      row(1, 2, 21),
      row(1, 3, 22),
      row(1, 4, 0, 0), // no sales: not low, fewest days
      row(1, 5, 30),
      row(1, 6, 3), // low
    ];
    const text = stockScreenText(t, rows, 14);
    const lines = text.split("\n").filter((l) => /available/.test(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^⚠️ Кластер с очень длинным названием 6/);
    expect(text).toContain("…and 3 more clusters");
  });

  it("the low-days alert of many long lines fits one message", () => {
    const falls = Array.from({ length: 200 }, (_, i) => row(i, i, 1.25));
    for (const locale of ["ru", "en"] as const) {
      const text = lowDaysText(translatorFor(i18n, locale), falls, 14);
      expect(text.length).toBeLessThanOrEqual(3_900);
      expect(text).toMatch(locale === "ru" ? /…и ещё \d+$/ : /…and \d+ more$/);
    }
  });

  it("writes days of stock and counts as the reader does", () => {
    const rows = [{ ...row(1, 1, 3.5), available: 1500 }];
    const ru = stockScreenText(translatorFor(i18n, "ru"), rows, 14);
    expect(ru).toMatch(/: 1\s500 шт\., на 3,5 дн\./);
    const en = stockScreenText(translatorFor(i18n, "en"), rows, 14);
    expect(en).toMatch(/available 1,500 pcs, days of stock 3\.5/);
    const alert = lowDaysText(translatorFor(i18n, "ru"), rows, 14);
    expect(alert).toMatch(/на 3,5 дн\. \(1\s500 шт\.\)/);
  });
});
