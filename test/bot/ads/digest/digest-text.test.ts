import { describe, expect, it } from "vitest";
import { digestTexts } from "../../../../src/bot/ads/digest/notifier.ts";
import { createI18n, translatorFor } from "../../../../src/bot/core/i18n.ts";
import type { Digest } from "../../../../src/services/ads/digest/digest.ts";
import { captureLogger } from "../../harness.ts";

const t = translatorFor(createI18n({ defaultLocale: "ru", logger: captureLogger().logger }), "ru");
/** Money and counts are written with no-break spaces; the expectations use plain ones. */
const plain = (texts: string[]) => texts.map((text) => text.replaceAll("\u00A0", " "));

describe("digest text", () => {
  it("many stores: split between stores into messages Telegram takes, each with the title", () => {
    const digest: Digest = {
      period: { from: "2026-06-14", to: "2026-06-14" },
      stores: Array.from({ length: 60 }, (_, i) => ({
        shopId: `s${i}`,
        name: `Магазин номер ${i} с длинным названием`,
        sales: { orderedUnits: 1234, revenueKopecks: 123_456_78 },
        ads: { spendKopecks: 5_000_00, orders: 7, revenueKopecks: 20_000_00, campaigns: 3 },
      })),
    };
    const texts = plain(digestTexts(t, digest));
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(4096);
      expect(text).toMatch(/^🗞 Сводка за 14 июн\.( 2026)?\n/);
    }
    const all = texts.join("\n");
    for (let i = 0; i < 60; i++)
      expect(all).toContain(`🏬 Магазин номер ${i} с длинным названием\n`);
    expect(all).toContain(
      "📣 Реклама: расход 5 000 ₽; заказы с рекламы: 7 на 20 000 ₽ (ДРР 25,0 %)",
    );
  });

  it("a store whose Ozon failed says so; the others keep their numbers", () => {
    const [text] = plain(
      digestTexts(t, {
        period: { from: "2026-06-14", to: "2026-06-14" },
        stores: [
          { shopId: "a", name: "А", sales: { error: "timeout" }, ads: undefined },
          {
            shopId: "b",
            name: "Б",
            sales: { orderedUnits: 0, revenueKopecks: 0 },
            ads: { error: "401" },
          },
        ],
      }),
    );
    expect(text).toContain(
      "🏬 А\n🛒 Заказы: Ozon не ответил (timeout).\n📣 Реклама: у магазина нет ключей Performance API.",
    );
    expect(text).toContain("🏬 Б\n🛒 Заказано: 0 шт. на 0 ₽\n📣 Реклама: Ozon не ответил (401).");
  });

  it("yesterday's net (accruals less the ads) and the balance, one line each, exact", () => {
    const [text] = plain(
      digestTexts(t, {
        period: { from: "2026-06-14", to: "2026-06-14" },
        stores: [
          {
            shopId: "a",
            name: "А",
            sales: { orderedUnits: 1, revenueKopecks: 100 },
            ads: { spendKopecks: 10, orders: 0, revenueKopecks: 0, campaigns: 1 },
            money: { accruedKopecks: "30", closingKopecks: "-1234567" },
          },
          {
            shopId: "b",
            name: "Б",
            sales: { orderedUnits: 0, revenueKopecks: 0 },
            ads: undefined,
            money: { error: "500" },
          },
        ],
      }),
    );
    expect(text).toContain(
      "💰 Итого: 0,20 ₽ (начисления Ozon за вычетом рекламы)\n🏦 Баланс на конец дня: −12 345,67 ₽",
    );
    expect(text).toContain(
      "🏬 Б\n🛒 Заказано: 0 шт. на 0 ₽\n📣 Реклама: у магазина нет ключей Performance API.\n💰 Итого: Ozon не ответил (500).",
    );
  });

  it("does not pass Ozon's half-month statement off as yesterday's net", () => {
    const [text = ""] = digestTexts(t, {
      period: { from: "2026-06-14", to: "2026-06-14" },
      stores: [
        {
          shopId: "a",
          name: "А",
          sales: undefined,
          ads: undefined,
          money: { accruedKopecks: "123456", closingKopecks: "99", statement: true },
        },
      ],
    });
    expect(text).toContain("💰 Итого: дневных цифр Ozon сейчас нет");
    expect(text).not.toContain("1 234,56");
    expect(text).not.toContain("Баланс на конец дня");
  });

  it("one store of several in the bot is still named", () => {
    const digest: Digest = {
      period: { from: "2026-06-14", to: "2026-06-14" },
      stores: [{ shopId: "b", name: "Б", sales: undefined, ads: undefined }],
    };
    const [alone = ""] = digestTexts(t, digest);
    expect(alone).not.toContain("🏬");
    const [named = ""] = digestTexts(t, digest, true);
    expect(named).toContain("🏬 Б\n");
  });

  it("in English the ads' cost share is ACoS, the word Ozon's English cabinet uses", () => {
    const en = translatorFor(
      createI18n({ defaultLocale: "ru", logger: captureLogger().logger }),
      "en",
    );
    const [text = ""] = digestTexts(en, {
      period: { from: "2026-06-14", to: "2026-06-14" },
      stores: [
        {
          shopId: "a",
          name: "North",
          sales: undefined,
          ads: { spendKopecks: 5_000_00, orders: 7, revenueKopecks: 20_000_00, campaigns: 3 },
        },
      ],
    });
    expect(text).toContain("(ACoS 25.0 %)");
    expect(text).not.toContain("cost share");
  });
});
