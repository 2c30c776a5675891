/**
 * Texts of the advertising area: campaign lines, money, periods, report descriptions, and every
 * refusal or Ozon failure in plain words. Pure functions over a translate function, so the
 * conversations (ctx.t) and the report notifier (a job's locale) phrase things alike.
 * Tests: test/bot/ads/english-numbers.test.ts, test/bot/ads/objects-text.test.ts and 1 more
 */
import { type OzonFailureKind, ozonFailureKind, ozonFailureMessage } from "../../ozon/errors.ts";
import {
  type BudgetCampaign,
  type BudgetInputReason,
  type CampaignStateKey,
  formatPeriod,
  type PeriodInputReason,
  type ReportFailure,
  type ReportGroupBy,
  type ReportKind,
  type ReportPeriod,
  type ReportRequestProblem,
} from "../../services/ads/index.ts";
import type { Problem } from "../../services/problem.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { localeOf, moneyText, periodText } from "../core/numbers.ts";

/**
 * Which budget a campaign has, as the texts select on it (`$kind` in the locales): "none" when
 * Ozon shows neither limit, so no text claims a kind it does not know.
 */
export type BudgetKindView = "daily" | "weekly" | "none";

/** A campaign as a conversation keeps it: JSON-safe (the budget in millionths as a string). */
export interface CampaignView {
  id: string;
  title: string;
  stateKey: CampaignStateKey;
  /** Millionths of a rouble of the campaign's own kind, decimal string; "0" when it has none. */
  budget: string;
  /** Absent in views kept by dialogs begun before budget kinds were read: those were daily. */
  kind?: BudgetKindView;
}

export function campaignView(campaign: BudgetCampaign): CampaignView {
  return {
    id: campaign.id,
    title: campaign.title,
    stateKey: campaign.stateKey,
    budget: campaign.budget.toString(),
    kind: campaign.kind ?? "none",
  };
}

export const STATE_KEYS = {
  running: "ads-state-running",
  planned: "ads-state-planned",
  stopped: "ads-state-stopped",
  inactive: "ads-state-inactive",
  archived: "ads-state-archived",
  moderation: "ads-state-moderation",
  moderation_failed: "ads-state-moderation-failed",
  other: "ads-state-other",
} as const satisfies Record<CampaignStateKey, string>;

/** A title never empty (Ozon allows untitled campaigns): the id stands in. */
export function campaignTitle(campaign: { id: string; title?: string | undefined }): string {
  const title = campaign.title?.trim();
  return title ? title : `№ ${campaign.id}`;
}

/** "1 500 ₽", or "not set" for a campaign without a daily budget. */
export function budgetText(t: Translator, millionths: string | bigint): string {
  const value = typeof millionths === "bigint" ? millionths : BigInt(millionths);
  return value === 0n ? t("ads-budget-unset") : moneyText(t, value);
}

/** An amount the person typed, kept JSON-safe across replays (millionths as a decimal string). */
export interface TypedAmount {
  millionths: string;
  /** It had more than kopecks, rounded: the confirmation says so. */
  rounded: boolean;
}

/** A confirmation of a typed amount (a budget, a bid), with the note when it was rounded. */
export function amountConfirmText(t: Translator, confirm: string, amount: TypedAmount): string {
  return [confirm, amount.rounded ? t("ads-budget-rounded") : ""].filter(Boolean).join("\n");
}

/** The state at a glance, on a campaign's button and before its state on the card. */
export const STATE_ICONS: Record<CampaignStateKey, string> = {
  running: "▶️",
  planned: "🕓",
  stopped: "⛔",
  inactive: "⏸",
  archived: "🗄",
  moderation: "🔎",
  moderation_failed: "⚠️",
  other: "•",
};

/** What a phone shows of a button's text: a longer one is cut there by Telegram's clients. */
const BUTTON_TEXT_MAX = 64;
/** The least of a title a button keeps, however long the rest is. */
const TITLE_MIN = 16;

/** A list's button "Title · tail" (`mark` before it), the title cut so the whole fits a phone. */
export function titledButton(title: string, tail: string, mark = ""): string {
  const room = Math.max(BUTTON_TEXT_MAX - mark.length - tail.length - 3, TITLE_MIN);
  return clip(`${mark}${clip(title, room)} · ${tail}`, BUTTON_TEXT_MAX);
}

/**
 * A campaign's button in a list: "Title · ▶️ 1 500 ₽" ("4 900 ₽/нед" when weekly), with `mark`
 * before it (a tick) and `extra` after (yesterday's spend); the title is cut so that the whole
 * fits what a phone shows.
 */
export function campaignButton(
  t: Translator,
  campaign: Pick<CampaignView, "id" | "title" | "stateKey" | "budget" | "kind">,
  { mark = "", extra = "" }: { mark?: string; extra?: string } = {},
): string {
  const budget = t("ads-budget-on-button", {
    budget: budgetText(t, campaign.budget),
    // Old views (dialogs begun before weekly budgets were read) have no kind: they were daily.
    kind: campaign.budget === "0" ? "none" : (campaign.kind ?? "daily"),
  });
  const tail = [`${STATE_ICONS[campaign.stateKey]} ${budget}`, extra].filter(Boolean).join(" · ");
  return titledButton(campaignTitle(campaign), tail, mark);
}

/** A button label: short enough to read on a phone. */
export function shortLabel(text: string, max = 32): string {
  return clip(text, max);
}

export const BUDGET_REASON_KEYS = {
  not_a_number: "ads-budget-bad-number",
  not_positive: "ads-budget-bad-positive",
  too_many_decimals: "ads-budget-bad-decimals",
  below_min: "ads-budget-bad-min",
  above_max: "ads-budget-bad-max",
} as const satisfies Record<BudgetInputReason, string>;

export const PERIOD_REASON_KEYS = {
  format: "ads-period-bad-format",
  invalid_date: "ads-period-bad-date",
  order: "ads-period-bad-order",
  future: "ads-period-bad-future",
} as const satisfies Record<PeriodInputReason, string>;

export const GROUPING_KEYS = {
  DATE: "ads-group-day",
  START_OF_WEEK: "ads-group-week",
  START_OF_MONTH: "ads-group-month",
} as const satisfies Record<ReportGroupBy, string>;

/** The grouping as a value inside a sentence ("Группировка: по дням"); the buttons use GROUPING_KEYS. */
export const GROUPING_VALUE_KEYS = {
  DATE: "ads-group-day-value",
  START_OF_WEEK: "ads-group-week-value",
  START_OF_MONTH: "ads-group-month-value",
} as const satisfies Record<ReportGroupBy, string>;

export const KIND_KEYS = {
  campaigns: "ads-kind-campaigns",
  phrases: "ads-kind-phrases",
  attribution: "ads-kind-attribution",
} as const satisfies Record<ReportKind, string>;

export const PRESET_KEYS = {
  yesterday: "ads-period-yesterday",
  last_7_days: "ads-period-last-7-days",
  last_30_days: "ads-period-last-30-days",
  this_month: "ads-period-this-month",
  last_month: "ads-period-last-month",
} as const;

/** An example of a typed period for the person's today (the last 15 days, say). */
export function periodExample(today: ReportPeriod): string {
  return formatPeriod(today).replace("–", "-");
}

/** Campaign titles for a message: all of up to three, else the first three and "and N more". */
export function campaignsText(
  t: Translator,
  campaigns: ReadonlyArray<{ id: string; title?: string | undefined }>,
): string {
  // Quoted the language's way: «…» in Russian, "…" in English (as the campaign card).
  const titles = campaigns.map((c) => t("ads-campaign-quoted", { title: campaignTitle(c) }));
  if (titles.length <= 3) return titles.join(", ");
  return t("ads-campaigns-more", { shown: titles.slice(0, 3).join(", "), more: titles.length - 3 });
}

/** Advertised products (SKUs) for a message: up to ten, then "and N more". */
export function objectsText(t: Translator, objects: readonly string[]): string {
  const shown = objects.slice(0, 10).join(", ");
  if (objects.length <= 10) return shown;
  return t("ads-campaigns-more", { shown, more: objects.length - 10 });
}

/** What a report is about, one line: "Campaign statistics · «A», «B» · 01.10.2026–15.10.2026". */
export function reportAbout(
  t: Translator,
  report: {
    kind: ReportKind;
    campaigns: ReadonlyArray<{ id: string; title?: string | undefined }>;
    period: ReportPeriod;
  },
): string {
  return t("ads-report-about", {
    kind: t(KIND_KEYS[report.kind]),
    campaigns: campaignsText(t, report.campaigns),
    period: periodText(localeOf(t), report.period),
  });
}

/** Why a report request is refused before Ozon is asked. */
export function reportProblemText(t: Translator, problem: ReportRequestProblem): string {
  if ("reason" in problem) {
    if (problem.reason === "too_long") {
      return t("ads-period-too-long", {
        days: problem.days,
        max: problem.maxDays,
        earliest: periodText(localeOf(t), { from: problem.earliestFrom, to: problem.earliestFrom }),
      });
    }
    return t(PERIOD_REASON_KEYS[problem.reason]);
  }
  switch (problem.code) {
    case "too_many_campaigns":
      return t("ads-report-too-many", { count: problem.count, max: problem.max });
    case "no_campaigns":
      return t("ads-report-none-chosen");
    case "phrases_need_one_campaign_and_objects":
      return t("ads-report-phrases-one");
    case "bad_attribution_days":
      return t("ads-report-bad-days");
    default:
      return t("ads-report-bad-request");
  }
}

/** The advertising dialogs' words for each kind of Ozon failure (ozon/errors.ts). */
const PROBLEM_KEYS = {
  rate_limited: "ads-ozon-busy",
  keys_refused: "ads-ozon-auth",
  network: "ads-ozon-unavailable",
  timeout: "ads-ozon-unavailable",
  ozon_down: "ads-ozon-unavailable",
  method_gone: "ads-ozon-unavailable",
  not_found: "ads-ozon-refused",
  our_input: "ads-ozon-refused",
  conflict: "ads-ozon-refused",
  bad_answer: "ads-ozon-other",
  unknown: "ads-ozon-other",
} as const satisfies Record<OzonFailureKind, string>;

/** An Ozon failure during an advertising dialog, in plain words (never a stack or a secret). */
export function ozonProblem(error: unknown): Problem {
  const key = PROBLEM_KEYS[ozonFailureKind(error)];
  if (key !== "ads-ozon-refused") return { key };
  const message = ozonFailureMessage(error);
  return { key, vars: { message }, refused: message };
}

export const FAILURE_KEYS = {
  ozon_error: "ads-report-failed-ozon",
  rejected: "ads-report-failed-rejected",
  gave_up: "ads-report-failed-gave-up",
  unreadable: "ads-report-failed-unreadable",
  too_large: "ads-report-failed-too-large",
  delivery_failed: "ads-report-failed-delivery",
  shop_removed: "ads-report-failed-shop-removed",
} as const satisfies Record<ReportFailure["code"], string>;
