/**
 * /report: "which store?" (only when the person's role reaches several shops with Performance
 * keys) → choose campaigns (toggles, paged, typing searches, at most 10) → kind (campaign
 * statistics; phrases for exactly one campaign and its objects; attribution with its days) →
 * period (a quick report — period and grouping in one tap — or a preset or typed
 * `01.10.2026-15.10.2026`, whole days in TIMEZONE, then the grouping) → confirm (where the file's
 * format, CSV or XLSX, may be switched) → a report job
 * is queued in that shop's queue and the confirm message becomes the progress message the
 * shop's runner edits. A usual
 * report is three taps after the campaigns: kind, quick report, Order.
 *
 * Everything that can be checked without Ozon is checked here, with the reason in plain words,
 * before any job exists: too many campaigns, a period too long for the account (refused, not
 * split — see services/ads/periods.ts), dates in the future or in the wrong order.
 */
import {
  checkPeriod,
  formatPeriod,
  isReportRequestError,
  PERIOD_PRESETS,
  type PeriodPreset,
  parsePeriodInput,
  presetPeriod,
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportFormat,
  type ReportGroupBy,
  type ReportKind,
  type ReportPeriod,
  type ReportRequest,
  type ReportRequestProblem,
} from "../../services/ads/index.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { DialogNotice } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { localeOf } from "../core/numbers.ts";
import { type AdsDialogDeps, AdsShopDialog, adsDialog, CampaignList } from "./ads-steps.ts";
import {
  campaignsText,
  campaignTitle,
  GROUPING_VALUE_KEYS,
  KIND_KEYS,
  objectsText,
  PERIOD_REASON_KEYS,
  periodExample,
  reportAbout,
  reportProblemText,
} from "./format.ts";
import {
  ATTRIBUTION_DAYS,
  attributionKeyboard,
  groupingKeyboard,
  kindKeyboard,
  objectsKeyboard,
  periodKeyboard,
  QUICK_REPORTS,
  type QuickReport,
  reportConfirmKeyboard,
} from "./keyboards.ts";

export const REPORT_CONVERSATION = "ads-report";
/** Callback kind of the report dialog's buttons (dialog.ts). */
export const REPORT_DIALOG_CALLBACK = "dr";

type Step = "campaigns" | "period" | "grouping" | "kind" | "objects" | "days" | "confirm";

export function reportConversation(deps: AdsDialogDeps): ConversationSpec {
  // Entered from a campaign card with its shop and campaign: that campaign is chosen already.
  return adsDialog<[shopId?: string, campaignId?: string, title?: string]>(deps, {
    id: REPORT_CONVERSATION,
    kind: REPORT_DIALOG_CALLBACK,
    run: async (dialog, first, shopId, campaignId, title) => {
      const { conversation, button } = dialog;
      const t = first.t.bind(first);
      const opened = await AdsShopDialog.choose(dialog, deps, first, shopId);
      if (!opened) return;
      const { session } = opened;
      let at: ConversationContext = opened.ctx;
      let step: Step = "campaigns";
      const notice = new DialogNotice();
      const list = new CampaignList(session, true);
      const chosen = new Map<string, string>(); // id → title, in the order chosen
      let period: ReportPeriod | undefined;
      let groupBy: ReportGroupBy = "DATE";
      let kind: ReportKind = "campaigns";
      let objects: string[] | undefined;
      let attributionDays: number | undefined;
      if (campaignId && opened.session.shop.id === shopId) {
        chosen.set(campaignId, title ?? "");
        step = "kind";
        notice.text = t("campaigns-report-for", {
          title: campaignTitle({ id: campaignId, title }),
        });
      }
      let format: ReportFormat = "csv";

      for (;;) {
        // A shop removed or paused since the last step ends the dialog here.
        if (!(await session.present(at))) return;
        if (step === "campaigns") {
          const picked = await list.chooseMany(at, t, {
            head: "ads-report-choose",
            max: deps.maxCampaigns,
            chosen,
            notice,
          });
          if (!picked) return;
          at = picked.ctx;
          if (picked.done) step = "kind";
          continue;
        }

        if (step === "period") {
          const now = await conversation.now();
          const clock = { now, zone: deps.timezone };
          const example = periodExample({
            from: presetPeriod("last_30_days", clock).from,
            to: presetPeriod("yesterday", clock).to,
          });
          await session.show(
            at,
            notice.over(t("ads-report-period", { zone: deps.timezone, example })),
            periodKeyboard(button, t),
          );
          const answer = await dialog.answer(["pp", "qp"]);
          at = answer.ctx;
          let picked: ReportPeriod | undefined;
          let quick: QuickReport | undefined;
          if (answer.kind === "text") {
            const parsed = parsePeriodInput(answer.text, clock);
            if (parsed.ok) picked = parsed.period;
            else notice.text = t(PERIOD_REASON_KEYS[parsed.reason], { example });
          } else if (answer.step === "qp") {
            quick = QUICK_REPORTS.find((q) => q.id === answer.value);
            if (quick) picked = presetPeriod(quick.preset, clock);
          } else if (PERIOD_PRESETS.includes(answer.value as PeriodPreset)) {
            picked = presetPeriod(answer.value as PeriodPreset, clock);
          }
          if (picked) {
            const check = checkPeriod(picked, { maxDays: deps.maxPeriodDays, clock });
            if (check.ok) {
              period = picked;
              // A quick report brings its grouping along.
              if (quick) groupBy = quick.groupBy;
              step = quick ? "confirm" : "grouping";
            } else {
              notice.text = reportProblemText(t, check);
            }
          }
          continue;
        }

        if (step === "grouping") {
          const about = t("ads-report-period-chosen", {
            period: formatPeriod(period as ReportPeriod, localeOf(t)),
          });
          await session.show(
            at,
            notice.over(`${about}\n\n${t("ads-report-grouping")}`),
            groupingKeyboard(button, t),
          );
          const answer = await dialog.answer(["g"]);
          at = answer.ctx;
          const value = notice.pressed(t, answer, "g");
          if (REPORT_GROUPINGS.includes(value as ReportGroupBy)) {
            groupBy = value as ReportGroupBy;
            step = "confirm";
          }
          continue;
        }

        if (step === "kind") {
          await session.show(at, notice.over(t("ads-report-kind")), kindKeyboard(button, t));
          const answer = await dialog.answer(["k"], ({ value }) =>
            value === "phrases" && chosen.size !== 1 ? t("ads-report-phrases-one") : undefined,
          );
          at = answer.ctx;
          const value = notice.pressed(t, answer, "k");
          if (!REPORT_KINDS.includes(value as ReportKind)) continue;
          kind = value as ReportKind;
          objects = undefined;
          attributionDays = undefined;
          step = kind === "phrases" ? "objects" : kind === "attribution" ? "days" : "period";
          continue;
        }

        if (step === "objects") {
          const id = [...chosen.keys()][0] as string;
          const found = await session.call(({ campaigns }) => campaigns.objects(id));
          if (!found.ok) return session.end(at, found.problem);
          if (found.value.length === 0) {
            notice.text = t("ads-report-no-objects");
            step = "kind";
            continue;
          }
          await session.show(
            at,
            notice.over(t("ads-report-objects")),
            objectsKeyboard(button, t, found.value),
          );
          const answer = await dialog.answer(["o"]);
          at = answer.ctx;
          const value = notice.pressed(t, answer, "o");
          if (value === "all") objects = found.value;
          else if (value && found.value.includes(value)) objects = [value];
          else continue;
          step = "period";
          continue;
        }

        if (step === "days") {
          await session.show(at, notice.over(t("ads-report-days")), attributionKeyboard(button, t));
          const answer = await dialog.answer(["a"]);
          at = answer.ctx;
          const value = Number(notice.pressed(t, answer, "a"));
          if (!(ATTRIBUTION_DAYS as readonly number[]).includes(value)) continue;
          attributionDays = value;
          step = "period";
          continue;
        }

        // confirm
        const campaigns = [...chosen].map(([id, title]) => ({ id, title }));
        const request: ReportRequest = {
          requestedBy: {
            chatId: at.chat?.id ?? 0,
            userId: at.from?.id ?? 0,
            locale: at.locale,
          },
          campaigns,
          period: period as ReportPeriod,
          kind,
          groupBy,
          ...(objects ? { objects } : {}),
          ...(attributionDays !== undefined ? { attributionDays } : {}),
          ...(format !== "csv" ? { format } : {}),
        };
        const details = [
          t("ads-report-confirm", {
            kind: t(KIND_KEYS[kind]),
            campaigns: campaignsText(t, campaigns),
            period: formatPeriod(request.period, localeOf(t)),
            grouping: t(GROUPING_VALUE_KEYS[groupBy]),
          }),
        ];
        if (objects) {
          details.push(t("ads-report-confirm-objects", { objects: objectsText(t, objects) }));
        }
        if (attributionDays !== undefined) {
          details.push(t("ads-report-confirm-days", { days: attributionDays }));
        }
        details.push(t("report-format-chosen", { format: t(`report-format-${format}-button`) }));
        await session.show(
          at,
          notice.over(details.join("\n")),
          reportConfirmKeyboard(button, t, format),
        );
        const answer = await dialog.answer(["y", "f"]);
        at = answer.ctx;
        if (answer.kind === "button" && answer.step === "f") {
          if (REPORT_FORMATS.includes(answer.value as ReportFormat)) {
            format = answer.value as ReportFormat;
          }
          continue;
        }
        if (notice.pressed(t, answer, "y") === undefined) continue;

        // Checked once more (the day may have changed), then the confirm message becomes the
        // progress message the runner edits.
        const checked = await session.call(async ({ jobs }) => jobs.check(request) ?? null);
        if (!checked.ok) return session.end(at, checked.problem);
        if (checked.value) return void (await session.show(at, refusal(t, checked.value)));
        const progress = await session.show(
          at,
          t("ads-report-progress-ordered", { about: reportAbout(t, request) }),
        );
        const queued = await session.call(async ({ jobs }) => {
          try {
            const job = await jobs.enqueue({ ...request, progressMessageRef: progress });
            return { ok: true as const, id: job.id };
          } catch (error) {
            if (isReportRequestError(error)) return { ok: false as const, problem: error.problem };
            throw error;
          }
        });
        if (!queued.ok) return session.end(at, queued.problem);
        if (!queued.value.ok) await session.show(at, refusal(t, queued.value.problem));
        return;
      }
    },
  });
}

function refusal(t: Translator, problem: ReportRequestProblem): string {
  return t("ads-report-refused", { reason: reportProblemText(t, problem) });
}
