/**
 * Inline keyboards of the advertising dialogs, made with the dialog's `button` (dialog.ts: the
 * data carries the dialog's kind, its run and its owner; ids are Ozon's numeric campaign ids, so
 * it stays far below 64 bytes). The dialog adds the Close row when it shows them.
 * Tests: test/bot/ads/campaigns/campaign-choice.test.ts, test/bot/core/keyboards.test.ts and 1 more
 */
import { InlineKeyboard } from "grammy";
import {
  PERIOD_PRESETS,
  type PeriodPreset,
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportFormat,
  type ReportGroupBy,
} from "../../services/ads/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ButtonData } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { CHOSEN, chosenLabel, NOT_CHOSEN } from "../core/marks.ts";
import { REPORT_REORDER_BUTTON, REPORT_RETRY_BUTTON, REPORT_XLSX_BUTTON } from "./buttons.ts";
import {
  type CampaignView,
  campaignButton,
  GROUPING_KEYS,
  KIND_KEYS,
  PRESET_KEYS,
} from "./format.ts";

/** Attribution windows offered as buttons (days). */
export const ATTRIBUTION_DAYS = [1, 7, 14, 30] as const;

function pager(keyboard: InlineKeyboard, button: ButtonData, page: number, pages: number): void {
  if (pages <= 1) return;
  newRow(keyboard);
  if (page > 0) keyboard.text("«", button("p", page - 1));
  keyboard.text(`${page + 1} / ${pages}`, button("p", page));
  if (page < pages - 1) keyboard.text("»", button("p", page + 1));
}

/** One button per campaign ("Title · ▶️ 1 500 ₽", "… 4 900 ₽/нед" when weekly), the pages. */
export function budgetCampaignsKeyboard(
  button: ButtonData,
  t: Translator,
  campaigns: readonly CampaignView[],
  page: number,
  pages: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const campaign of campaigns) {
    newRow(keyboard).text(campaignButton(t, campaign), button("c", campaign.id));
  }
  pager(keyboard, button, page, pages);
  return keyboard;
}

export function budgetAmountKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("ads-back-button"), button("b"));
}

export function budgetConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("ads-budget-confirm-button"), button("y"))
    .row()
    .text(t("ads-budget-other-amount-button"), button("a"));
}

/**
 * "⚡ As last time" (step "lr") when given, a button per campaign as /budget's with its tick
 * (✅ chosen, ▫️ not), the pages, "Done (n)"; `single`: no ticks (a press goes straight on with
 * that campaign) and "➕ More campaigns" (step "m"). An empty list, nothing chosen, has neither.
 */
export function reportCampaignsKeyboard(
  button: ButtonData,
  t: Translator,
  campaigns: readonly CampaignView[],
  chosen: ReadonlySet<string>,
  page: number,
  pages: number,
  again?: string,
  single = false,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (again) keyboard.text(again, button("lr"));
  for (const campaign of campaigns) {
    const mark = single ? "" : `${chosen.has(campaign.id) ? CHOSEN : NOT_CHOSEN} `;
    newRow(keyboard).text(campaignButton(t, campaign, { mark }), button("t", campaign.id));
  }
  pager(keyboard, button, page, pages);
  if (campaigns.length === 0 && chosen.size === 0 && pages <= 1) return keyboard;
  if (single) return newRow(keyboard).text(t("ads-report-more-button"), button("m"));
  return newRow(keyboard).text(t("ads-report-done-button", { count: chosen.size }), button("d"));
}

/** Quick reports: a period and its grouping in one tap (step "qp"), the usual ones first. */
export const QUICK_REPORTS = [
  { id: "yd", preset: "yesterday", groupBy: "DATE", key: "ads-quick-yesterday" },
  { id: "7d", preset: "last_7_days", groupBy: "DATE", key: "ads-quick-week" },
  { id: "30d", preset: "last_30_days", groupBy: "DATE", key: "ads-quick-month" },
] as const satisfies ReadonlyArray<{
  id: string;
  preset: PeriodPreset;
  groupBy: ReportGroupBy;
  key: string;
}>;
export type QuickReport = (typeof QUICK_REPORTS)[number];

/** The period presets, two in a row (step "pp"); the summary comes next. */
export function periodKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  PERIOD_PRESETS.forEach((preset, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(t(PRESET_KEYS[preset]), button("pp", preset));
  });
  return keyboard;
}

export function kindKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of REPORT_KINDS) newRow(keyboard).text(t(KIND_KEYS[kind]), button("k", kind));
  return keyboard;
}

/** "All (n)" and one button per advertised object (SKU), up to `max`. */
export function objectsKeyboard(
  button: ButtonData,
  t: Translator,
  objects: readonly string[],
  max = 12,
): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(
    t("ads-report-objects-all", { count: objects.length }),
    button("o", "all"),
  );
  objects.slice(0, max).forEach((object, index) => {
    if (index % 3 === 0) keyboard.row();
    keyboard.text(object, button("o", object));
  });
  return keyboard;
}

export function attributionKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const days of ATTRIBUTION_DAYS) keyboard.text(t("ads-days", { days }), button("a", days));
  return keyboard;
}

/**
 * The summary's choices, ● on the chosen: the period when given (step "pp"; "op" asks for other
 * dates), the grouping (step "g"), the file's format (step "f");
 * then Create.
 */
export function reportConfirmKeyboard(
  button: ButtonData,
  t: Translator,
  format: ReportFormat = "csv",
  groupBy: ReportGroupBy = "DATE",
  preset?: PeriodPreset | "typed",
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (preset) {
    // The period, switched here (step "pp"), or asked for (step "op": typed dates too).
    PERIOD_PRESETS.forEach((option, index) => {
      if (index > 0 && index % 3 === 0) keyboard.row();
      keyboard.text(chosenLabel(t(PRESET_KEYS[option]), option === preset), button("pp", option));
    });
    keyboard.text(
      chosenLabel(t("ads-report-other-period-button"), preset === "typed"),
      button("op"),
    );
    keyboard.row();
  }
  for (const grouping of REPORT_GROUPINGS) {
    keyboard.text(
      chosenLabel(t(GROUPING_KEYS[grouping]), grouping === groupBy),
      button("g", grouping),
    );
  }
  keyboard.row();
  for (const option of REPORT_FORMATS) {
    keyboard.text(
      chosenLabel(t(`report-format-${option}-button`), option === format),
      button("f", option),
    );
  }
  return keyboard
    .row()
    .text(t("ads-report-other-kind-button"), button("ok"))
    .row()
    .text(t("ads-report-order-button"), button("y"));
}

/** Retry under a failed report: orders the same report again (ads/handlers.ts). */
export function reportRetryKeyboard(
  codec: CallbackCodec,
  t: Translator,
  jobId: string,
  shopRef?: string,
): InlineKeyboard {
  const data = REPORT_RETRY_BUTTON.data(codec, jobId, shopRef);
  return new InlineKeyboard().text(t("ads-report-retry-button"), data);
}

/** XLSX under a delivered report: the same report as a workbook (ads/reports/xlsx.ts). */
export function reportXlsxKeyboard(
  codec: CallbackCodec,
  t: Translator,
  jobId: string,
  shopRef?: string,
): InlineKeyboard {
  const data = REPORT_XLSX_BUTTON.data(codec, jobId, shopRef);
  return new InlineKeyboard().text(t("report-xlsx-button"), data);
}

/** Replaces the XLSX button once the kept report has expired: orders it again as XLSX. */
export function reportReorderKeyboard(
  codec: CallbackCodec,
  t: Translator,
  jobId: string,
  shopRef?: string,
): InlineKeyboard {
  const data = REPORT_REORDER_BUTTON.data(codec, jobId, shopRef);
  return new InlineKeyboard().text(t("report-xlsx-reorder-button"), data);
}
