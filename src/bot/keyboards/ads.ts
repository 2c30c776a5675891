/**
 * Inline keyboards of the advertising dialogs. Every keyboard ends with the Cancel button.
 * Callback data: `ab:<action>:<arg>` (budget dialog) and `ar:<action>:<arg>` (report dialog),
 * signed by the codec; ids are Ozon's numeric campaign ids, so the data stays far below 64 bytes.
 */
import { InlineKeyboard } from "grammy";
import { PERIOD_PRESETS, REPORT_GROUPINGS, REPORT_KINDS } from "../../services/ads/index.ts";
import type { CallbackCodec } from "../callback-data.ts";
import {
  budgetText,
  type CampaignView,
  campaignTitle,
  GROUPING_KEYS,
  KIND_KEYS,
  PRESET_KEYS,
  shortLabel,
} from "../format/ads.ts";
import type { Translator } from "../i18n.ts";
import { cancelData } from "./cancel.ts";

/** Buttons of the /budget dialog. */
export const BUDGET_CALLBACK = "ab";
/** Buttons of the /report dialog. */
export const REPORT_CALLBACK = "ar";

/** Attribution windows offered as buttons (days). */
export const ATTRIBUTION_DAYS = [1, 7, 14, 30] as const;

/** Cancel, for the person in the dialog only (in a group others' presses are refused). */
function cancelRow(
  keyboard: InlineKeyboard,
  codec: CallbackCodec,
  t: Translator,
  owner: number | undefined,
): InlineKeyboard {
  return keyboard.row().text(t("cancel-button"), cancelData(codec, owner));
}

function pager(
  keyboard: InlineKeyboard,
  codec: CallbackCodec,
  kind: string,
  page: number,
  pages: number,
): void {
  if (pages <= 1) return;
  keyboard.row();
  if (page > 0) keyboard.text("«", codec.encode(kind, "p", page - 1));
  keyboard.text(`${page + 1} / ${pages}`, codec.encode(kind, "p", page));
  if (page < pages - 1) keyboard.text("»", codec.encode(kind, "p", page + 1));
}

/** One button per campaign ("Title · 1 500 ₽"), the pages, Cancel. */
export function budgetCampaignsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  campaigns: readonly CampaignView[],
  page: number,
  pages: number,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const campaign of campaigns) {
    const label = `${shortLabel(campaignTitle(campaign), 28)} · ${budgetText(t, campaign.budget)}`;
    keyboard.text(label, codec.encode(BUDGET_CALLBACK, "c", campaign.id)).row();
  }
  pager(keyboard, codec, BUDGET_CALLBACK, page, pages);
  return cancelRow(keyboard, codec, t, owner);
}

export function budgetAmountKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("ads-back-button"), codec.encode(BUDGET_CALLBACK, "b"))
    .text(t("cancel-button"), cancelData(codec, owner));
}

export function budgetConfirmKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(t("ads-budget-confirm-button"), codec.encode(BUDGET_CALLBACK, "y"))
    .row()
    .text(t("ads-budget-other-amount-button"), codec.encode(BUDGET_CALLBACK, "a"));
  return cancelRow(keyboard, codec, t, owner);
}

/** Toggles (✅ chosen), the pages, "Done (n)", Cancel. */
export function reportCampaignsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  campaigns: readonly CampaignView[],
  chosen: ReadonlySet<string>,
  page: number,
  pages: number,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const campaign of campaigns) {
    const mark = chosen.has(campaign.id) ? "✅" : "▫️";
    keyboard
      .text(
        `${mark} ${shortLabel(campaignTitle(campaign), 34)}`,
        codec.encode(REPORT_CALLBACK, "t", campaign.id, page),
      )
      .row();
  }
  pager(keyboard, codec, REPORT_CALLBACK, page, pages);
  keyboard
    .row()
    .text(t("ads-report-done-button", { count: chosen.size }), codec.encode(REPORT_CALLBACK, "d"));
  return cancelRow(keyboard, codec, t, owner);
}

export function periodKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  PERIOD_PRESETS.forEach((preset, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(t(PRESET_KEYS[preset]), codec.encode(REPORT_CALLBACK, "pp", preset));
  });
  return cancelRow(keyboard, codec, t, owner);
}

export function groupingKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const grouping of REPORT_GROUPINGS) {
    keyboard.text(t(GROUPING_KEYS[grouping]), codec.encode(REPORT_CALLBACK, "g", grouping));
  }
  return cancelRow(keyboard, codec, t, owner);
}

export function kindKeyboard(codec: CallbackCodec, t: Translator, owner?: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of REPORT_KINDS) {
    keyboard.text(t(KIND_KEYS[kind]), codec.encode(REPORT_CALLBACK, "k", kind)).row();
  }
  return cancelRow(keyboard, codec, t, owner);
}

/** "All (n)" and one button per advertised object (SKU), up to `max`. */
export function objectsKeyboard(
  codec: CallbackCodec,
  t: Translator,
  objects: readonly string[],
  owner?: number,
  max = 12,
): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(
    t("ads-report-objects-all", { count: objects.length }),
    codec.encode(REPORT_CALLBACK, "o", "all"),
  );
  objects.slice(0, max).forEach((object, index) => {
    if (index % 3 === 0) keyboard.row();
    keyboard.text(object, codec.encode(REPORT_CALLBACK, "o", object));
  });
  return cancelRow(keyboard, codec, t, owner);
}

export function attributionKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const days of ATTRIBUTION_DAYS) {
    keyboard.text(t("ads-days", { days }), codec.encode(REPORT_CALLBACK, "a", days));
  }
  return cancelRow(keyboard, codec, t, owner);
}

export function reportConfirmKeyboard(
  codec: CallbackCodec,
  t: Translator,
  owner?: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(
    t("ads-report-order-button"),
    codec.encode(REPORT_CALLBACK, "y"),
  );
  return cancelRow(keyboard, codec, t, owner);
}
