/**
 * /report: choose campaigns (toggles, paged, typing searches, at most 10) → period (presets or
 * typed `01.10.2026-15.10.2026`, whole days in TIMEZONE) → grouping → kind (campaign statistics;
 * phrases for exactly one campaign and its objects; attribution with its days) → confirm → a
 * report job is queued and the confirm message becomes the progress message the runner edits.
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
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportGroupBy,
  type ReportKind,
  type ReportPeriod,
  type ReportRequest,
  type ReportRequestProblem,
} from "../../services/ads/index.ts";
import type { ConversationContext } from "../context.ts";
import {
  campaignsText,
  GROUPING_KEYS,
  KIND_KEYS,
  objectsText,
  ozonProblemText,
  PERIOD_REASON_KEYS,
  periodExample,
  reportAbout,
  reportProblemText,
} from "../format/ads.ts";
import type { Translator } from "../i18n.ts";
import {
  ATTRIBUTION_DAYS,
  attributionKeyboard,
  groupingKeyboard,
  kindKeyboard,
  objectsKeyboard,
  periodKeyboard,
  REPORT_CALLBACK,
  reportCampaignsKeyboard,
  reportConfirmKeyboard,
} from "../keyboards/ads.ts";
import {
  type AdsDialogDeps,
  answerOnce,
  campaignLines,
  campaignPage,
  campaignSearch,
  markFirst,
  nextAnswer,
  ozon,
  show,
  stale,
} from "./ads-steps.ts";
import type { ConversationSpec } from "./index.ts";

export const REPORT_CONVERSATION = "ads-report";

type Step = "campaigns" | "period" | "grouping" | "kind" | "objects" | "days" | "confirm";

export function reportConversation(deps: AdsDialogDeps): ConversationSpec {
  return {
    id: REPORT_CONVERSATION,
    audience: ["manager"],
    builder: async (conversation, first) => {
      const { codec } = deps;
      const t = first.t.bind(first);
      markFirst(first);
      let at: ConversationContext = first;
      let step: Step = "campaigns";
      let notice = "";
      let search = "";
      let page = 0;
      const chosen = new Map<string, string>(); // id → title, in the order chosen
      let period: ReportPeriod | undefined;
      let groupBy: ReportGroupBy = "DATE";
      let kind: ReportKind = "campaigns";
      let objects: string[] | undefined;
      let attributionDays: number | undefined;
      // False after a press was answered with an alert: the screen stays as it is.
      let redraw = true;
      const withNotice = (text: string) => {
        const full = notice ? `${notice}\n\n${text}` : text;
        notice = "";
        return full;
      };

      for (;;) {
        if (step === "campaigns") {
          const listing = await campaignPage(conversation, deps, {
            search,
            page,
            includeArchived: true,
          });
          if (!listing.ok) return void (await show(at, ozonProblemText(t, listing.problem)));
          const { items, pages, total } = listing.value;
          page = listing.value.page;
          const head = t(total === 0 ? "ads-report-not-found" : "ads-report-choose", {
            max: deps.maxCampaigns,
            count: chosen.size,
            search,
          });
          const lines = campaignLines(t, items, page);
          const keyboard = reportCampaignsKeyboard(
            codec,
            t,
            items,
            new Set(chosen.keys()),
            page,
            pages,
            at.from?.id,
          );
          if (redraw) await show(at, withNotice([head, "", ...lines].join("\n")), keyboard);
          redraw = true;
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          if (answer.type === "text") {
            search = campaignSearch(answer.text);
            page = 0;
          } else if (answer.action === "p") {
            page = Number(answer.args[0]) || 0;
          } else if (answer.action === "t") {
            const id = answer.args[0] ?? "";
            if (chosen.has(id)) chosen.delete(id);
            else if (chosen.size >= deps.maxCampaigns) {
              // Refused before Ozon is ever asked; the list stays as it was.
              await answerOnce(at, {
                text: t("ads-report-too-many", { count: chosen.size + 1, max: deps.maxCampaigns }),
                show_alert: true,
              });
              redraw = false;
              continue;
            } else {
              const title = items.find((c) => c.id === id)?.title ?? "";
              chosen.set(id, title);
            }
          } else if (answer.action === "d") {
            if (chosen.size === 0) {
              await answerOnce(at, { text: t("ads-report-none-chosen"), show_alert: true });
              redraw = false;
              continue;
            }
            step = "period";
          } else {
            await stale(at);
          }
          continue;
        }

        if (step === "period") {
          const now = await conversation.now();
          const clock = { now, zone: deps.timezone };
          const example = periodExample({
            from: presetPeriod("last_30_days", clock).from,
            to: presetPeriod("yesterday", clock).to,
          });
          await show(
            at,
            withNotice(t("ads-report-period", { zone: deps.timezone, example })),
            periodKeyboard(codec, t, at.from?.id),
          );
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          let picked: ReportPeriod | undefined;
          if (answer.type === "text") {
            const parsed = parsePeriodInput(answer.text, clock);
            if (parsed.ok) picked = parsed.period;
            else notice = t(PERIOD_REASON_KEYS[parsed.reason], { example });
          } else if (
            answer.action === "pp" &&
            PERIOD_PRESETS.includes(answer.args[0] as PeriodPreset)
          ) {
            picked = presetPeriod(answer.args[0] as PeriodPreset, clock);
          } else {
            await stale(at);
            continue;
          }
          if (picked) {
            const check = checkPeriod(picked, { maxDays: deps.maxPeriodDays, clock });
            if (check.ok) {
              period = picked;
              step = "grouping";
            } else {
              notice = reportProblemText(t, check);
            }
          }
          continue;
        }

        if (step === "grouping") {
          const about = t("ads-report-period-chosen", {
            period: formatPeriod(period as ReportPeriod),
          });
          await show(
            at,
            withNotice(`${about}\n\n${t("ads-report-grouping")}`),
            groupingKeyboard(codec, t, at.from?.id),
          );
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          const value = answer.type === "button" && answer.action === "g" ? answer.args[0] : "";
          if (REPORT_GROUPINGS.includes(value as ReportGroupBy)) {
            groupBy = value as ReportGroupBy;
            step = "kind";
          } else if (answer.type === "button") await stale(at);
          else notice = t("ads-use-buttons");
          continue;
        }

        if (step === "kind") {
          if (redraw)
            await show(at, withNotice(t("ads-report-kind")), kindKeyboard(codec, t, at.from?.id));
          redraw = true;
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          const value = answer.type === "button" && answer.action === "k" ? answer.args[0] : "";
          if (!REPORT_KINDS.includes(value as ReportKind)) {
            if (answer.type === "button") await stale(at);
            else notice = t("ads-use-buttons");
            continue;
          }
          if (value === "phrases" && chosen.size !== 1) {
            await answerOnce(at, { text: t("ads-report-phrases-one"), show_alert: true });
            redraw = false;
            continue;
          }
          kind = value as ReportKind;
          objects = undefined;
          attributionDays = undefined;
          step = kind === "phrases" ? "objects" : kind === "attribution" ? "days" : "confirm";
          continue;
        }

        if (step === "objects") {
          const id = [...chosen.keys()][0] as string;
          const found = await ozon(conversation, deps, () => deps.campaigns.objects(id));
          if (!found.ok) return void (await show(at, ozonProblemText(t, found.problem)));
          if (found.value.length === 0) {
            notice = t("ads-report-no-objects");
            step = "kind";
            continue;
          }
          await show(
            at,
            withNotice(t("ads-report-objects")),
            objectsKeyboard(codec, t, found.value, at.from?.id),
          );
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          const value = answer.type === "button" && answer.action === "o" ? answer.args[0] : "";
          if (value === "all") objects = found.value;
          else if (value && found.value.includes(value)) objects = [value];
          else {
            if (answer.type === "button") await stale(at);
            else notice = t("ads-use-buttons");
            continue;
          }
          step = "confirm";
          continue;
        }

        if (step === "days") {
          await show(
            at,
            withNotice(t("ads-report-days")),
            attributionKeyboard(codec, t, at.from?.id),
          );
          const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
          at = answer.ctx;
          const value =
            answer.type === "button" && answer.action === "a" ? Number(answer.args[0]) : 0;
          if (!(ATTRIBUTION_DAYS as readonly number[]).includes(value)) {
            if (answer.type === "button") await stale(at);
            else notice = t("ads-use-buttons");
            continue;
          }
          attributionDays = value;
          step = "confirm";
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
        };
        const details = [
          t("ads-report-confirm", {
            kind: t(KIND_KEYS[kind]),
            campaigns: campaignsText(t, campaigns),
            period: formatPeriod(request.period),
            grouping: t(GROUPING_KEYS[groupBy]),
          }),
        ];
        if (objects) {
          details.push(t("ads-report-confirm-objects", { objects: objectsText(t, objects) }));
        }
        if (attributionDays !== undefined) {
          details.push(t("ads-report-confirm-days", { days: attributionDays }));
        }
        await show(
          at,
          withNotice(details.join("\n")),
          reportConfirmKeyboard(codec, t, at.from?.id),
        );
        const answer = await nextAnswer(conversation, codec, REPORT_CALLBACK);
        at = answer.ctx;
        if (answer.type !== "button" || answer.action !== "y") {
          if (answer.type === "button") await stale(at);
          else notice = t("ads-use-buttons");
          continue;
        }

        // Checked once more (the day may have changed), then the confirm message becomes the
        // progress message the runner edits.
        const problem = await conversation.external(() => deps.jobs.check(request) ?? null);
        if (problem) return void (await show(at, refusal(t, problem)));
        const progress = await show(
          at,
          t("ads-report-progress-ordered", { about: reportAbout(t, request) }),
        );
        const queued = await conversation.external(async () => {
          try {
            const job = await deps.jobs.enqueue({ ...request, progressMessageRef: progress });
            return { ok: true as const, id: job.id };
          } catch (error) {
            if (isReportRequestError(error)) return { ok: false as const, problem: error.problem };
            throw error;
          }
        });
        if (!queued.ok) await show(at, refusal(t, queued.problem));
        return;
      }
    },
  };
}

function refusal(t: Translator, problem: ReportRequestProblem): string {
  return t("ads-report-refused", { reason: reportProblemText(t, problem) });
}
