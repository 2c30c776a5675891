/**
 * bot/core/numbers.ts: one form each, in each language, from one place: a moment ("8 дек., 14:00"
 * / "8 Dec, 14:00", the year only when not this year), a day, a period, a duration, money (kopecks
 * only when there are any; Ozon's currency code never shown as it is) and a count of goods
 * ("2 шт." / "2 pcs"); Ozon's Russian words marked as Ozon's on English screens.
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import {
  clockText,
  countText,
  currencyMoneyText,
  dayText,
  durationText,
  isoMomentText,
  kopecksMoneyText,
  localeOf,
  momentText,
  moneyText,
  ozonMoneyText,
  periodText,
} from "../../../src/bot/core/numbers.ts";
import { ozonWords } from "../../../src/bot/core/ozon-words.ts";
import { captureLogger } from "../harness.ts";

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });
const ru = translatorFor(i18n, "ru");
const en = translatorFor(i18n, "en");
const NBSP = "\u00A0";
const ZONE = "Europe/Moscow";
/** "Today" for every test: 8 Dec 2026, noon in Moscow. */
const NOW = Date.UTC(2026, 11, 8, 9, 0);

describe("numbers in the reader's language", () => {
  it("knows the translator's language", () => {
    expect(localeOf(ru)).toBe("ru");
    expect(localeOf(en)).toBe("en");
    expect(localeOf(() => "")).toBe("ru"); // a translator without the text: the default
  });

  it("money: one form per language, kopecks only when there are any", () => {
    expect(moneyText(ru, 790_000_000n)).toBe(`790${NBSP}₽`);
    expect(moneyText(en, 790_000_000n)).toBe(`RUB${NBSP}790`);
    expect(moneyText(ru, 1_500_500_000n)).toBe(`1${NBSP}500,50${NBSP}₽`);
    expect(moneyText(en, 1_500_500_000n)).toBe(`RUB${NBSP}1,500.50`);
    expect(kopecksMoneyText(ru, 13_126_700)).toBe(`131${NBSP}267${NBSP}₽`);
    expect(kopecksMoneyText(en, 13_126_725)).toBe(`RUB${NBSP}131,267.25`);
  });

  it("money Ozon wrote: its decimal text and its currency code, the code never bare", () => {
    expect(ozonMoneyText(ru, "790.0000", "RUB")).toBe(`790${NBSP}₽`);
    expect(ozonMoneyText(en, "790.0000", "RUB")).toBe(`RUB${NBSP}790`);
    expect(ozonMoneyText(ru, "1290.5", undefined)).toBe(`1${NBSP}290,50${NBSP}₽`);
    expect(ozonMoneyText(en, 1290.5, "")).toBe(`RUB${NBSP}1,290.50`);
    expect(ozonMoneyText(ru, "12", "CNY")).toBe(`12${NBSP}¥`);
    expect(ozonMoneyText(en, "12", "CNY")).toBe(`¥${NBSP}12`);
    expect(ozonMoneyText(ru, "12", "XYZ")).toBe(`12${NBSP}XYZ (код Ozon)`);
    expect(ozonMoneyText(en, "12", "XYZ")).toBe(`XYZ (Ozon's code)${NBSP}12`);
    expect(currencyMoneyText(ru, 79_000n, "RUB")).toBe(`790${NBSP}₽`);
    expect(ozonMoneyText(ru, "n/a", "RUB")).toBe("n/a");
    expect(ozonMoneyText(ru, undefined, "RUB")).toBe("—");
  });

  it("counts of goods", () => {
    expect(countText(ru, 2)).toBe("2 шт.");
    expect(countText(en, 2)).toBe("2 pcs");
    expect(countText(en, 1)).toBe("1 pc");
  });

  it("a moment: day, month and time; the year only when it is not this year", () => {
    const at = Date.UTC(2026, 11, 8, 11, 0); // 14:00 in Moscow
    expect(momentText("ru", at, ZONE, NOW)).toBe("8 дек., 14:00");
    expect(momentText("en", at, ZONE, NOW)).toBe("8 Dec, 14:00");
    const lastYear = Date.UTC(2025, 10, 27, 6, 0);
    expect(momentText("ru", lastYear, ZONE, NOW)).toBe("27 нояб. 2025, 09:00");
    expect(momentText("en", lastYear, ZONE, NOW)).toBe("27 Nov 2025, 09:00");
    expect(isoMomentText("ru", "2026-12-07T18:35:00Z", ZONE, NOW)).toBe("7 дек., 21:35");
    expect(isoMomentText("en", "2026-12-07T18:35:00Z", ZONE, NOW)).toBe("7 Dec, 21:35");
    expect(isoMomentText("en", undefined, ZONE, NOW)).toBe("—");
    expect(clockText(at, ZONE)).toBe("14:00");
  });

  it("a day and a period of days", () => {
    expect(dayText("ru", "2026-12-07", NOW)).toBe("7 дек.");
    expect(dayText("en", "2026-12-07", NOW)).toBe("7 Dec");
    expect(dayText("ru", "2025-11-27", NOW)).toBe("27 нояб. 2025");
    expect(dayText("en", "2025-11-27", NOW)).toBe("27 Nov 2025");
    expect(periodText("ru", { from: "2026-12-01", to: "2026-12-07" }, NOW)).toBe("1 дек. – 7 дек.");
    expect(periodText("en", { from: "2026-12-07", to: "2026-12-07" }, NOW)).toBe("7 Dec");
  });

  it("a duration", () => {
    expect(durationText(ru, 45_000)).toBe("45 с");
    expect(durationText(en, 45_000)).toBe("45 s");
    expect(durationText(ru, 5 * 60_000)).toBe("5 мин");
    expect(durationText(en, 3 * 3_600_000)).toBe("3 h");
    expect(durationText(ru, 3 * 86_400_000)).toBe("3 дн.");
    expect(durationText(en, 3 * 86_400_000)).toBe("3 d");
  });

  it("Ozon's Russian words are marked as Ozon's on English screens only", () => {
    expect(ozonWords(ru, "Новая заявка")).toBe("Новая заявка");
    expect(ozonWords(en, "Новая заявка")).toBe("“Новая заявка” (Ozon's words)");
    expect(ozonWords(en, "Ozon Logistics")).toBe("Ozon Logistics");
  });
});
