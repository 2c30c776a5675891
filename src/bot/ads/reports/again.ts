/**
 * A report ordered in one tap: "⚡ as last time" on /report's first screen (the person's last
 * report, services/ads/reports/presets.ts) and the ⚡ periods on a campaign's card. Either way the
 * period is a preset counted from today, so "again" means the same days up to yesterday.
 * Tests: none directly
 */
import {
  type PeriodPreset,
  presetPeriod,
  type ReportPreset,
  type ReportRequest,
  type ReportRequester,
} from "../../../services/ads/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { campaignTitle, GROUPING_VALUE_KEYS, shortLabel } from "../format.ts";
import { QUICK_REPORTS } from "../keyboards.ts";

/** Short words of a preset period on the ⚡ button. */
const PRESET_SHORT_KEYS = {
  yesterday: "ads-again-yesterday",
  last_7_days: "ads-again-7-days",
  last_30_days: "ads-again-30-days",
  this_month: "ads-again-this-month",
  last_month: "ads-again-last-month",
} as const satisfies Record<PeriodPreset, string>;

/** "⚡ As last time: «Кроссовки…» · 7 days · by day" (the others counted when there are more). */
export function againLabel(t: Translator, preset: ReportPreset): string {
  const [first] = preset.campaigns;
  const more = preset.campaigns.length - 1;
  const title = t("ads-campaign-quoted", {
    title: shortLabel(campaignTitle(first ?? { id: "" }), 20),
  });
  return t("ads-report-again-button", {
    campaigns: more > 0 ? `${title} +${more}` : title,
    period: t(PRESET_SHORT_KEYS[preset.preset]),
    grouping: t(GROUPING_VALUE_KEYS[preset.groupBy]),
  });
}

/** The request of a remembered report, its period counted from `clock`. */
export function againRequest(
  preset: ReportPreset,
  requestedBy: ReportRequester,
  clock: { now: number; zone: string },
): ReportRequest {
  const { campaigns, kind, groupBy, format, objects, attributionDays } = preset;
  return {
    requestedBy,
    campaigns: campaigns.map((c) => ({ ...c })),
    period: presetPeriod(preset.preset, clock),
    kind,
    groupBy,
    ...(format !== "csv" ? { format } : {}),
    ...(objects ? { objects: [...objects] } : {}),
    ...(attributionDays !== undefined ? { attributionDays } : {}),
  };
}

/** What is remembered of an ordered report whose period was `preset` in `shop`. */
export function presetOf(shop: string, request: ReportRequest, preset: PeriodPreset): ReportPreset {
  return {
    shop,
    campaigns: request.campaigns.map(({ id, title }) => ({ id, ...(title ? { title } : {}) })),
    kind: request.kind,
    preset,
    groupBy: request.groupBy ?? "DATE",
    format: request.format ?? "csv",
    ...(request.objects ? { objects: request.objects } : {}),
    ...(request.attributionDays !== undefined ? { attributionDays: request.attributionDays } : {}),
  };
}

/** A card's ⚡ report of one campaign: statistics by day over the quick report's period. */
export function cardQuickPreset(
  shop: string,
  campaign: { id: string; title?: string },
  quickId: string,
): ReportPreset | undefined {
  const quick = QUICK_REPORTS.find((q) => q.id === quickId);
  if (!quick) return undefined;
  const title = campaign.title ? { title: campaign.title } : {};
  return {
    shop,
    campaigns: [{ id: campaign.id, ...title }],
    kind: "campaigns",
    preset: quick.preset,
    groupBy: quick.groupBy,
    format: "csv",
  };
}
