/**
 * A new report schedule, inside /schedule: "which store?" (only with several) → a campaign (one
 * pressed goes straight on; "More campaigns" toggles up to 10; typing searches) → how often (daily / weekly +
 * weekday / monthly + day typed 1–31) → time (buttons, or "Other" and typed HH:MM in TIMEZONE)
 * → the summary → saved. The period follows from how often (daily: yesterday, weekly: the last 7
 * days, monthly: the previous month), grouped by day, as CSV: all three are switched on the
 * summary, which is drawn again with the change. Schedules report campaign statistics (the kind
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
import { CampaignList } from "../campaigns/picker.ts";
import type { DigestDialog } from "../digest/steps.ts";
import type { AdsDialogDeps } from "../steps.ts";
import { AdsShopSteps } from "../steps.ts";
import { ruleText, scheduleReportText, zoneText } from "./format.ts";
import {
  FREQUENCIES,
  type Frequency,
  frequencyKeyboard,
  OTHER_TIME,
  scheduleSummaryKeyboard,
  TIME_CHOICES,
  timeKeyboard,
  timeValue,
  weekdayKeyboard,
} from "./keyboards.ts";

/** The period a schedule of each frequency reports on, until changed on the summary. */
const PERIOD_OF: Record<Frequency, SchedulePeriod> = {
  day: "yesterday",
  week: "last_7_days",
  month: "last_month",
};

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
): Promise<{ saved?: ReportSchedule; notice?: string } | undefined> {
  const { button, conversation, t } = dialog;
  const session = await AdsShopSteps.choose(dialog, deps);
  if (!session) return undefined;
  const ask = new Questions(dialog, session, t);

  // The campaigns: one pressed goes straight on; "More campaigns" toggles them until Done.
  const chosen = await new CampaignList(session, false).chooseMany(t, {
    one: "schedule-choose-campaign",
    many: "schedule-choose-campaigns",
    max: deps.maxCampaigns,
  });
  if (!chosen || chosen === "again") return undefined;
  const every = await ask.pick(
    t("schedule-every"),
    frequencyKeyboard(button, t),
    "fr",
    FREQUENCIES,
  );
  if (!every) return undefined;
  let rule: ScheduleRule | undefined;
  if (every === "week") {
    const weekday = await ask.pick(
      t("schedule-weekday"),
      weekdayKeyboard(button, t),
      "wd",
      WEEKDAYS,
    );
    const time = weekday && (await askTime());
    rule = time ? { every, weekday, time } : undefined;
  } else if (every === "month") {
    const day = await ask.typed(t("schedule-day"), t("schedule-day-bad"), (text) => {
      const value = Number(text.trim());
      return /^\d{1,2}$/.test(text.trim()) && value >= 1 && value <= 31 ? value : undefined;
    });
    const time = day && (await askTime());
    rule = time ? { every, day, time } : undefined;
  } else {
    const time = await askTime();
    rule = time ? { every, time } : undefined;
  }
  if (!rule) return undefined;

  const at = dialog.ctx;
  const campaigns = [...chosen].map(([id, title]) => ({ id, title }));
  const base = {
    owner: at.from?.id ?? 0,
    chatId: target.chatId,
    ...(target.chatTitle !== undefined ? { chatTitle: target.chatTitle } : {}),
    locale: at.locale,
    shop: session.shop.id,
    campaigns,
    rule,
  };
  const draft = await summary({ period: PERIOD_OF[every], groupBy: "DATE", format: "csv" });
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
   * The schedule in full with Save; a press on its period, grouping or format draws it again
   * with that choice. The schedule to save, or undefined when the dialog ended.
   */
  async function summary(choice: {
    period: SchedulePeriod;
    groupBy: ReportGroupBy;
    format: ReportFormat;
  }): Promise<NewSchedule | undefined> {
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
    type Choice = typeof choice;
    type Taken = { value: { save: true } | Choice } | { why: string };
    const take = (answer: Answer): Taken => {
      if (answer.kind === "text") return { why: t("dialog-use-buttons") };
      const { step, value } = answer;
      if (step === "y") return { value: { save: true as const } };
      const period = SCHEDULE_PERIODS.find((p) => step === "sp" && p === value);
      const groupBy = REPORT_GROUPINGS.find((g) => step === "g" && g === value);
      const format = REPORT_FORMATS.find((f) => step === "f" && f === value);
      return { value: { ...choice, ...pick({ period, groupBy, format }) } };
    };
    const answer = await ask.ask(text, keyboard, ["y", "sp", "g", "f"], take);
    if (answer === undefined) return undefined;
    return "save" in answer ? draft : summary(answer);
  }

  /** The time of day: a button, or "Other" and typed HH:MM in TIMEZONE. */
  async function askTime(): Promise<string | undefined> {
    const zone = zoneText(t, deps.timezone);
    const choices = [...TIME_CHOICES.map(timeValue), OTHER_TIME];
    const pressed = await ask.pick(
      t("schedule-time-pick", { zone }),
      timeKeyboard(button, t),
      "tm",
      choices,
    );
    if (pressed === undefined) return undefined;
    if (pressed !== OTHER_TIME) return TIME_CHOICES.find((time) => timeValue(time) === pressed);
    const question = t("schedule-time", { zone });
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
