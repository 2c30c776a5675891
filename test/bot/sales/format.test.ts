/**
 * The texts of FBO sales: a full digest of the longest orders stays within Telegram's 4 096
 * characters in both languages; a cancelled order leaves the digest's total; money is exact; a
 * total that leaves out orders without a price says so.
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { saleCardText, salesDigestText } from "../../../src/bot/sales/format.ts";
import { createLogger } from "../../../src/logger.ts";
import type { Sale } from "../../../src/services/sales/index.ts";

const i18n = createI18n({ defaultLocale: "ru", logger: createLogger({ level: "silent" }) });

const sale = (n: number, price = "99999999"): Sale => ({
  postingNumber: `12345678-${String(n).padStart(4, "0")}-1`,
  inProcessAt: "2026-12-08T01:00:00Z",
  city: "Санкт-Петербург и очень длинное название города".repeat(3),
  cluster: "Кластер с очень длинным названием для проверки".repeat(3),
  lines: Array.from({ length: 20 }, (_, i) => ({
    name: "Очень длинное название товара ".repeat(10) + i,
    offerId: `OFFER-${i}`,
    quantity: 999,
    priceKopecks: price,
  })),
});

describe("sales texts", () => {
  it("a digest of 25 of the longest orders fits one message", () => {
    for (const locale of ["ru", "en"] as const) {
      const t = translatorFor(i18n, locale);
      const text = salesDigestText(
        t,
        Array.from({ length: 25 }, (_, i) => sale(i)),
        new Set(),
      );
      expect(text.length).toBeLessThanOrEqual(4000);
      expect(saleCardText(t, sale(1), true).length).toBeLessThanOrEqual(4000);
    }
  });

  it("counts a cancelled order out of the digest's total, in exact money", () => {
    const t = translatorFor(i18n, "en");
    const small = (n: number): Sale => ({
      ...sale(n, "129050"),
      lines: [{ name: "Cup", offerId: "C", quantity: 2, priceKopecks: "129050" }],
    });
    const text = salesDigestText(
      t,
      [small(1), small(2), small(3)],
      new Set([small(2).postingNumber]),
    );
    expect(text).toContain("Total: 4 pcs for");
    expect(text).toMatch(/RUB\s2,581 ·/);
    expect(text).toMatch(/Total: 4 pcs for RUB\s5,162$/);
    expect(text).toMatch(/❌ Cup — 2 pcs · cancelled/);
  });

  it("says the digest's total leaves out the orders without a price", () => {
    const cup = (n: number, price: string | undefined): Sale => ({
      ...sale(n),
      lines: [{ name: "Cup", offerId: "C", quantity: 2, priceKopecks: price }],
    });
    const en = salesDigestText(
      translatorFor(i18n, "en"),
      [cup(1, "129050"), cup(2, undefined), cup(3, undefined)],
      new Set(),
    );
    expect(en).toMatch(/Total: 6 pcs for RUB\s2,581 — leaving out orders without a price \(2\)$/);
    const ru = salesDigestText(
      translatorFor(i18n, "ru"),
      [cup(1, "129050"), cup(2, undefined)],
      new Set(),
    );
    expect(ru).toMatch(/без заказов без цены \(1\)$/);
    // All priced: the plain total.
    const plain = salesDigestText(
      translatorFor(i18n, "en"),
      [cup(1, "129050"), cup(2, "100")],
      new Set(),
    );
    expect(plain).not.toContain("without a price");
  });
});
