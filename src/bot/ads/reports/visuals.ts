/**
 * A report's chart and workbook in the person's language: the words come from locales/, the
 * drawing and the workbook from services/reports. Used by the report notifier (at delivery) and
 * by the XLSX button (ads/reports/xlsx.ts).
 * Tests: none directly
 */
import type { ReportJob } from "../../../services/ads/index.ts";
import {
  buildReportXlsx,
  type ReportTable,
  reportChartData,
  sharedChartRenderer,
} from "../../../services/ads/reports/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { localeOf, periodText } from "../../core/numbers.ts";

/** Campaign titles by id as the person chose them in the dialog. */
function titlesOf(job: Pick<ReportJob, "campaigns">): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const c of job.campaigns) if (c.title) titles[c.id] = c.title;
  return titles;
}

/** The chart's heading: what its line shows (orders, else clicks, else spend alone). */
function chartTitle(t: Translator, line: string | undefined): string {
  if (line === "orders") return t("report-chart-title");
  return line === "clicks" ? t("report-chart-title-clicks") : t("report-chart-title-spend");
}

/** The labels the chart is drawn with (its words only; the data decides the title). */
function chartLabels(t: Translator) {
  return {
    title: t("report-chart-title"),
    spend: t("report-chart-spend"),
    orders: t("report-chart-orders"),
    clicks: t("report-chart-clicks"),
    others: t("report-chart-others"),
  };
}

/**
 * The chart photo's own short caption (its heading and period): the file just above it already
 * carries the summary, so repeating it would show the same lines twice in a row.
 */
export function reportChartCaption(
  t: Translator,
  job: Pick<ReportJob, "campaigns" | "period">,
  table: ReportTable,
): string {
  const data = reportChartData(table, { labels: chartLabels(t), titles: titlesOf(job) });
  return t("report-chart-caption", {
    title: chartTitle(t, data.line?.metric),
    period: periodText(localeOf(t), job.period),
  });
}

/** The report's chart as a PNG; throws when the report has nothing dated to draw. */
export async function reportChartPng(
  t: Translator,
  job: Pick<ReportJob, "campaigns" | "period" | "requestedBy">,
  table: ReportTable,
  shopName?: string,
): Promise<Buffer> {
  const labels = chartLabels(t);
  const titles = titlesOf(job);
  const title = chartTitle(t, reportChartData(table, { labels, titles }).line?.metric);
  const period = periodText(job.requestedBy.locale === "en" ? "en" : "ru", job.period);
  // Drawn in the shared worker thread: the event loop does not wait, resvg's memory comes back.
  return sharedChartRenderer().render(table, {
    locale: job.requestedBy.locale,
    labels: { ...labels, title },
    titles,
    // The shop's name in plain letters: the chart's font has no emoji.
    subtitle: shopName ? `${period} · ${shopName}` : period,
  });
}

/** The report as an XLSX workbook with the person's word for the totals row. */
export function reportXlsx(
  t: Translator,
  job: Pick<ReportJob, "campaigns">,
  table: ReportTable,
): Promise<Buffer> {
  return buildReportXlsx(table, {
    labels: { total: t("report-xlsx-total") },
    titles: titlesOf(job),
  });
}
