/**
 * /report: "which store?" (only with several shops with Performance keys) → a campaign (one
 * pressed goes straight on; "More campaigns" toggles up to 10; typing searches; "⚡ as last
 * time" above them orders the person's last report again at once, again.ts) → the kind
 * (only for someone who used another kind; else campaign statistics, switched on the summary) →
 * the summary with the last 7 days, by day, CSV chosen (a first report: 3 taps from Home), where
 * the period (presets, or "📅 Other dates": typed `01.10.2026-15.10.2026`, whole days in TIMEZONE),
 * grouping and format are switched → a job in the shop's queue, the summary its progress message.
 *
 * Everything that can be checked without Ozon is checked here, with the reason in plain words,
 * before any job exists: too many campaigns, a period too long for the account (refused, not
 * split — see services/ads/reports/periods.ts), dates in the future or in the wrong order.
 *
 * `run` is the script, top to bottom; each screen is one method of ReportQuestions. An answer not
 * taken asks its question again with why above it (the plugin's rewind to the question's checkpoint,
 * Dialog.checkpoint/rewind); phrases of a campaign without objects go back to the kind.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import {
  checkPeriod,
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
  type ReportPeriod,
  type ReportPreset,
  type ReportRequest,
} from "../../../services/ads/index.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import type { Answer, Dialog } from "../../core/dialog/dialog.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { headed, Questions } from "../../core/dialog/questions.ts";
import type { Translator } from "../../core/i18n.ts";
import { CampaignList } from "../campaigns/picker.ts";
import {
  campaignTitle,
  PERIOD_REASON_KEYS,
  periodExample,
  reportAbout,
  reportProblemText,
} from "../format.ts";
import {
  ATTRIBUTION_DAYS,
  attributionKeyboard,
  kindKeyboard,
  objectsKeyboard,
  periodKeyboard,
  QUICK_REPORTS,
  type QuickReport,
  reportConfirmKeyboard,
} from "../keyboards.ts";
import { zoneText } from "../schedules/format.ts";
import { type AdsDialogDeps, AdsShopSteps, adsDialogSpec } from "../steps.ts";
import { againLabel, againRequest, cardQuickPreset, presetOf } from "./again.ts";
import { confirmText, refusal } from "./summary.ts";

export const REPORT_CONVERSATION = "ads-report";
/** The summary's period until switched (the quick "week" report's). */
const USUAL_PRESET: PeriodPreset = "last_7_days";
export const REPORT_DIALOG = declareDialogButtons("dr", "order an ads report");

export function reportConversation(deps: AdsDialogDeps): ConversationSpec {
  // Entered from a campaign card with its shop and campaign: that campaign is chosen already;
  // with a card's ⚡ (`quick`) the report is ordered at once.
  type Args = [shopId?: string, campaignId?: string, title?: string, quick?: string];
  return adsDialogSpec<Args>(deps, {
    id: REPORT_CONVERSATION,
    buttons: REPORT_DIALOG,
    run: async (dialog, first, shopId, campaignId, title, quick) => {
      const session = await AdsShopSteps.choose(dialog, deps, shopId);
      if (!session) return;
      const ask = new ReportQuestions(dialog, deps, session);
      const t = first.t.bind(first);
      const shop = session.shop.id;

      const carded = campaignId && shop === shopId ? campaignId : undefined;
      const quickly = carded && quick && cardQuickPreset(shop, { id: carded, title }, quick);
      if (quickly) return ask.again(quickly);
      // The person's last report in this shop, offered again in one tap.
      const userId = first.from?.id ?? 0;
      const memory = await dialog.conversation.external(async () => {
        const preset = await deps.presets?.last(userId);
        const kinds = (await deps.presets?.kinds(userId)) ?? [];
        return { last: preset?.shop === shop ? preset : null, kinds };
      });
      const last = carded ? undefined : (memory.last ?? undefined);
      const chosen = carded
        ? new Map([[carded, title ?? ""]])
        : await ask.campaigns(last && againLabel(t, last));
      if (!chosen) return;
      if (chosen === "again") return last && ask.again(last);
      if (!(chosen instanceof Map)) return;
      // The card's campaign is named above the first question.
      const named = carded
        ? t("campaigns-report-for", { title: campaignTitle({ id: carded, title }) })
        : "";

      // The kind is asked only of someone who used another kind than campaign statistics;
      // anyone may switch it on the summary.
      const asksKind = memory.kinds.some((kind) => kind !== "campaigns");
      const what = asksKind ? await ask.what(chosen, named) : { kind: "campaigns" as const };
      if (!what) return;
      // The period is chosen on the summary: the last 7 days until switched there.
      const when = await ask.usualWhen();
      if (!when) return;
      const campaigns = [...chosen].map(([id, title]) => ({ id, title }));
      const finish = async (of: What): Promise<void> => {
        const ordered = await ask.confirm({ campaigns, ...of, ...when }, "csv");
        if (ordered === "kind") {
          const other = await ask.what(chosen, "");
          return other && finish(other);
        }
        // The preset the summary ended on (switched there, or typed: none) is remembered.
        if (ordered) await ask.order(ordered.request, ordered.preset);
      };
      await finish(what);
    },
  });
}

/** What the report is of: its kind, and the objects (phrases) or days (attribution) it needs. */
type What = Pick<ReportRequest, "kind" | "objects" | "attributionDays">;
/** Its period and grouping (and the preset the period is, if it is one). */
type When = { period: ReportPeriod; groupBy: ReportGroupBy; preset?: PeriodPreset };
/** The request Create was pressed for, and the period's preset (when it is one). */
type Confirmed = { request: ReportRequest; preset?: PeriodPreset };
/** The report as chosen, before it is confirmed (who asks for it is the confirmation's answer). */
type Chosen = Omit<ReportRequest, "requestedBy" | "format"> & When;

/** A period (and its preset), and the quick report it came with (which brings its grouping). */
type PeriodPicked = { period: ReportPeriod; preset?: PeriodPreset; quick?: QuickReport };
type PeriodTaken = { value: PeriodPicked } | { why: string };

/** The questions of one report dialog, each asked until it has its answer. */
class ReportQuestions {
  readonly #dialog: Dialog;
  readonly #deps: AdsDialogDeps;
  readonly #session: AdsShopSteps;
  readonly #questions: Questions;
  readonly #t: Translator;

  constructor(dialog: Dialog, deps: AdsDialogDeps, session: AdsShopSteps) {
    this.#dialog = dialog;
    this.#deps = deps;
    this.#session = session;
    this.#t = dialog.ctx.t.bind(dialog.ctx);
    this.#questions = new Questions(dialog, session, this.#t);
  }

  /** True while the shop is there and active; a shop removed or paused ends the dialog here. */
  #present(): Promise<boolean> {
    return this.#session.present();
  }

  /**
   * The campaigns: one pressed on the paged list (a typed text searches), or toggled after "More
   * campaigns" until Done (ads/campaigns/picker.ts). Undefined when the dialog ended; "again" when
   * `again` (the ⚡ button's label) was pressed.
   */
  campaigns(again?: string): ReturnType<CampaignList["chooseMany"]> {
    const list = new CampaignList(this.#session, true);
    return list.chooseMany(this.#t, {
      one: "ads-report-choose-one",
      many: "ads-report-choose",
      max: this.#deps.maxCampaigns,
      again,
    });
  }

  /** A remembered (or a card's quick) report, ordered at once over its period up to today. */
  async again(preset: ReportPreset): Promise<void> {
    if (!(await this.#present())) return;
    const at = this.#dialog.ctx;
    const now = await this.#dialog.conversation.now();
    const requester = { chatId: at.chat?.id ?? 0, userId: at.from?.id ?? 0, locale: at.locale };
    const clock = { now, zone: this.#deps.timezone };
    await this.order(againRequest(preset, requester, clock), preset.preset);
  }

  /**
   * The kind (phrases only for exactly one campaign), then its objects or attribution days.
   * `opening` heads the kind question when first asked.
   */
  async what(chosen: Map<string, string>, opening: string): Promise<What | undefined> {
    const t = this.#t;
    const button = this.#dialog.button;
    const kindAsked = await this.#dialog.checkpoint();
    const kind = await this.#questions.pick(
      t("ads-report-kind"),
      kindKeyboard(button, t),
      "k",
      REPORT_KINDS,
      {
        opening: kindAsked.returned ? kindAsked.notice : opening,
        refuse: ({ value }) =>
          value === "phrases" && chosen.size !== 1 ? t("ads-report-phrases-one") : undefined,
      },
    );
    if (!kind) return undefined;
    if (kind === "phrases") {
      const id = [...chosen.keys()][0] as string;
      const objects = await this.#objects(id);
      if (objects && "why" in objects) return this.#dialog.rewind(kindAsked, objects.why);
      return objects && { kind, objects };
    }
    if (kind === "attribution") {
      const days = await this.#questions.pick(
        t("ads-report-days"),
        attributionKeyboard(button, t),
        "a",
        ATTRIBUTION_DAYS,
      );
      return days === undefined ? undefined : { kind, attributionDays: days };
    }
    return { kind };
  }

  /** Phrases of one of the campaign's objects, or of all; none: why (the kind is asked again). */
  async #objects(id: string): Promise<string[] | { why: string } | undefined> {
    const dialog = this.#dialog;
    const t = this.#t;
    const asked = await dialog.checkpoint();
    if (!(await this.#present())) return undefined;
    const found = await this.#session.call(({ campaigns }) => campaigns.objects(id));
    if (!found.ok) {
      await this.#session.end(found.problem);
      return undefined;
    }
    if (found.value.length === 0) return { why: t("ads-report-no-objects") };
    const keyboard = objectsKeyboard(dialog.button, t, found.value);
    await this.#session.show(headed(asked.notice, t("ads-report-objects")), keyboard);
    const answer = await dialog.answer(["o"]);
    if (answer.kind === "text") return dialog.rewind(asked, t("dialog-use-buttons"));
    if (answer.value === "all") return found.value;
    return found.value.includes(answer.value) ? [answer.value] : dialog.rewind(asked);
  }

  /** The summary's first period: the last 7 days (a week of statistics reads well), by day. */
  async usualWhen(): Promise<When | undefined> {
    if (!(await this.#present())) return undefined;
    const clock = { now: await this.#dialog.conversation.now(), zone: this.#deps.timezone };
    const preset = USUAL_PRESET;
    const period = presetPeriod(preset, clock);
    const check = checkPeriod(period, { maxDays: this.#deps.maxPeriodDays, clock });
    // An account that cannot take a week is asked for the period instead.
    if (!check.ok) return this.when();
    return { period, groupBy: "DATE", preset };
  }

  /** The period (a preset or typed), grouped by day until changed on the summary. */
  async when(opening = ""): Promise<When | undefined> {
    const picked = await this.#period(opening);
    if (!picked) return undefined;
    const { period, quick, preset } = picked;
    return { period, groupBy: quick?.groupBy ?? "DATE", ...(preset ? { preset } : {}) };
  }

  async #period(opening: string): Promise<PeriodPicked | undefined> {
    const dialog = this.#dialog;
    const t = this.#t;
    const asked = await dialog.checkpoint();
    if (!(await this.#present())) return undefined;
    const now = await dialog.conversation.now();
    const clock = { now, zone: this.#deps.timezone };
    const example = periodExample({
      from: presetPeriod("last_30_days", clock).from,
      to: presetPeriod("yesterday", clock).to,
    });
    const question = t("ads-report-period", { zone: zoneText(t, this.#deps.timezone), example });
    await this.#session.show(
      headed(asked.returned ? asked.notice : opening, question),
      periodKeyboard(dialog.button, t),
    );
    // "qp": a quick report's button on a screen drawn before the period screen had only presets.
    const taken = this.#takePeriod(await dialog.answer(["pp", "qp"]), clock, example);
    return "value" in taken ? taken.value : dialog.rewind(asked, taken.why);
  }

  #takePeriod(answer: Answer, clock: { now: number; zone: string }, example: string): PeriodTaken {
    const t = this.#t;
    let quick: QuickReport | undefined;
    let period: ReportPeriod | undefined;
    let preset: PeriodPreset | undefined;
    if (answer.kind === "text") {
      const parsed = parsePeriodInput(answer.text, clock);
      if (!parsed.ok) return { why: t(PERIOD_REASON_KEYS[parsed.reason], { example }) };
      period = parsed.period;
    } else if (answer.step === "qp") {
      quick = QUICK_REPORTS.find((q) => q.id === answer.value);
      preset = quick?.preset;
    } else {
      preset = PERIOD_PRESETS.find((p) => p === answer.value);
    }
    if (preset) period = presetPeriod(preset, clock);
    if (!period) return { why: "" };
    const check = checkPeriod(period, { maxDays: this.#deps.maxPeriodDays, clock });
    if (!check.ok) return { why: reportProblemText(t, check) };
    return { value: { period, ...(preset ? { preset } : {}), ...(quick ? { quick } : {}) } };
  }

  /**
   * The report in full, with its grouping and the file's format (switching either redraws the
   * summary): the request to create on Create, "kind" for another kind of report; undefined when
   * the dialog ended.
   */
  async confirm(chosen: Chosen, format: ReportFormat): Promise<Confirmed | "kind" | undefined> {
    const dialog = this.#dialog;
    const t = this.#t;
    const asked = await dialog.checkpoint();
    if (!(await this.#present())) return undefined;
    const at = dialog.ctx;
    const { preset, ...asRequested } = chosen;
    const request: ReportRequest = {
      requestedBy: { chatId: at.chat?.id ?? 0, userId: at.from?.id ?? 0, locale: at.locale },
      ...asRequested,
      ...(format !== "csv" ? { format } : {}),
    };
    const keyboard = reportConfirmKeyboard(
      dialog.button,
      t,
      format,
      chosen.groupBy,
      preset ?? "typed",
    );
    const text = confirmText(t, request, chosen.groupBy, format);
    await this.#session.show(headed(asked.notice, text), keyboard);
    const answer = await dialog.answer(["y", "f", "g", "ok", "pp", "op"]);
    if (answer.kind === "text") return dialog.rewind(asked, t("dialog-use-buttons"));
    if (answer.step === "y") return { request, ...(preset ? { preset } : {}) };
    if (answer.step === "ok") return "kind";
    if (answer.step === "op") {
      // Other dates: the period question (a preset or typed), then this summary again.
      const when = await this.when();
      if (!when) return undefined;
      return this.confirm({ ...asRequested, ...when, groupBy: chosen.groupBy }, format);
    }
    if (answer.step === "pp") {
      const preset = PERIOD_PRESETS.find((p) => p === answer.value);
      if (!preset) return dialog.rewind(asked);
      const now = await dialog.conversation.now();
      const clock = { now, zone: this.#deps.timezone };
      const period = presetPeriod(preset, clock);
      const check = checkPeriod(period, { maxDays: this.#deps.maxPeriodDays, clock });
      if (!check.ok) return dialog.rewind(asked, reportProblemText(t, check));
      return this.confirm({ ...chosen, period, preset }, format);
    }
    const groupBy = REPORT_GROUPINGS.find((g) => answer.step === "g" && g === answer.value);
    if (groupBy) return this.confirm({ ...chosen, groupBy }, format);
    const other = REPORT_FORMATS.find((f) => f === answer.value);
    return this.confirm(chosen, other ?? format);
  }

  /**
   * Checked once more (the day may have changed), then the confirm message becomes the progress
   * message the runner edits. A report over a preset period is remembered as the person's last.
   */
  async order(request: ReportRequest, preset?: PeriodPreset): Promise<void> {
    const session = this.#session;
    const t = this.#t;
    const checked = await session.call(async ({ jobs }) => jobs.check(request) ?? null);
    if (!checked.ok) return session.end(checked.problem);
    if (checked.value) return void (await session.show(refusal(t, checked.value)));
    const progress = await session.show(
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
    if (!queued.ok) return session.end(queued.problem);
    if (!queued.value.ok) return void (await session.show(refusal(t, queued.value.problem)));
    const presets = this.#deps.presets;
    if (!presets) return;
    const remembered = preset && presetOf(session.shop.id, request, preset);
    const userId = request.requestedBy.userId;
    await this.#dialog.conversation.external(async () => {
      try {
        await presets.noteKind(userId, request.kind);
        if (remembered) await presets.remember(userId, remembered);
      } catch (error) {
        // The report is ordered; only the ⚡ of next time is missing.
        this.#deps.logger?.warn({ err: error }, "the last report not remembered");
      }
    });
  }
}
