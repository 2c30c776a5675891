/**
 * When a scheduled report is due: daily at HH:MM, weekly on a weekday at HH:MM, monthly on day N
 * at HH:MM, all in TIMEZONE (luxon does the calendar and the offsets).
 *
 * - Day 29–31 in a shorter month: the month's last day (a "31st" report still comes every month).
 * - A time that does not exist on a day (clocks spring forward) is moved on by the gap (02:30 →
 *   03:30); a time that happens twice (clocks fall back) is one instant (luxon takes the later
 *   one, in winter time): a run on such a day happens once either way.
 *
 * A slot is an epoch-ms instant; the scheduler runs only the latest slot not after now, so a bot
 * that was down through several slots runs one report at start, not one per missed slot.
 * Tests: test/services/ads/schedules/slots.test.ts
 */
import { DateTime } from "luxon";

export type ScheduleRule =
  | { every: "day"; time: string }
  | { every: "week"; weekday: number; time: string }
  | { every: "month"; day: number; time: string };

const TIME = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;

/** `9:05`, `09:05` or `09.05` as `09:05`; undefined when it is no time of day. */
export function parseTimeOfDay(input: string): string | undefined {
  const match = input.normalize("NFKC").trim().match(TIME);
  if (!match) return undefined;
  return `${(match[1] as string).padStart(2, "0")}:${match[2]}`;
}

/** True when the rule is well formed (a stored one may be damaged). */
export function isValidRule(rule: ScheduleRule): boolean {
  if (parseTimeOfDay(rule.time) !== rule.time) return false;
  if (rule.every === "week")
    return Number.isInteger(rule.weekday) && rule.weekday >= 1 && rule.weekday <= 7;
  if (rule.every === "month") return Number.isInteger(rule.day) && rule.day >= 1 && rule.day <= 31;
  return rule.every === "day";
}

function at(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(":").map(Number);
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone: day.zone },
  );
}

/** The slot of the period (day, week or month) that `day` lies in. */
function slotOfPeriod(rule: ScheduleRule, day: DateTime): DateTime {
  if (rule.every === "day") return at(day, rule.time);
  if (rule.every === "week")
    return at(day.minus({ days: (day.weekday - rule.weekday + 7) % 7 }), rule.time);
  const month = day.startOf("month");
  return at(month.set({ day: Math.min(rule.day, month.daysInMonth ?? 28) }), rule.time);
}

function step(rule: ScheduleRule, day: DateTime, direction: 1 | -1): DateTime {
  if (rule.every === "day") return day.plus({ days: direction });
  if (rule.every === "week") return day.plus({ days: 7 * direction });
  return day.startOf("month").plus({ months: direction });
}

function today(now: number, zone: string): DateTime {
  const day = DateTime.fromMillis(now, { zone });
  if (!day.isValid) throw new RangeError(`Unknown time zone ${zone}`);
  return day.startOf("day");
}

/** The latest slot at or before `now`. */
export function latestSlot(rule: ScheduleRule, now: number, zone: string): number {
  const day = today(now, zone);
  const slot = slotOfPeriod(rule, day);
  if (slot.toMillis() <= now) return slot.toMillis();
  return slotOfPeriod(rule, step(rule, slotOfPeriod(rule, day).startOf("day"), -1)).toMillis();
}

/** The first slot after `now`. */
export function nextSlot(rule: ScheduleRule, now: number, zone: string): number {
  const day = today(now, zone);
  const slot = slotOfPeriod(rule, day);
  if (slot.toMillis() > now) return slot.toMillis();
  return slotOfPeriod(rule, step(rule, slot.startOf("day"), 1)).toMillis();
}
