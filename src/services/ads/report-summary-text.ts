/** A report's summary in words: a few short lines that go with the file. */
import type { ReportSummary } from "./report-summary.ts";

const LABELS = {
  ru: {
    impressions: "Показы",
    clicks: "Клики",
    ctr: "CTR",
    spend: "Расход",
    orders: "Заказы",
    revenue: "Выручка",
    nothing: "В отчёте нет показов, кликов и расходов.",
  },
  en: {
    impressions: "Impressions",
    clicks: "Clicks",
    ctr: "CTR",
    spend: "Spend",
    orders: "Orders",
    revenue: "Revenue",
    nothing: "The report has no impressions, clicks or spend.",
  },
} as const;

function groupDigits(value: number | bigint, space: string): string {
  const negative = value < 0;
  const digits = (negative ? -BigInt(value) : BigInt(value)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, space);
  return negative ? `−${grouped}` : grouped;
}

function hundredthsText(value: number, space: string): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const text = `${groupDigits(Math.trunc(abs / 100), space)},${String(abs % 100).padStart(2, "0")}`;
  return negative ? `−${text}` : text;
}

/** A few short lines ("Показы: 12 345") for the message that goes with the file. */
/** The words of a summary: the bot passes its locale's; the defaults serve logs and tests. */
export type SummaryLabels = Record<keyof (typeof LABELS)["ru"], string>;

export function formatReportSummary(
  summary: ReportSummary,
  locale: string = "ru",
  words?: SummaryLabels,
): string {
  const labels = words ?? (locale.startsWith("en") ? LABELS.en : LABELS.ru);
  const space = "\u00A0";
  const t = summary.totals;
  const lines: string[] = [];
  if (t.impressions !== undefined) {
    lines.push(`${labels.impressions}: ${groupDigits(t.impressions, space)}`);
  }
  if (t.clicks !== undefined) lines.push(`${labels.clicks}: ${groupDigits(t.clicks, space)}`);
  if (t.ctrBasisPoints !== undefined) {
    lines.push(`${labels.ctr}: ${hundredthsText(t.ctrBasisPoints, space)}${space}%`);
  }
  if (t.spendKopecks !== undefined) {
    lines.push(`${labels.spend}: ${hundredthsText(t.spendKopecks, space)}${space}₽`);
  }
  if (t.orders !== undefined) lines.push(`${labels.orders}: ${groupDigits(t.orders, space)}`);
  if (t.revenueKopecks !== undefined) {
    lines.push(`${labels.revenue}: ${hundredthsText(t.revenueKopecks, space)}${space}₽`);
  }
  return lines.length > 0 ? lines.join("\n") : labels.nothing;
}
