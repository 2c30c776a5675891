/** Inline keyboards of the /schedule dialog (made with the dialog's `button`; Close is added). */
import { InlineKeyboard } from "grammy";
import { REPORT_FORMATS } from "../../services/ads/index.ts";
import { type ReportSchedule, SCHEDULE_PERIODS } from "../../services/schedules/schedules.ts";
import type { ButtonData } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { shortLabel } from "./format.ts";
import { FORMAT_KEYS, ruleText, SCHEDULE_PERIOD_KEYS } from "./schedule-format.ts";

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
  if (options.digest) {
    newRow(keyboard)
      .text(options.digest.label, button("dg", options.digest.turn))
      .text(t("digest-settings-button"), button("dm"));
  }
  return keyboard;
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

export function schedulePeriodKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  SCHEDULE_PERIODS.forEach((period, index) => {
    if (index % 2 === 0) newRow(keyboard);
    keyboard.text(t(SCHEDULE_PERIOD_KEYS[period]), button("sp", period));
  });
  return keyboard;
}

export function formatKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const format of REPORT_FORMATS) keyboard.text(t(FORMAT_KEYS[format]), button("f", format));
  return keyboard;
}

export const FREQUENCIES = ["day", "week", "month"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function frequencyKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const every of FREQUENCIES) keyboard.text(t(`schedule-every-${every}`), button("fr", every));
  return keyboard;
}

/** Monday (1) … Sunday (7), four and three in a row. */
export function weekdayKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (let day = 1; day <= 7; day++) {
    if (day === 5) keyboard.row();
    keyboard.text(t(`schedule-weekday-${day}`), button("wd", day));
  }
  return keyboard;
}

export function scheduleConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("schedule-save-button"), button("y"));
}
