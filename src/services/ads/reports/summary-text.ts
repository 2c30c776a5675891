/**
 * A report's summary in words: a few short lines that go with the file.
 * Tests: test/services/ads/reports/jobs-format.test.ts and 13 more
 */
import { formatRoubles } from "../campaigns/budget-input.ts";
import type { ReportSummary } from "./summary.ts";

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

/** How a summary writes its numbers: Russian "14 831,82 ₽" / "0,54 %", English as the postings' cards. */
interface NumberStyle {
  count(value: number): string;
  money(kopecks: number): string;
  percent(basisPoints: number): string;
}

const RU_STYLE: NumberStyle = {
  count: (value) => groupDigits(value, "\u00A0"),
  money: (kopecks) => formatRoubles(BigInt(Math.round(kopecks)) * 10_000n, { locale: "ru" }),
  percent: (basisPoints) => `${hundredthsText(basisPoints, "\u00A0")}\u00A0%`,
};

// "85,453", "RUB 14,831.82" (money as everywhere: formatRoubles, kopecks only when any), "0.54%".
const EN_COUNT = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const EN_HUNDREDTHS = new Intl.NumberFormat("en-GB", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const EN_STYLE: NumberStyle = {
  count: (value) => EN_COUNT.format(value),
  money: (kopecks) => formatRoubles(BigInt(Math.round(kopecks)) * 10_000n, { locale: "en" }),
  percent: (basisPoints) => `${EN_HUNDREDTHS.format(basisPoints / 100)}%`,
};

/** A few short lines ("Показы: 12 345") for the message that goes with the file. */
/** The words of a summary: the bot passes its locale's; the defaults serve logs and tests. */
export type SummaryLabels = Record<keyof (typeof LABELS)["ru"], string>;

export function formatReportSummary(
  summary: ReportSummary,
  locale: string = "ru",
  words?: SummaryLabels,
): string {
  const english = locale.startsWith("en");
  const labels = words ?? (english ? LABELS.en : LABELS.ru);
  const style = english ? EN_STYLE : RU_STYLE;
  const t = summary.totals;
  const lines: string[] = [];
  if (t.impressions !== undefined)
    lines.push(`${labels.impressions}: ${style.count(t.impressions)}`);
  if (t.clicks !== undefined) lines.push(`${labels.clicks}: ${style.count(t.clicks)}`);
  if (t.ctrBasisPoints !== undefined) {
    lines.push(`${labels.ctr}: ${style.percent(t.ctrBasisPoints)}`);
  }
  if (t.spendKopecks !== undefined) lines.push(`${labels.spend}: ${style.money(t.spendKopecks)}`);
  if (t.orders !== undefined) lines.push(`${labels.orders}: ${style.count(t.orders)}`);
  if (t.revenueKopecks !== undefined) {
    lines.push(`${labels.revenue}: ${style.money(t.revenueKopecks)}`);
  }
  return lines.length > 0 ? lines.join("\n") : labels.nothing;
}
