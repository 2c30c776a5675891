/**
 * A new report schedule, inside /schedule: "which store?" (only with several) → campaigns (the
 * /report list: toggles, pages, typing searches, at most 10) → period kind → grouping → format →
 * how often (daily / weekly + weekday / monthly + day typed 1–31) → time typed HH:MM in TIMEZONE
 * → confirm → saved. Schedules report campaign statistics (the kind a manager reads every week);
 * phrases and attribution stay with /report.
 *
 * Read top to bottom, one question a line: the toolkit's `pick` asks for one of its buttons,
 * `typed` for a text it can parse (core/dialog/questions.ts).
 */
import { REPORT_FORMATS, REPORT_GROUPINGS } from "../../services/ads/index.ts";
import {
  type NewSchedule,
  type ReportSchedule,
  SCHEDULE_PERIODS,
  ScheduleLimitError,
} from "../../services/schedules/schedules.ts";
import { parseTimeOfDay, type ScheduleRule } from "../../services/schedules/slots.ts";
import { actorOf } from "../audit/index.ts";
import type { ConversationContext } from "../core/context.ts";
import { type Dialog, DialogNotice } from "../core/dialog/dialog.ts";
import { Questions } from "../core/dialog/questions.ts";
import { AdsShopDialog, CampaignList } from "./ads-steps.ts";
import { groupingKeyboard } from "./keyboards.ts";
import type { ScheduleDialogDeps } from "./schedule-dialog.ts";
import { ruleText, scheduleReportText } from "./schedule-format.ts";
import {
  FREQUENCIES,
  formatKeyboard,
  frequencyKeyboard,
  scheduleConfirmKeyboard,
  schedulePeriodKeyboard,
  weekdayKeyboard,
} from "./schedule-keyboards.ts";

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
  const notice = new DialogNotice();
  const list = new CampaignList(session, false);
  const chosen = new Map<string, string>();
  const ask = new Questions(dialog, session, t);

  // The campaigns: toggled on the /report list until Done.
  for (let done = false; !done; ) {
    if (!(await session.present(dialog.ctx))) return undefined;
    const picked = await list.chooseMany(dialog.ctx, t, {
      head: "schedule-choose-campaigns",
      max: deps.maxCampaigns,
      chosen,
      notice,
    });
    if (!picked) return undefined;
    done = picked.done;
  }
  const period = await ask.pick(
    t("schedule-period"),
    schedulePeriodKeyboard(button, t),
    "sp",
    SCHEDULE_PERIODS,
  );
  if (!period) return undefined;
  const groupBy = await ask.pick(
    t("ads-report-grouping"),
    groupingKeyboard(button, t),
    "g",
    REPORT_GROUPINGS,
  );
  if (!groupBy) return undefined;
  const format = await ask.pick(
    t("schedule-format"),
    formatKeyboard(button, t),
    "f",
    REPORT_FORMATS,
  );
  if (!format) return undefined;
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
    rule,
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
  const yes = await ask.pick(summary, scheduleConfirmKeyboard(button, t), "y", [""]);
  if (yes === undefined) return undefined;
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
  if (!saved.ok) return { ctx: dialog.ctx, notice: t("schedule-limit", { max: saved.max }) };
  await conversation.external(() => deps.wake());
  return { ctx: dialog.ctx, saved: saved.schedule };

  /** The time of day, typed HH:MM in TIMEZONE. */
  function askTime(): Promise<string | undefined> {
    const question = t("schedule-time", { zone: deps.timezone });
    return ask.typed(question, t("schedule-time-bad"), (text) => parseTimeOfDay(text) ?? undefined);
  }
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
