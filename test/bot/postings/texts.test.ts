/** Russian phrasing of the ship texts: the confirmation for any number of packages, who packed it. */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { formatMoment, postingCard } from "../../../src/bot/postings/format.ts";
import type { Posting } from "../../../src/ozon/seller/types.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");

describe("ship confirmation texts", () => {
  it("agrees the Russian noun with the number of packages", () => {
    const ask = (count: number) => ru("postings-ship-confirm", { posting: "1-2-3", count });
    expect(ask(1)).toBe("Собрать отправление 1-2-3 в 1 коробке?");
    expect(ask(2)).toBe("Собрать отправление 1-2-3 в 2 коробках?");
    expect(ask(5)).toBe("Собрать отправление 1-2-3 в 5 коробках?");
    expect(ask(21)).toBe("Собрать отправление 1-2-3 в 21 коробке?");
    expect(en("postings-ship-confirm", { posting: "1-2-3", count: 1 })).toBe(
      "Pack posting 1-2-3 in 1 box?",
    );
  });
});

describe("who packed it, and when", () => {
  const format = { t: ru, locale: "ru" as const, timezone: "Asia/Vladivostok" };
  // 13:45 UTC is 23:45 in Vladivostok (UTC+10).
  const now = Date.parse("2026-03-10T13:45:00Z");

  it("says the time alone on the same day in TIMEZONE, the date too on another", () => {
    expect(formatMoment("2026-03-10T13:40:00Z", format, now)).toBe("23:40");
    expect(formatMoment("2026-03-09T03:02:00Z", format, now)).toBe("9 мар., 13:02");
    // Half an hour later it is the 11th there, though still the 10th in UTC.
    expect(formatMoment("2026-03-10T13:40:00Z", format, now + 30 * 60_000)).toBe("10 мар., 23:40");
  });

  it("reads in Russian with the packer's name", () => {
    expect(ru("postings-ship-packed-by", { posting: "1-2-3", name: "Вика", time: "14:02" })).toBe(
      "📦 Отправление 1-2-3 уже собрано — Вика, 14:02. Этикетка:",
    );
  });
});

describe("choosing a posting of an order", () => {
  it("agrees the Russian noun with the number of postings", () => {
    const ask = (count: number) => ru("postings-choose-order", { order: "1-2", count });
    expect(ask(2)).toBe("В заказе 1-2 2 отправления ждут сборки. Какое выбрать?");
    expect(ask(5)).toBe("В заказе 1-2 5 отправлений ждут сборки. Какое выбрать?");
  });
});

describe("the posting card as a packer reads it", () => {
  const posting: Posting = {
    postingNumber: "12345678-0001-1",
    orderId: "1",
    orderNumber: "12345678-0001",
    status: "awaiting_packaging",
    substatus: undefined,
    shipmentDate: "2026-12-08T11:00:00Z",
    inProcessAt: undefined,
    deliveryMethod: {
      id: "1",
      name: "Ozon Логистика курьеру Ozon, Москва, склад на Пушкинской улице",
      warehouseId: "7",
      warehouse: "Склад Подольск",
    },
    products: [
      {
        sku: "555",
        offerId: "ORG-1",
        name: "Сковорода",
        quantity: 2,
        price: "890.0000",
        currency: "RUB",
        mandatoryMarks: [],
      },
    ],
  };
  const card = (t: typeof ru, locale: "ru" | "en") =>
    postingCard(posting, { t, locale, timezone: "Europe/Moscow" }).split("\n");

  it("puts the product and its count first, the SKU below, the delivery method short", () => {
    const lines = card(ru, "ru");
    expect(lines).toContain("1. Сковорода — 2 шт.");
    expect(lines).toContain("артикул ORG-1 · 890\u00A0₽ за шт.");
    expect(lines).toContain("🏬 Склад Подольск");
    const delivery = lines.find((l) => l.startsWith("🚚")) ?? "";
    expect(delivery.length).toBeLessThanOrEqual(40);
    expect(lines.find((l) => l.startsWith("⏰"))).toMatch(
      /^⏰ Собрать до: 8 дек\.( 2026)?, 14:00$/,
    );
  });

  it("marks Ozon's Russian delivery method as Ozon's on an English card, money in one form", () => {
    const lines = card(en, "en");
    expect(lines.find((l) => l.startsWith("🚚"))).toMatch(
      /^🚚 “Ozon Логистика .*…” \(Ozon's words\)$/,
    );
    expect(lines).toContain("1. Сковорода — 2 pcs");
    expect(lines).toContain("item code ORG-1 · RUB\u00A0890 each");
    expect(lines.join("\n")).not.toMatch(/\bRUB\b[^\u00A0]|\d RUB/);
  });
});
