/**
 * The report dialog's texts: its summary (what will be created) and a refusal with its reason.
 * Tests: none directly
 */
import type {
  ReportFormat,
  ReportGroupBy,
  ReportRequest,
  ReportRequestProblem,
} from "../../../services/ads/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { localeOf, periodText } from "../../core/numbers.ts";
import {
  campaignsText,
  GROUPING_VALUE_KEYS,
  KIND_KEYS,
  objectsText,
  reportProblemText,
} from "../format.ts";

export function confirmText(
  t: Translator,
  request: ReportRequest,
  groupBy: ReportGroupBy,
  format: ReportFormat,
): string {
  const { kind, campaigns, objects, attributionDays } = request;
  const details = [
    t("ads-report-confirm", {
      kind: t(KIND_KEYS[kind]),
      campaigns: campaignsText(t, campaigns),
      period: periodText(localeOf(t), request.period),
      grouping: t(GROUPING_VALUE_KEYS[groupBy]),
    }),
  ];
  if (objects) details.push(t("ads-report-confirm-objects", { objects: objectsText(t, objects) }));
  if (attributionDays !== undefined) {
    details.push(t("ads-report-confirm-days", { days: attributionDays }));
  }
  details.push(t("report-format-chosen", { format: t(`report-format-${format}-button`) }));
  return details.join("\n");
}

export function refusal(t: Translator, problem: ReportRequestProblem): string {
  return t("ads-report-refused", { reason: reportProblemText(t, problem) });
}
