/**
 * A new report schedule, inside /schedule: "which store?" (only with several) → campaigns (the
 * /report list: toggles, pages, typing searches, at most 10) → period kind → grouping → format →
 * how often (daily / weekly + weekday / monthly + day typed 1–31) → time typed HH:MM in TIMEZONE
 * → confirm → saved. Schedules report campaign statistics (the kind a manager reads every week);
 * phrases and attribution stay with /report.
 */
import { InlineKeyboard } from "grammy";
import type { ReportFormat, ReportGroupBy } from "../../services/ads/index.ts";
import { REPORT_FORMATS, REPORT_GROUPINGS } from "../../services/ads/index.ts";
import {
  type NewSchedule,
  type ReportSchedule,
  SCHEDULE_PERIODS,
  ScheduleLimitError,
  type SchedulePeriod,
} from "../../services/schedules/schedules.ts";
import { parseTimeOfDay, type ScheduleRule } from "../../services/schedules/slots.ts";
import type { ConversationContext } from "../core/context.ts";
import { type Dialog, DialogNotice } from "../core/dialog/dialog.ts";
import { AdsShopDialog, CampaignList } from "./ads-steps.ts";
import { groupingKeyboard } from "./keyboards.ts";
import type { ScheduleDialogDeps } from "./schedule-dialog.ts";
import { ruleText, scheduleReportText } from "./schedule-format.ts";
import {
  FREQUENCIES,
  type Frequency,
  formatKeyboard,
  frequencyKeyboard,
  scheduleConfirmKeyboard,
  schedulePeriodKeyboard,
  weekdayKeyboard,
} from "./schedule-keyboards.ts";

type Step =
  | "campaigns"
  | "period"
  | "grouping"
  | "format"
  | "every"
  | "weekday"
  | "day"
  | "time"
  | "confirm";

/** Where the schedule sends its reports. */
export interface ScheduleTarget {
  chatId: number;
  chatTitle?: string;
}

/**
 * Walks through a new schedule; resolves with the saved schedule (or a sentence why not) and the
 * context to go on with, or undefined when the dialog ended (no store reached, store gone).
 */
export async function newScheduleSteps(
  dialog: Dialog,
  deps: ScheduleDialogDeps,
  ctx: ConversationContext,
  target: ScheduleTarget,
): Promise<{ ctx: ConversationContext; saved?: ReportSchedule; notice?: string } | undefined> {
  const { button, conversation } = dialog;
  const t = ctx.t.bind(ctx);
  const opened = await AdsShopDialog.choose(dialog, deps, ctx);
  if (!opened) return undefined;
  const { session } = opened;
  let at = opened.ctx;
  let step: Step = "campaigns";
  const notice = new DialogNotice();
  const list = new CampaignList(session, false);
  const chosen = new Map<string, string>();
  let period: SchedulePeriod = "last_7_days";
  let groupBy: ReportGroupBy = "DATE";
  let format: ReportFormat = "csv";
  let every: Frequency = "day";
  let weekday = 1;
  let day = 1;
  let time = "09:00";
  const ask = async (
    text: string,
    keyboard: Parameters<AdsShopDialog["show"]>[2],
    steps: string[],
  ) => {
    await session.show(at, notice.over(text), keyboard);
    const answer = await dialog.answer(steps);
    at = answer.ctx;
    return answer;
  };
  const rule = (): ScheduleRule =>
    every === "day"
      ? { every, time }
      : every === "week"
        ? { every, weekday, time }
        : { every, day, time };

  for (;;) {
    if (!(await session.present(at))) return undefined;
    if (step === "campaigns") {
      const picked = await list.chooseMany(at, t, {
        head: "schedule-choose-campaigns",
        max: deps.maxCampaigns,
        chosen,
        notice,
      });
      if (!picked) return undefined;
      at = picked.ctx;
      if (picked.done) step = "period";
      continue;
    }
    if (step === "period") {
      const value = notice.pressed(
        t,
        await ask(t("schedule-period"), schedulePeriodKeyboard(button, t), ["sp"]),
        "sp",
      );
      if (SCHEDULE_PERIODS.includes(value as SchedulePeriod)) {
        period = value as SchedulePeriod;
        step = "grouping";
      }
      continue;
    }
    if (step === "grouping") {
      const value = notice.pressed(
        t,
        await ask(t("ads-report-grouping"), groupingKeyboard(button, t), ["g"]),
        "g",
      );
      if (REPORT_GROUPINGS.includes(value as ReportGroupBy)) {
        groupBy = value as ReportGroupBy;
        step = "format";
      }
      continue;
    }
    if (step === "format") {
      const value = notice.pressed(
        t,
        await ask(t("schedule-format"), formatKeyboard(button, t), ["f"]),
        "f",
      );
      if (REPORT_FORMATS.includes(value as ReportFormat)) {
        format = value as ReportFormat;
        step = "every";
      }
      continue;
    }
    if (step === "every") {
      const value = notice.pressed(
        t,
        await ask(t("schedule-every"), frequencyKeyboard(button, t), ["fr"]),
        "fr",
      );
      if (FREQUENCIES.includes(value as Frequency)) {
        every = value as Frequency;
        step = every === "week" ? "weekday" : every === "month" ? "day" : "time";
      }
      continue;
    }
    if (step === "weekday") {
      const value = Number(
        notice.pressed(
          t,
          await ask(t("schedule-weekday"), weekdayKeyboard(button, t), ["wd"]),
          "wd",
        ),
      );
      if (Number.isInteger(value) && value >= 1 && value <= 7) {
        weekday = value;
        step = "time";
      }
      continue;
    }
    if (step === "day") {
      const answer = await ask(t("schedule-day"), new InlineKeyboard(), []);
      if (answer.kind !== "text") continue;
      const value = Number(answer.text.trim());
      if (/^\d{1,2}$/.test(answer.text.trim()) && value >= 1 && value <= 31) {
        day = value;
        step = "time";
      } else {
        notice.text = t("schedule-day-bad");
      }
      continue;
    }
    if (step === "time") {
      const answer = await ask(
        t("schedule-time", { zone: deps.timezone }),
        new InlineKeyboard(),
        [],
      );
      if (answer.kind !== "text") continue;
      const parsed = parseTimeOfDay(answer.text);
      if (parsed) {
        time = parsed;
        step = "confirm";
      } else {
        notice.text = t("schedule-time-bad");
      }
      continue;
    }

    // confirm
    const campaigns = [...chosen].map(([id, title]) => ({ id, title }));
    const draft: NewSchedule = {
      owner: at.from?.id ?? 0,
      chatId: target.chatId,
      ...(target.chatTitle !== undefined ? { chatTitle: target.chatTitle } : {}),
      locale: at.locale,
      shop: session.shop.id,
      campaigns,
      period,
      groupBy,
      format,
      rule: rule(),
    };
    const where = target.chatTitle
      ? t("schedule-to-group", { title: target.chatTitle })
      : t("schedule-to-me");
    const summary = [
      t("schedule-confirm"),
      `🗓 ${ruleText(t, draft.rule)} (${deps.timezone})`,
      scheduleReportText(t, draft),
      where,
    ].join("\n");
    const answer = await ask(summary, scheduleConfirmKeyboard(button, t), ["y"]);
    if (notice.pressed(t, answer, "y") === undefined) continue;
    const saved = await conversation.external(async () => {
      try {
        return { ok: true as const, schedule: await deps.schedules.add(draft) };
      } catch (error) {
        if (error instanceof ScheduleLimitError) return { ok: false as const, max: error.max };
        throw error;
      }
    });
    if (!saved.ok) return { ctx: at, notice: t("schedule-limit", { max: saved.max }) };
    await conversation.external(() => deps.wake());
    return { ctx: at, saved: saved.schedule };
  }
}
