/**
 * Inline keyboards of the /schedule dialog (made with the dialog's `button`; Close is added).
 * Tests: test/bot/core/marks.test.ts
 */
import { InlineKeyboard } from "grammy";
import {
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  type ReportFormat,
  type ReportGroupBy,
} from "../../../services/ads/index.ts";
import {
  type ReportSchedule,
  SCHEDULE_PERIODS,
  type SchedulePeriod,
} from "../../../services/ads/schedules/schedules.ts";
import type { ScheduleRule } from "../../../services/ads/schedules/slots.ts";
import type { ButtonData } from "../../core/dialog/dialog.ts";
import type { Translator } from "../../core/i18n.ts";
import { newRow } from "../../core/keyboard-rows.ts";
import { chosenLabel } from "../../core/marks.ts";
import { GROUPING_KEYS, shortLabel } from "../format.ts";
import { FORMAT_KEYS, ruleText, SCHEDULE_PERIOD_KEYS } from "./format.ts";

/**
 * The list: one button per schedule (step "o"), New (step "n"), the digest's switch (step "dg",
 * one tap turns it on or off) and its time (step "dm", the digest's screen).
 */
export function scheduleListKeyboard(
  button: ButtonData,
  t: Translator,
  schedules: readonly ReportSchedule[],
  options: { canAdd: boolean; digest?: { label: string; turn: "on" | "off" } },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  schedules.forEach((schedule, index) => {
    const mark = schedule.paused ? "⏸" : "🗓";
    const label = `${index + 1}. ${mark} ${ruleText(t, schedule.rule)}`;
    newRow(keyboard).text(shortLabel(label, 40), button("o", schedule.id));
  });
  if (options.canAdd) newRow(keyboard).text(t("schedule-new-button"), button("n"));
  if (options.digest) scheduleDigestRow(keyboard, button, t, options.digest);
  return keyboard;
}

/** The digest's row: its switch (step "dg", one tap turns it on or off) and its screen ("dm"). */
export function scheduleDigestRow(
  keyboard: InlineKeyboard,
  button: ButtonData,
  t: Translator,
  digest: { label: string; turn: "on" | "off" },
): InlineKeyboard {
  return newRow(keyboard)
    .text(digest.label, button("dg", digest.turn))
    .text(t("digest-settings-button"), button("dm"));
}

/** A schedule's card: pause / resume (its owner only), delete, back. */
export function scheduleCardKeyboard(
  button: ButtonData,
  t: Translator,
  schedule: ReportSchedule,
  options: { canPause: boolean },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (options.canPause) {
    keyboard.text(
      t(schedule.paused ? "schedule-resume-button" : "schedule-pause-button"),
      button("ps"),
    );
  }
  return keyboard
    .text(t("schedule-delete-button"), button("dl"))
    .row()
    .text(t("schedule-back-button"), button("b"));
}

export function scheduleDeleteKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("schedule-delete-yes-button"), button("dy"))
    .text(t("schedule-back-button"), button("b"));
}

/**
 * The new schedule's summary: Save, then how often (step "fr"), the time ("tm", "Other" typed),
 * its period ("sp"), grouping ("g") and format ("f") as choices, ● on the chosen ones.
 */
export function scheduleSummaryKeyboard(
  button: ButtonData,
  t: Translator,
  chosen: {
    rule: ScheduleRule;
    period: SchedulePeriod;
    groupBy: ReportGroupBy;
    format: ReportFormat;
  },
): InlineKeyboard {
  const mark = (on: boolean, label: string) => chosenLabel(label, on);
  const keyboard = new InlineKeyboard().text(t("schedule-save-button"), button("y"));
  newRow(keyboard);
  for (const every of FREQUENCIES) {
    const label = mark(every === chosen.rule.every, t(`schedule-every-${every}`));
    keyboard.text(label, button("fr", every));
  }
  newRow(keyboard);
  const offered = TIME_CHOICES.some((time) => time === chosen.rule.time);
  for (const time of TIME_CHOICES) {
    keyboard.text(mark(time === chosen.rule.time, time), button("tm", timeValue(time)));
  }
  const other = offered ? t("schedule-time-other-button") : chosen.rule.time;
  keyboard.text(mark(!offered, other), button("tm", OTHER_TIME));
  SCHEDULE_PERIODS.forEach((period, index) => {
    if (index % 2 === 0) newRow(keyboard);
    const label = mark(period === chosen.period, t(SCHEDULE_PERIOD_KEYS[period]));
    keyboard.text(label, button("sp", period));
  });
  newRow(keyboard);
  for (const grouping of REPORT_GROUPINGS) {
    const label = mark(grouping === chosen.groupBy, t(GROUPING_KEYS[grouping]));
    keyboard.text(label, button("g", grouping));
  }
  newRow(keyboard);
  for (const format of REPORT_FORMATS) {
    keyboard.text(mark(format === chosen.format, t(FORMAT_KEYS[format])), button("f", format));
  }
  return keyboard;
}

/** Times offered as buttons; "Other" asks for a typed one. */
export const TIME_CHOICES = ["08:00", "09:00", "10:00"] as const;
export const OTHER_TIME = "other";

/** A time's button value: "0900" (callback data takes no colon). */
export const timeValue = (time: string) => time.replace(":", "");

export const FREQUENCIES = ["day", "week", "month"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Monday (1) … Sunday (7), four and three in a row. */
export function weekdayKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (let day = 1; day <= 7; day++) {
    if (day === 5) keyboard.row();
    keyboard.text(t(`schedule-weekday-${day}`), button("wd", day));
  }
  return keyboard;
}
