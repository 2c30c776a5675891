/**
 * Report schedules and digests in words: the rule, the report, the next run.
 * Tests: none directly
 */
import type { ReportFormat } from "../../../services/ads/index.ts";
import type {
  PauseReason,
  ReportSchedule,
  SchedulePeriod,
} from "../../../services/ads/schedules/schedules.ts";
import { nextSlot, type ScheduleRule } from "../../../services/ads/schedules/slots.ts";
import type { Locale, Translator } from "../../core/i18n.ts";
import { localeOf, momentText } from "../../core/numbers.ts";
import { campaignsText, GROUPING_VALUE_KEYS, PRESET_KEYS } from "../format.ts";

export const FORMAT_KEYS = {
  csv: "schedule-format-csv",
  xlsx: "schedule-format-xlsx",
} as const satisfies Record<ReportFormat, string>;

export const SCHEDULE_PERIOD_KEYS = {
  yesterday: PRESET_KEYS.yesterday,
  last_7_days: PRESET_KEYS.last_7_days,
  last_30_days: PRESET_KEYS.last_30_days,
  last_month: "schedule-period-last-month",
} as const satisfies Record<SchedulePeriod, string>;

/** The schedule's period as a value inside a line ("· вчера ·"); the buttons use SCHEDULE_PERIOD_KEYS. */
export const SCHEDULE_PERIOD_VALUE_KEYS = {
  yesterday: "schedule-period-yesterday-value",
  last_7_days: "schedule-period-last-7-days-value",
  last_30_days: "schedule-period-last-30-days-value",
  last_month: "schedule-period-last-month-value",
} as const satisfies Record<SchedulePeriod, string>;

const PAUSE_REASON_KEYS = {
  no_access: "schedule-stopped-no-access",
  not_admin: "schedule-stopped-not-admin",
  bot_gone: "schedule-stopped-bot-gone",
} as const satisfies Record<PauseReason, string>;

/** Why the scheduler paused a schedule, as the end of a sentence. */
export function pauseReasonText(t: Translator, reason: PauseReason): string {
  return t(PAUSE_REASON_KEYS[reason]);
}

/** "every day at 09:00", "every Monday at 09:00", "monthly on the 31st at 09:00 (…)". */
export function ruleText(t: Translator, rule: ScheduleRule): string {
  if (rule.every === "day") return t("schedule-rule-day", { time: rule.time });
  if (rule.every === "week") {
    return t("schedule-rule-week", {
      weekday: t(`schedule-every-weekday-${rule.weekday}`),
      time: rule.time,
    });
  }
  const text = t("schedule-rule-month", { day: rule.day, time: rule.time });
  return rule.day > 28 ? `${text} ${t("schedule-rule-month-short")}` : text;
}

/** A slot as every moment is written: `25 нояб., 09:00` / `25 Nov, 09:00`. */
export function slotText(slot: number, zone: string, locale: Locale = "ru"): string {
  return momentText(locale, slot, zone);
}

/** What a schedule sends: campaigns, period kind, grouping, format. */
export function scheduleReportText(
  t: Translator,
  schedule: Pick<ReportSchedule, "campaigns" | "period" | "groupBy" | "format">,
): string {
  return t("schedule-report", {
    campaigns: campaignsText(t, schedule.campaigns),
    period: t(SCHEDULE_PERIOD_VALUE_KEYS[schedule.period]),
    grouping: t(GROUPING_VALUE_KEYS[schedule.groupBy]),
    format: t(FORMAT_KEYS[schedule.format]),
  });
}

/** The schedule's card (and one line of the list without `details`). */
export function scheduleText(
  t: Translator,
  schedule: ReportSchedule,
  options: {
    now: number;
    zone: string;
    shopName?: string | undefined;
    ownerName?: string;
    /** The screen says the zone once above (the list): not again on each schedule. */
    zoneSaid?: boolean;
  },
): string {
  const lines = [
    `${schedule.paused ? "⏸" : "🗓"} ${ruleText(t, schedule.rule)}`,
    scheduleReportText(t, schedule),
  ];
  if (options.shopName) lines.push(t("shop-tag", { name: options.shopName }));
  lines.push(
    schedule.chatTitle
      ? t("schedule-to-group", { title: schedule.chatTitle })
      : t("schedule-to-me"),
  );
  if (options.ownerName) lines.push(t("schedule-owner", { name: options.ownerName }));
  lines.push(
    schedule.paused
      ? schedule.pausedFor
        ? t("schedule-paused-for", { reason: pauseReasonText(t, schedule.pausedFor) })
        : t("schedule-paused-line")
      : t(options.zoneSaid ? "schedule-next" : "schedule-next-zoned", {
          at: slotText(
            nextSlot(schedule.rule, options.now, options.zone),
            options.zone,
            localeOf(t),
          ),
          zone: zoneText(t, options.zone),
        }),
  );
  return lines.join("\n");
}

/** "по Москве" for Europe/Moscow, else "часовой пояс <zone>", in the person's language. */
export function zoneText(t: Translator, zone: string): string {
  return t("schedule-zone-local", { zone, city: zone === "Europe/Moscow" ? "moscow" : "other" });
}
