import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  latestSlot,
  nextSlot,
  parseTimeOfDay,
  type ScheduleRule,
} from "../../../../src/services/ads/schedules/slots.ts";

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const show = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISO();

describe("schedule slots", () => {
  const MSK = "Europe/Moscow";

  it("daily: the latest slot at or before now, and the next one after it", () => {
    const rule: ScheduleRule = { every: "day", time: "09:00" };
    expect(show(latestSlot(rule, at("2026-06-15T08:59", MSK), MSK), MSK)).toBe(
      "2026-06-14T09:00:00.000+03:00",
    );
    expect(show(latestSlot(rule, at("2026-06-15T09:00", MSK), MSK), MSK)).toBe(
      "2026-06-15T09:00:00.000+03:00",
    );
    expect(show(nextSlot(rule, at("2026-06-15T09:00", MSK), MSK), MSK)).toBe(
      "2026-06-16T09:00:00.000+03:00",
    );
  });

  it("weekly: on its weekday (Monday = 1 … Sunday = 7)", () => {
    const rule: ScheduleRule = { every: "week", weekday: 1, time: "10:30" };
    // Wednesday 17 June 2026.
    expect(show(latestSlot(rule, at("2026-06-17T12:00", MSK), MSK), MSK)).toBe(
      "2026-06-15T10:30:00.000+03:00",
    );
    expect(show(nextSlot(rule, at("2026-06-17T12:00", MSK), MSK), MSK)).toBe(
      "2026-06-22T10:30:00.000+03:00",
    );
    // Monday before the time: last week's.
    expect(show(latestSlot(rule, at("2026-06-22T10:00", MSK), MSK), MSK)).toBe(
      "2026-06-15T10:30:00.000+03:00",
    );
  });

  it("monthly on the 31st: the last day of shorter months", () => {
    const rule: ScheduleRule = { every: "month", day: 31, time: "09:00" };
    expect(show(nextSlot(rule, at("2026-02-10T00:00", MSK), MSK), MSK)).toBe(
      "2026-02-28T09:00:00.000+03:00",
    );
    expect(show(nextSlot(rule, at("2026-02-28T09:00", MSK), MSK), MSK)).toBe(
      "2026-03-31T09:00:00.000+03:00",
    );
    expect(show(latestSlot(rule, at("2026-05-15T00:00", MSK), MSK), MSK)).toBe(
      "2026-04-30T09:00:00.000+03:00",
    );
    expect(show(latestSlot(rule, at("2028-02-29T10:00", MSK), MSK), MSK)).toBe(
      "2028-02-29T09:00:00.000+03:00",
    );
  });

  it("DST: a time skipped in spring comes after the gap; a time repeated in autumn comes once", () => {
    const zone = "Europe/Berlin";
    const rule: ScheduleRule = { every: "day", time: "02:30" };
    // 29 March 2026: 02:00 → 03:00.
    const spring = nextSlot(rule, at("2026-03-28T12:00", zone), zone);
    expect(show(spring, zone)).toBe("2026-03-29T03:30:00.000+02:00");
    // 25 October 2026: 03:00 → 02:00, 02:30 happens twice; the slot is one of them (luxon
    // takes the later, in winter time), and only one.
    const autumn = nextSlot(rule, at("2026-10-24T12:00", zone), zone);
    expect(new Date(autumn).toISOString()).toBe("2026-10-25T01:30:00.000Z");
    expect(latestSlot(rule, autumn - 1, zone)).toBe(at("2026-10-24T02:30", zone));
    expect(nextSlot(rule, at("2026-10-25T02:45+02:00", zone), zone)).toBe(autumn);
    expect(nextSlot(rule, autumn, zone) - autumn).toBe(24 * 60 * 60 * 1000);
    // The day after the spring change is back at 02:30: 23 h after the moved slot.
    expect(show(nextSlot(rule, spring, zone), zone)).toBe("2026-03-30T02:30:00.000+02:00");
  });

  it("reads a time of day", () => {
    expect(parseTimeOfDay("9:05")).toBe("09:05");
    expect(parseTimeOfDay(" 18.30 ")).toBe("18:30");
    expect(parseTimeOfDay("24:00")).toBeUndefined();
    expect(parseTimeOfDay("9")).toBeUndefined();
  });
});
