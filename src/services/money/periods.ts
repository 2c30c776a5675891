/**
 * The periods /money shows, in TIMEZONE: yesterday, this week so far (from Monday), this month so
 * far; and the half-month periods Ozon's cash-flow statement is cut into (1–15, 16–end).
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import { DateTime } from "luxon";

export const MONEY_PERIODS = ["d", "w", "m"] as const;
/** d: yesterday, w: this week so far, m: this month so far. */
export type MoneyPeriodKind = (typeof MONEY_PERIODS)[number];

export interface DayRange {
  /** First day, ISO date. */
  from: string;
  /** Last day (inclusive), ISO date. */
  to: string;
}

function today(now: number, zone: string): DateTime {
  const day = DateTime.fromMillis(now, { zone });
  if (!day.isValid) throw new RangeError(`Unknown time zone ${zone}`);
  return day.startOf("day");
}

const iso = (day: DateTime) => day.toISODate() as string;

export function moneyPeriod(kind: MoneyPeriodKind, now: number, zone: string): DayRange {
  const day = today(now, zone);
  switch (kind) {
    case "d": {
      const yesterday = day.minus({ days: 1 });
      return { from: iso(yesterday), to: iso(yesterday) };
    }
    case "w":
      return { from: iso(day.startOf("week")), to: iso(day) };
    case "m":
      return { from: iso(day.startOf("month")), to: iso(day) };
  }
}

/** The half-month statement periods that cover `range` (the fallback's own cut). */
export function halfMonthsOf(range: DayRange): DayRange {
  const from = DateTime.fromISO(range.from, { zone: "UTC" });
  const to = DateTime.fromISO(range.to, { zone: "UTC" });
  const start = from.day <= 15 ? from.startOf("month") : from.set({ day: 16 });
  const end = to.day <= 15 ? to.set({ day: 15 }) : to.endOf("month").startOf("day");
  return { from: iso(start), to: iso(end) };
}
