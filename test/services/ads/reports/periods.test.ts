import { describe, expect, it } from "vitest";
import {
  checkPeriod,
  formatPeriod,
  LIVE_MAX_PERIOD_DAYS,
  type PeriodClock,
  parsePeriodInput,
  periodDays,
  presetPeriod,
  SPEC_MAX_PERIOD_DAYS,
} from "../../../../src/services/ads/reports/periods.ts";

const moscow = (iso: string): PeriodClock => ({ now: Date.parse(iso), zone: "Europe/Moscow" });
// 16 October 2026, 10:00 in Moscow.
const mid = moscow("2026-10-16T10:00:00+03:00");

describe("presetPeriod", () => {
  it("counts whole days ending yesterday, months from the 1st", () => {
    expect(presetPeriod("yesterday", mid)).toEqual({ from: "2026-10-15", to: "2026-10-15" });
    expect(presetPeriod("last_7_days", mid)).toEqual({ from: "2026-10-09", to: "2026-10-15" });
    expect(presetPeriod("last_30_days", mid)).toEqual({ from: "2026-09-16", to: "2026-10-15" });
    expect(presetPeriod("this_month", mid)).toEqual({ from: "2026-10-01", to: "2026-10-16" });
    expect(presetPeriod("last_month", mid)).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(periodDays(presetPeriod("last_7_days", mid))).toBe(7);
    expect(periodDays(presetPeriod("last_30_days", mid))).toBe(30);
  });

  it("uses TIMEZONE, not UTC: 00:30 on 1 March in Moscow is still 28 February in UTC", () => {
    const clock = moscow("2026-03-01T00:30:00+03:00");
    expect(new Date(clock.now).toISOString().slice(0, 10)).toBe("2026-02-28");
    expect(presetPeriod("yesterday", clock)).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(presetPeriod("this_month", clock)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(presetPeriod("last_month", clock)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("the same instant is a different day in another zone", () => {
    const now = Date.parse("2026-10-31T22:30:00Z");
    expect(presetPeriod("yesterday", { now, zone: "Europe/London" })).toEqual({
      from: "2026-10-30",
      to: "2026-10-30",
    });
    expect(presetPeriod("yesterday", { now, zone: "Asia/Vladivostok" })).toEqual({
      from: "2026-10-31",
      to: "2026-10-31",
    });
    expect(presetPeriod("last_month", { now, zone: "Asia/Vladivostok" })).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
    });
  });

  it("handles leap years and the turn of the year", () => {
    expect(presetPeriod("last_month", moscow("2028-03-10T12:00:00+03:00"))).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    const newYear = moscow("2027-01-01T08:00:00+03:00");
    expect(presetPeriod("last_month", newYear)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetPeriod("last_7_days", newYear)).toEqual({ from: "2026-12-25", to: "2026-12-31" });
  });

  it("counts days, not hours, across a daylight-saving change", () => {
    const berlin: PeriodClock = {
      now: Date.parse("2026-03-30T12:00:00+02:00"),
      zone: "Europe/Berlin",
    };
    expect(presetPeriod("last_7_days", berlin)).toEqual({ from: "2026-03-23", to: "2026-03-29" });
    expect(periodDays({ from: "2026-03-28", to: "2026-03-30" })).toBe(3);
  });
});

describe("parsePeriodInput", () => {
  it("reads DD.MM.YYYY-DD.MM.YYYY and its usual variants", () => {
    const expected = { ok: true, period: { from: "2026-10-01", to: "2026-10-15" } };
    expect(parsePeriodInput("01.10.2026-15.10.2026", mid)).toEqual(expected);
    expect(parsePeriodInput(" 1.10.2026 – 15.10.2026 ", mid)).toEqual(expected);
    expect(parsePeriodInput("01.10.2026 — 15.10.2026", mid)).toEqual(expected);
    expect(parsePeriodInput("01/10/2026-15/10/2026", mid)).toEqual(expected);
    expect(parsePeriodInput("01.10.2026 по 15.10.2026", mid)).toEqual(expected);
    expect(parsePeriodInput("01.10.2026", mid)).toEqual({
      ok: true,
      period: { from: "2026-10-01", to: "2026-10-01" },
    });
  });

  it("accepts today (in TIMEZONE) as the last day", () => {
    expect(parsePeriodInput("16.10.2026", mid)).toMatchObject({ ok: true });
    expect(parsePeriodInput("01.03.2026", moscow("2026-03-01T00:30:00+03:00"))).toMatchObject({
      ok: true,
    });
  });

  it("refuses with a reason", () => {
    const reason = (text: string) => {
      const result = parsePeriodInput(text, mid);
      return result.ok ? "ok" : result.reason;
    };
    expect(reason("")).toBe("format");
    expect(reason("вчера")).toBe("format");
    expect(reason("2026-10-01")).toBe("format");
    expect(reason("01.10.26-15.10.26")).toBe("format");
    expect(reason("01.10.2026-15.10.2026-20.10.2026")).toBe("format");
    expect(reason("31.02.2026-01.03.2026")).toBe("invalid_date");
    expect(reason("01.13.2026")).toBe("invalid_date");
    expect(reason("29.02.2026")).toBe("invalid_date");
    expect(reason("15.10.2026-01.10.2026")).toBe("order");
    expect(reason("01.10.2026-17.10.2026")).toBe("future");
    expect(reason("17.10.2026")).toBe("future");
  });
});

describe("checkPeriod", () => {
  it("allows exactly the account's limit and refuses one day more, naming the fix", () => {
    const options = { maxDays: LIVE_MAX_PERIOD_DAYS, clock: mid };
    expect(checkPeriod({ from: "2026-08-15", to: "2026-10-15" }, options)).toEqual({
      ok: true,
      days: 62,
    });
    expect(checkPeriod({ from: "2026-08-14", to: "2026-10-15" }, options)).toEqual({
      ok: false,
      reason: "too_long",
      days: 63,
      maxDays: 62,
      earliestFrom: "2026-08-15",
    });
    expect(
      checkPeriod(
        { from: "2026-01-01", to: "2026-10-15" },
        { maxDays: SPEC_MAX_PERIOD_DAYS, clock: mid },
      ),
    ).toEqual({ ok: true, days: 288 });
  });

  it("re-checks what it is given (presets and typed periods alike)", () => {
    const options = { maxDays: 62, clock: mid };
    expect(checkPeriod({ from: "2026-10-15", to: "2026-10-01" }, options)).toMatchObject({
      reason: "order",
    });
    expect(checkPeriod({ from: "2026-10-15", to: "2026-10-17" }, options)).toMatchObject({
      reason: "future",
    });
    expect(checkPeriod({ from: "2026-02-30", to: "2026-03-01" }, options)).toMatchObject({
      reason: "invalid_date",
    });
    expect(checkPeriod({ from: "1.10.2026", to: "2026-10-02" }, options)).toMatchObject({
      reason: "invalid_date",
    });
    for (const preset of [
      "yesterday",
      "last_7_days",
      "last_30_days",
      "this_month",
      "last_month",
    ] as const) {
      expect(checkPeriod(presetPeriod(preset, mid), options).ok).toBe(true);
    }
  });
});

describe("formatPeriod", () => {
  it("writes dates the Russian way", () => {
    expect(formatPeriod({ from: "2026-10-01", to: "2026-10-15" })).toBe("01.10.2026–15.10.2026");
    expect(formatPeriod({ from: "2026-10-01", to: "2026-10-01" })).toBe("01.10.2026");
  });
});
