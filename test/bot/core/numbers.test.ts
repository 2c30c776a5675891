/**
 * bot/core/numbers.ts: a translator says which language it speaks, and money and dates follow it
 * ("1 500,50 ₽", "27.11.2026 09:00" in Russian; "RUB 1,500.50", "27 Nov 2026, 09:00" in English).
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import {
  dayText,
  kopecksMoneyText,
  localeOf,
  momentText,
  moneyText,
} from "../../../src/bot/core/numbers.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");

describe("numbers in the reader's language", () => {
  it("knows the translator's language", () => {
    expect(localeOf(ru)).toBe("ru");
    expect(localeOf(en)).toBe("en");
    expect(localeOf(() => "")).toBe("ru"); // a translator without the text: the default
  });

  it("money", () => {
    expect(moneyText(ru, 1_500_500_000n)).toBe("1\u00A0500,50\u00A0₽");
    expect(moneyText(en, 1_500_500_000n)).toBe("RUB\u00A01,500.50");
    expect(kopecksMoneyText(en, 150_000, { kopecks: "always" })).toBe("RUB\u00A01,500.00");
    expect(kopecksMoneyText(ru, 150_050n, { currency: "" })).toBe("1\u00A0500,50");
  });

  it("dates and moments", () => {
    expect(dayText("ru", "2026-11-27")).toBe("27.11.2026");
    expect(dayText("en", "2026-11-27")).toBe("27 Nov 2026");
    const at = Date.UTC(2026, 10, 27, 6, 0); // 09:00 in Moscow
    expect(momentText("ru", at, "Europe/Moscow")).toBe("27.11.2026 09:00");
    expect(momentText("en", at, "Europe/Moscow")).toBe("27 Nov 2026, 09:00");
  });
});
