/**
 * Numbers, money and dates in the reader's language. Texts are rendered through a Translator (a
 * conversation's ctx.t, a notifier's i18n.t for a person's locale), so the translator itself says
 * which language it speaks: `number-locale` in locales/<lang>/core.ftl. Every formatter that
 * takes `t` writes what that language writes: "1 500,50 ₽" and "27.11.2026" in Russian,
 * "RUB 1,500.50" and "27 Nov 2026" in English.
 * Tests: test/bot/core/numbers.test.ts
 */
import { DateTime } from "luxon";
import { type FormatRoublesOptions, formatRoubles } from "../../services/ads/index.ts";
import type { Locale, Translator } from "./i18n.ts";

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

/** A calendar day "2026-11-27" → "27.11.2026" / "27 Nov 2026". */
export function dayText(locale: Locale, isoDate: string): string {
  if (locale === "ru") {
    const [y, m, d] = isoDate.split("-");
    return `${d}.${m}.${y}`;
  }
  const day = DateTime.fromISO(isoDate, { zone: "UTC" });
  return day.isValid ? day.setLocale("en-GB").toFormat("d LLL yyyy") : isoDate;
}

/** A moment in a zone: "27.11.2026 14:00" / "27 Nov 2026, 14:00". */
export function momentText(locale: Locale, epochMs: number, zone: string): string {
  const time = DateTime.fromMillis(epochMs, { zone });
  return locale === "ru"
    ? time.toFormat("dd.MM.yyyy HH:mm")
    : time.setLocale("en-GB").toFormat("d LLL yyyy, HH:mm");
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
