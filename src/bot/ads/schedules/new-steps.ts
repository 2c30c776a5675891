/**
 * A new report schedule, inside /schedule: "which store?" (only with several) → a campaign (one
 * pressed goes straight on; "More campaigns" toggles up to 10; typing searches) → the summary,
 * with the usual schedule chosen (every day at 09:00, yesterday, by day, CSV) → saved. On the
 * summary, drawn again with each change, how often is switched (weekly then asks the weekday,
 * monthly the day typed 1–31), the time (buttons, or "Other" and typed HH:MM in TIMEZONE), and
 * the period — which follows from how often until chosen (daily: yesterday, weekly: the last 7
 * days, monthly: the previous month) —, the grouping and the format. Schedules report campaign statistics (the kind
 * a manager reads every week); phrases and attribution stay with /report.
 *
 * Read top to bottom, one question a line: the toolkit's `pick` asks for one of its buttons,
 * `typed` for a text it can parse (core/dialog/questions.ts).
 * Tests: none directly
 */

import type { Logger } from "../../../logger.ts";
import {
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  type ReportFormat,
  type ReportGroupBy,
} from "../../../services/ads/index.ts";
import type { ScheduleRepository } from "../../../services/ads/schedules/schedules.ts";
import {
  type NewSchedule,
  type ReportSchedule,
  SCHEDULE_PERIODS,
  ScheduleLimitError,
  type SchedulePeriod,
} from "../../../services/ads/schedules/schedules.ts";
import { parseTimeOfDay, type ScheduleRule } from "../../../services/ads/schedules/slots.ts";
import { actorOf } from "../../audit/index.ts";
import type { Answer, Dialog } from "../../core/dialog/dialog.ts";
import { Questions } from "../../core/dialog/questions.ts";
import { type AsidePress, CampaignList, type ManyChoice } from "../campaigns/picker.ts";
import type { DigestDialog } from "../digest/steps.ts";
import type { AdsDialogDeps } from "../steps.ts";
import { AdsShopSteps } from "../steps.ts";
import { ruleText, scheduleReportText, zoneText } from "./format.ts";
import {
  FREQUENCIES,
  type Frequency,
  OTHER_TIME,
  scheduleSummaryKeyboard,
  TIME_CHOICES,
  timeValue,
  weekdayKeyboard,
} from "./keyboards.ts";

/** The period a schedule of each frequency reports on, until changed on the summary. */
const PERIOD_OF: Record<Frequency, SchedulePeriod> = {
  day: "yesterday",
  week: "last_7_days",
  month: "last_month",
};

/**
 * A new schedule's rule until switched on the summary: every day at 09:00 — the morning report
 * on yesterday's numbers, read at the start of the working day (the middle of the offered times).
 */
const USUAL_RULE: ScheduleRule = { every: "day", time: "09:00" };

/** What the summary switches. */
interface Choice {
  rule: ScheduleRule;
  period: SchedulePeriod;
  groupBy: ReportGroupBy;
  format: ReportFormat;
}

/** Where the schedule sends its reports. */
export interface ScheduleTarget {
  chatId: number;
  chatTitle?: string;
}

/** What the schedules dialog is built from. */
export interface ScheduleDialogDeps extends AdsDialogDeps {
  schedules: ScheduleRepository;
  /** The scheduler looks again (a schedule was saved, paused or resumed). */
  wake(): void;
  digest?: DigestDialog;
  /** The first name the bot knows for a person (who saved a schedule, shown in groups). */
  personName(userId: number): Promise<string | undefined>;
  logger?: Logger;
}

/**
 * Walks through a new schedule; resolves with the saved schedule (or a sentence why not), or
 * undefined when the dialog ended (no store reached, store gone).
 */
export async function newScheduleSteps(
  dialog: Dialog,
  deps: ScheduleDialogDeps,
  target: ScheduleTarget,
  /** The campaign screen's opening and own buttons (/schedule's empty list, its digest row). */
  first: Pick<ManyChoice, "opening" | "aside"> = {},
): Promise<{ saved?: ReportSchedule; notice?: string } | AsidePress | undefined> {
  const { button, conversation, t } = dialog;
  const session = await AdsShopSteps.choose(dialog, deps);
  if (!session) return undefined;
  const ask = new Questions(dialog, session, t);

  // The campaigns: one pressed goes straight on; "More campaigns" toggles them until Done.
  const chosen = await new CampaignList(session, false).chooseMany(t, {
    one: "schedule-choose-campaign",
    many: "schedule-choose-campaigns",
    max: deps.maxCampaigns,
    ...first,
  });
  if (!chosen || chosen === "again") return undefined;
  if (!(chosen instanceof Map)) return chosen;
  // The usual schedule is on the summary already (daily at 09:00, yesterday, by day, CSV): Save
  // is the third tap from Home; anything else is switched there.
  const rule: ScheduleRule = USUAL_RULE;
  const at = dialog.ctx;
  const campaigns = [...chosen].map(([id, title]) => ({ id, title }));
  const base = {
    owner: at.from?.id ?? 0,
    chatId: target.chatId,
    ...(target.chatTitle !== undefined ? { chatTitle: target.chatTitle } : {}),
    locale: at.locale,
    shop: session.shop.id,
    campaigns,
  };
  const draft = await summary({
    rule,
    period: PERIOD_OF[rule.every],
    groupBy: "DATE",
    format: "csv",
  });
  if (!draft) return undefined;
  const saved = await conversation.external(async () => {
    try {
      const schedule = await deps.schedules.add(draft);
      await deps.audit?.record({
        kind: "schedule",
        actor: actorOf(dialog.ctx),
        shopId: schedule.shop,
        objectId: schedule.id,
        via: "created",
        to: ruleText(t, draft.rule),
        result: { status: "done" },
      });
      return { ok: true as const, schedule };
    } catch (error) {
      if (error instanceof ScheduleLimitError) return { ok: false as const, max: error.max };
      throw error;
    }
  });
  if (!saved.ok) return { notice: t("schedule-limit", { max: saved.max }) };
  await conversation.external(() => deps.wake());
  return { saved: saved.schedule };

  /**
   * The schedule in full with Save; a press on how often, the time, its period, grouping or
   * format draws it again with that choice (weekly asks the weekday, monthly the day, "Other" a
   * typed time first; how often brings its own period). The schedule to save, or undefined when
   * the dialog ended.
   */
  async function summary(choice: Choice): Promise<NewSchedule | undefined> {
    const draft: NewSchedule = { ...base, ...choice };
    const where = target.chatTitle
      ? t("schedule-to-group", { title: target.chatTitle })
      : t("schedule-to-me");
    const text = [
      t("schedule-confirm"),
      `🗓 ${ruleText(t, draft.rule)} (${zoneText(t, deps.timezone)})`,
      scheduleReportText(t, draft),
      where,
    ].join("\n");
    const keyboard = scheduleSummaryKeyboard(button, t, choice);
    type Pressed = { save: true } | { every: Frequency } | { time: string } | Choice;
    type Taken = { value: Pressed } | { why: string };
    const take = (answer: Answer): Taken => {
      if (answer.kind === "text") return { why: t("dialog-use-buttons") };
      const { step, value } = answer;
      if (step === "y") return { value: { save: true as const } };
      const every = FREQUENCIES.find((f) => step === "fr" && f === value);
      if (every) return { value: { every } };
      const time = [...TIME_CHOICES.map(timeValue), OTHER_TIME].find(
        (v) => step === "tm" && v === value,
      );
      if (time) return { value: { time } };
      const period = SCHEDULE_PERIODS.find((p) => step === "sp" && p === value);
      const groupBy = REPORT_GROUPINGS.find((g) => step === "g" && g === value);
      const format = REPORT_FORMATS.find((f) => step === "f" && f === value);
      return { value: { ...choice, ...pick({ period, groupBy, format }) } };
    };
    const steps = ["y", "fr", "tm", "sp", "g", "f"];
    const answer = await ask.ask(text, keyboard, steps, take);
    if (answer === undefined) return undefined;
    if ("save" in answer) return draft;
    if ("every" in answer) {
      const next = await askRule(answer.every, choice.rule.time);
      if (!next) return undefined;
      // How often brings its period (daily: yesterday, weekly: 7 days, monthly: last month).
      return summary({ ...choice, rule: next, period: PERIOD_OF[next.every] });
    }
    if ("time" in answer) {
      const time = await askTime(answer.time);
      return time === undefined
        ? undefined
        : summary({ ...choice, rule: { ...choice.rule, time } });
    }
    return summary(answer);
  }

  /** The rule of `every` at `time`: weekly asks the weekday, monthly the day of the month. */
  async function askRule(every: Frequency, time: string): Promise<ScheduleRule | undefined> {
    if (every === "week") {
      const weekday = await ask.pick(
        t("schedule-weekday"),
        weekdayKeyboard(button, t),
        "wd",
        WEEKDAYS,
      );
      return weekday ? { every, weekday, time } : undefined;
    }
    if (every === "month") {
      const day = await ask.typed(t("schedule-day"), t("schedule-day-bad"), (text) => {
        const value = Number(text.trim());
        return /^\d{1,2}$/.test(text.trim()) && value >= 1 && value <= 31 ? value : undefined;
      });
      return day ? { every, day, time } : undefined;
    }
    return { every, time };
  }

  /** A time button's time; "Other" asks for it typed (HH:MM in TIMEZONE). */
  async function askTime(pressed: string): Promise<string | undefined> {
    if (pressed !== OTHER_TIME) return TIME_CHOICES.find((time) => timeValue(time) === pressed);
    const question = t("schedule-time", { zone: zoneText(t, deps.timezone) });
    return ask.typed(question, t("schedule-time-bad"), (text) => parseTimeOfDay(text) ?? undefined);
  }
}

/** The fields given (the rest left as they are). */
function pick<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
