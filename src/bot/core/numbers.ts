/**
 * Numbers, money, counts and dates in the reader's language: the one place every screen takes
 * them from, one form each (docs/glossary.md lists them). Texts are rendered through a Translator
 * (a conversation's ctx.t, a notifier's i18n.t for a person's locale), so the translator itself
 * says which language it speaks: `number-locale` in locales/<lang>/core.ftl.
 * - a moment: "8 дек., 14:00" / "8 Dec, 14:00" (the year only when it is not this year; today's
 *   by the time alone, "14:00", where today goes without saying);
 * - a day: "8 дек." / "8 Dec" (the same rule for the year);
 * - a duration: "12 с", "3 мин", "2 ч", "4 дн." / "12 s", "3 min", "2 h", "4 d";
 * - money: "1 500,50 ₽" / "RUB 1,500.50", kopecks only when there are any; Ozon's currency code
 *   is never shown as Ozon wrote it;
 * - a count of goods: "2 шт." / "2 pcs" ("1 pc").
 * Tests: test/bot/core/numbers.test.ts, test/bot/ads/campaigns/campaigns.test.ts and 3 more
 */
import { DateTime } from "luxon";
import { ozonKopecks } from "../../ozon/money.ts";
import { type FormatRoublesOptions, formatRoubles } from "../../services/ads/index.ts";
import type { Locale } from "./i18n.ts";

/** What the formatters need of a translator (a Translator, or a capability's narrower one). */
export type Translator = (key: string, variables?: Record<string, string | number>) => string;

/** The language `t` speaks ("ru" unless its texts say "en"). */
export function localeOf(t: (key: string) => string): Locale {
  return t("number-locale") === "en" ? "en" : "ru";
}

/** Millionths of a rouble as the reader writes money. */
export function moneyText(
  t: Translator,
  millionths: bigint,
  options: Omit<FormatRoublesOptions, "locale"> = {},
): string {
  return formatRoubles(millionths, { ...options, locale: localeOf(t) });
}

const MILLIONTHS_PER_KOPECK = 10_000n;

/** Kopecks as the reader writes money. */
export function kopecksMoneyText(
  t: Translator,
  kopecks: bigint | number,
  options: Omit<FormatRoublesOptions, "locale"> = {},
): string {
  return moneyText(t, BigInt(kopecks) * MILLIONTHS_PER_KOPECK, options);
}

/**
 * Marks of the currencies Ozon may write beside a price; the rouble is the house form (₽ in
 * Russian, RUB in English). A code not listed is shown as Ozon's («CNY (Ozon)»), never bare.
 */
const CURRENCY_MARKS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  CNY: "¥",
  KZT: "₸",
  BYN: "Br",
  AMD: "֏",
  KGS: "сом",
  UZS: "сўм",
};

/**
 * A price as Ozon writes it ("1390.0000", 1390.5) with Ozon's currency code ("RUB", "" or absent
 * for roubles): "1 390 ₽" / "RUB 1,390". Text Ozon wrote that is not a price comes back as it is.
 */
export function ozonMoneyText(
  t: Translator,
  price: string | number | undefined | null,
  currency?: string | null,
): string {
  const kopecks = ozonKopecks(price);
  if (kopecks === undefined) return price === undefined || price === null ? "—" : String(price);
  return currencyMoneyText(t, kopecks, currency);
}

/** Kopecks (hundredths) of the currency Ozon named by its code; roubles when it named none. */
export function currencyMoneyText(
  t: Translator,
  kopecks: bigint,
  currency?: string | null,
): string {
  const code = (currency ?? "").trim().toUpperCase();
  if (code === "" || code === "RUB" || code === "RUR") return kopecksMoneyText(t, kopecks);
  const mark = CURRENCY_MARKS[code] ?? t("money-ozon-currency", { code: code.slice(0, 8) });
  return kopecksMoneyText(t, kopecks, { currency: mark });
}

/** A number with at most `digits` decimals as the reader writes it: «3,5» / "3.5". */
export function decimalText(t: Translator, n: number, digits = 1): string {
  const locale = localeOf(t) === "ru" ? "ru-RU" : "en-GB";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
}

/** A count of goods: "2 шт." / "2 pcs". */
export function countText(t: Translator, n: number | bigint): string {
  return t("count-pieces", { n: Number(n) });
}

/** Luxon's language for dates. */
function dateLocale(locale: Locale): string {
  return locale === "ru" ? "ru" : "en-GB";
}

/** "8 дек., 14:00" / "8 Dec, 14:00"; "8 дек. 2025, 14:00" / "8 Dec 2025, 14:00" in another year. */
export function momentText(
  locale: Locale,
  epochMs: number,
  zone: string,
  now: number = Date.now(),
): string {
  const time = DateTime.fromMillis(epochMs, { zone }).setLocale(dateLocale(locale));
  if (!time.isValid) return "—";
  const thisYear = DateTime.fromMillis(now, { zone }).year === time.year;
  return time.toFormat(thisYear ? "d MMM, HH:mm" : "d MMM yyyy, HH:mm");
}

/**
 * The time of day of a moment within the next hours ("14:35", the same in both languages): only
 * where the day goes without saying (a claim that ends in minutes, a slot of today's schedule).
 */
export function clockText(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toFormat("HH:mm");
}

/**
 * A moment of today by its time of day alone ("14:02"), any other as momentText: for what just
 * happened or happens today (who packed a posting, today's cut-offs).
 */
export function todayMomentText(
  locale: Locale,
  epochMs: number,
  zone: string,
  now: number = Date.now(),
): string {
  const time = DateTime.fromMillis(epochMs, { zone });
  return time.hasSame(DateTime.fromMillis(now, { zone }), "day")
    ? clockText(epochMs, zone)
    : momentText(locale, epochMs, zone, now);
}

/** An ISO moment Ozon wrote ("2026-12-08T11:00:00Z") as momentText; "—" when there is none. */
export function isoMomentText(
  locale: Locale,
  iso: string | undefined | null,
  zone: string,
  now: number = Date.now(),
): string {
  if (!iso) return "—";
  const time = DateTime.fromISO(iso, { zone: "utc" });
  return time.isValid ? momentText(locale, time.toMillis(), zone, now) : iso;
}

/** A calendar day "2026-12-08" → "8 дек." / "8 Dec"; "8 дек. 2025" / "8 Dec 2025" in another year. */
export function dayText(locale: Locale, isoDate: string, now: number = Date.now()): string {
  const day = DateTime.fromISO(isoDate.slice(0, 10), { zone: "UTC" }).setLocale(dateLocale(locale));
  if (!day.isValid) return isoDate;
  const thisYear = DateTime.fromMillis(now, { zone: "UTC" }).year === day.year;
  return day.toFormat(thisYear ? "d MMM" : "d MMM yyyy");
}

/** The day of a moment in a zone, as dayText writes it. */
export function momentDayText(
  locale: Locale,
  epochMs: number,
  zone: string,
  now: number = Date.now(),
): string {
  const iso = DateTime.fromMillis(epochMs, { zone }).toISODate();
  return iso ? dayText(locale, iso, now) : "—";
}

/** A duration, one form everywhere: "12 s", "3 min", "2 h", "4 d" (whole units, rounded down). */
export function durationText(t: Translator, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return t("duration-seconds", { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return t("duration-minutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("duration-hours", { n: hours });
  return t("duration-days", { n: Math.floor(hours / 24) });
}

/** A span of calendar days: "1 дек. – 8 дек." / "1 Dec – 8 Dec"; one day as dayText. */
export function periodText(
  locale: Locale,
  period: { from: string; to: string },
  now: number = Date.now(),
): string {
  const from = dayText(locale, period.from, now);
  return period.from === period.to ? from : `${from} – ${dayText(locale, period.to, now)}`;
}
