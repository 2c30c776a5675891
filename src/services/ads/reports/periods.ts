/**
 * Report periods: whole calendar days in TIMEZONE, inclusive at both ends, as ISO dates
 * (`2026-10-01`). Ozon groups report dates by Moscow time; the person thinks in TIMEZONE, so the
 * days are counted there and handed to the client as dates.
 *
 * Presets end yesterday ("yesterday", "last 7/30 days": N complete days) because today's
 * statistics are still being collected; "this month" runs from the 1st to today.
 *
 * A period longer than the account allows is REFUSED with the reason (days asked, days allowed,
 * the earliest start that would fit), not split: one job is one Ozon request is one file, which
 * keeps the "at most N submitted per account" queue, the restart story and the file name simple,
 * and the person can ask again with a shorter period in one tap.
 * Tests: test/services/ads/reports/periods.test.ts and 15 more
 */
import { DateTime } from "luxon";

export const PERIOD_PRESETS = [
  "yesterday",
  "last_7_days",
  "last_30_days",
  "this_month",
  "last_month",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface ReportPeriod {
  /** First day, ISO date in TIMEZONE. */
  from: string;
  /** Last day (inclusive), ISO date in TIMEZONE. */
  to: string;
}

export interface PeriodClock {
  /** Current time, epoch milliseconds. */
  now: number;
  /** IANA zone (TIMEZONE). */
  zone: string;
}

/** The live service allows 62 days; the spec says one year. */
export const LIVE_MAX_PERIOD_DAYS = 62;
export const SPEC_MAX_PERIOD_DAYS = 366;

function today(clock: PeriodClock): DateTime {
  const now = DateTime.fromMillis(clock.now, { zone: clock.zone });
  if (!now.isValid) throw new RangeError(`Unknown time zone ${clock.zone}`);
  return now.startOf("day");
}

function iso(day: DateTime): string {
  return day.toISODate() as string;
}

export function presetPeriod(preset: PeriodPreset, clock: PeriodClock): ReportPeriod {
  const day = today(clock);
  const yesterday = day.minus({ days: 1 });
  switch (preset) {
    case "yesterday":
      return { from: iso(yesterday), to: iso(yesterday) };
    case "last_7_days":
      return { from: iso(day.minus({ days: 7 })), to: iso(yesterday) };
    case "last_30_days":
      return { from: iso(day.minus({ days: 30 })), to: iso(yesterday) };
    case "this_month":
      return { from: iso(day.startOf("month")), to: iso(day) };
    case "last_month": {
      const previous = day.minus({ months: 1 });
      return { from: iso(previous.startOf("month")), to: iso(previous.endOf("month")) };
    }
  }
}

export type PeriodInputReason =
  /** Not `DD.MM.YYYY-DD.MM.YYYY` (or a single `DD.MM.YYYY`). */
  | "format"
  /** A date that does not exist, such as 31.02.2026. */
  | "invalid_date"
  /** The end is before the start. */
  | "order"
  /** The end (or start) lies after today in TIMEZONE. */
  | "future";

export type PeriodInputResult =
  | { ok: true; period: ReportPeriod }
  | { ok: false; reason: PeriodInputReason };

const DATE = String.raw`(\d{1,2})[./](\d{1,2})[./](\d{4})`;
const RANGE = new RegExp(`^${DATE}(?:\\s*(?:-|–|—|\\.\\.|по|to)\\s*${DATE})?$`, "iu");

/**
 * The one or two dates of `01.10.2026-15.10.2026` (also `1.10.2026 – 15.10.2026`, or one date)
 * in `zone`, each possibly invalid (31.02.2026); undefined when the text is not of that form.
 */
export function typedDates(
  input: string,
  zone: string,
): { first: DateTime; second: DateTime | undefined } | undefined {
  const text = input.normalize("NFKC").trim().replace(/\s+/g, " ");
  const match = text.match(RANGE);
  if (!match) return undefined;
  const [, d1, m1, y1, d2, m2, y2] = match;
  const at = (d?: string, m?: string, y?: string) =>
    DateTime.fromObject({ year: Number(y), month: Number(m), day: Number(d) }, { zone });
  return { first: at(d1, m1, y1), second: d2 === undefined ? undefined : at(d2, m2, y2) };
}

/** Parses `01.10.2026-15.10.2026` (also `1.10.2026 – 15.10.2026`, or one date for one day). */
export function parsePeriodInput(input: string, clock: PeriodClock): PeriodInputResult {
  const dates = typedDates(input, clock.zone);
  if (!dates) return { ok: false, reason: "format" };
  const from = dates.first;
  const to = dates.second ?? from;
  if (!from.isValid || !to.isValid) return { ok: false, reason: "invalid_date" };
  if (to < from) return { ok: false, reason: "order" };
  if (to > today(clock)) return { ok: false, reason: "future" };
  return { ok: true, period: { from: iso(from), to: iso(to) } };
}

/** Number of calendar days in the period, both ends included. */
export function periodDays(period: ReportPeriod): number {
  const from = DateTime.fromISO(period.from, { zone: "UTC" });
  const to = DateTime.fromISO(period.to, { zone: "UTC" });
  return Math.round(to.diff(from, "days").days) + 1;
}

export type PeriodCheck =
  | { ok: true; days: number }
  | {
      ok: false;
      reason: "too_long";
      days: number;
      maxDays: number;
      /** The earliest first day that would fit with the same last day. */
      earliestFrom: string;
    }
  | { ok: false; reason: "invalid_date" | "order" | "future" };

/** Checks a period (typed or preset) against the account's limit before anything is asked of Ozon. */
export function checkPeriod(
  period: ReportPeriod,
  options: { maxDays: number; clock: PeriodClock },
): PeriodCheck {
  const from = DateTime.fromISO(period.from, { zone: options.clock.zone });
  const to = DateTime.fromISO(period.to, { zone: options.clock.zone });
  const isoDate = /^\d{4}-\d{2}-\d{2}$/;
  if (!isoDate.test(period.from) || !isoDate.test(period.to) || !from.isValid || !to.isValid) {
    return { ok: false, reason: "invalid_date" };
  }
  if (to < from) return { ok: false, reason: "order" };
  if (to > today(options.clock)) return { ok: false, reason: "future" };
  const days = periodDays(period);
  if (days > options.maxDays) {
    return {
      ok: false,
      reason: "too_long",
      days,
      maxDays: options.maxDays,
      earliestFrom: iso(to.minus({ days: options.maxDays - 1 })),
    };
  }
  return { ok: true, days };
}

/**
 * `01.10.2026–15.10.2026` (one day: `01.10.2026`) for messages; for an English reader
 * `1 Oct 2026 – 15 Oct 2026` (one day: `1 Oct 2026`).
 */
export function formatPeriod(period: ReportPeriod, locale = "ru"): string {
  const english = locale.startsWith("en");
  const show = (isoDate: string) => {
    if (english) {
      const day = DateTime.fromISO(isoDate, { zone: "UTC" });
      if (day.isValid) return day.setLocale("en-GB").toFormat("d LLL yyyy");
    }
    const [y, m, d] = isoDate.split("-");
    return `${d}.${m}.${y}`;
  };
  if (period.from === period.to) return show(period.from);
  return english
    ? `${show(period.from)} – ${show(period.to)}`
    : `${show(period.from)}–${show(period.to)}`;
}
