/**
 * The picture that goes with a statistics report: spend by day as bars (stacked per campaign
 * when there are several: the top campaigns by spend and "others"), and orders by day as a line
 * on a second axis (clicks when the report has no orders). Drawn in-process: Apache ECharts
 * renders SVG server-side (no DOM, no browser), @resvg/resvg-js turns it into a PNG. No network.
 *
 * Sized for a phone: 1280×960 (Telegram keeps photos up to 1280 px on a side), text at least
 * 22 px, numbers with the locale's thousands separators, money in roubles.
 * Tests: test/services/ads/reports/chart.test.ts and 4 more
 */
import { createRequire } from "node:module";
import { clip } from "../../../text.ts";
import { type ChartFonts, chartFonts } from "./chart-fonts.ts";
import { columnIndex, type ReportTable } from "./table.ts";

export interface ReportChartLabels {
  /** Headline, e.g. "Расход и заказы по дням". */
  title: string;
  spend: string;
  orders: string;
  clicks: string;
  /** The series of the campaigns beyond the top ones. */
  others: string;
}

export interface ReportChartOptions {
  /** "ru" or "en": number and date formats. */
  locale: string;
  labels: ReportChartLabels;
  /** Campaign titles by id, for the legend (else "№ <id>"). */
  titles?: Readonly<Record<string, string>>;
  /** Campaigns shown on their own; the rest are summed up as "others" (default 5). */
  topCampaigns?: number;
  width?: number;
  height?: number;
  /** A line under the headline, e.g. the period and the shop. */
  subtitle?: string;
  fonts?: ChartFonts;
}

export interface ReportChartData {
  /** ISO dates on the x axis, ascending. */
  dates: string[];
  /** Spend per date in roubles, one series per campaign shown (or "others"). */
  spend: Array<{ name: string; values: number[] }>;
  /** The line: orders, or clicks when no sheet has orders; none when neither. */
  line?: { metric: "orders" | "clicks"; values: number[] };
}

/** Nothing in the report has a date to put on the axis (phrases, no grouping). */
export class ReportChartEmptyError extends Error {
  constructor() {
    super("report chart: the report has no dated rows");
    this.name = "ReportChartEmptyError";
  }
}

/** What the chart shows, from the typed report; throws ReportChartEmptyError when nothing. */
export function reportChartData(
  table: ReportTable,
  options: Pick<ReportChartOptions, "labels" | "titles" | "topCampaigns">,
): ReportChartData {
  const dated = table.sheets.filter((s) => columnIndex(s, { type: "date" }) >= 0);
  const dates = [
    ...new Set(
      dated.flatMap((sheet) => {
        const at = columnIndex(sheet, { type: "date" });
        return sheet.rows.map((row) => row[at]).filter((d): d is string => typeof d === "string");
      }),
    ),
  ].sort();
  if (dates.length === 0) throw new ReportChartEmptyError();
  const position = new Map(dates.map((d, i) => [d, i]));
  const hasOrders = dated.some((s) => columnIndex(s, { metric: "orders" }) >= 0);
  const lineMetric = hasOrders
    ? "orders"
    : dated.some((s) => columnIndex(s, { metric: "clicks" }) >= 0)
      ? "clicks"
      : undefined;
  const line = new Array<number>(dates.length).fill(0);

  const campaigns = dated.map((sheet, index) => {
    const at = columnIndex(sheet, { type: "date" });
    const spendAt = columnIndex(sheet, { metric: "spend" });
    const lineAt = lineMetric ? columnIndex(sheet, { metric: lineMetric }) : -1;
    const values = new Array<number>(dates.length).fill(0);
    for (const row of sheet.rows) {
      const i = position.get(row[at] as string);
      if (i === undefined) continue;
      const spend = row[spendAt];
      if (typeof spend === "number") values[i] = (values[i] ?? 0) + spend;
      const count = row[lineAt];
      if (typeof count === "number") line[i] = (line[i] ?? 0) + count;
    }
    const id = sheet.campaignId;
    const title = id === undefined ? undefined : options.titles?.[id];
    const name = title ? clip(title, 24) : id ? `№ ${id}` : `${index + 1}`;
    return { name, values, total: values.reduce((s, v) => s + v, 0) };
  });

  const top = Math.max(1, options.topCampaigns ?? 5);
  let spend = campaigns.map(({ name, values }) => ({ name, values }));
  if (campaigns.length > top + 1) {
    const ranked = [...campaigns].sort((a, b) => b.total - a.total);
    const rest = ranked.slice(top);
    const others = dates.map((_, i) => rest.reduce((s, c) => s + (c.values[i] ?? 0), 0));
    spend = [
      ...ranked.slice(0, top).map(({ name, values }) => ({ name, values })),
      { name: `${options.labels.others} (${rest.length})`, values: others },
    ];
  }
  const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
  return {
    dates,
    spend: spend.map((s) => ({ name: s.name, values: round(s.values) })),
    ...(lineMetric ? { line: { metric: lineMetric, values: round(line) } } : {}),
  };
}

/** Colours that stay apart on a phone in daylight; "others" is grey. */
const PALETTE = ["#2f6fdf", "#f08c2e", "#2aa876", "#a95bd6", "#d94a5b", "#1fa2b8"];
const OTHERS_COLOUR = "#9aa3ad";
const LINE_COLOUR = "#1d2733";

type EChartsModule = typeof import("echarts");
let echartsModule: Promise<EChartsModule> | undefined;
/** Loaded on the first chart: a process that never draws one does not carry ECharts. */
const loadECharts = () => {
  echartsModule ??= import("echarts");
  return echartsModule;
};

const MONTHS_EN = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** The chart as SVG text (ECharts server-side rendering). */
export async function renderReportChartSvg(
  data: ReportChartData,
  options: ReportChartOptions,
): Promise<string> {
  const echarts = await loadECharts();
  const width = options.width ?? 1280;
  const height = options.height ?? 960;
  const family = (options.fonts ?? chartFonts()).family;
  const en = options.locale.startsWith("en");
  const numbers = new Intl.NumberFormat(en ? "en-GB" : "ru-RU", { maximumFractionDigits: 0 });
  // Money as the bot writes it elsewhere: "25 000 ₽", "RUB 25,000"; days "01.09", "1 Sep".
  const roubles = (v: number) => (en ? `RUB ${numbers.format(v)}` : `${numbers.format(v)} ₽`);
  const day = (iso: string) =>
    en
      ? `${Number(iso.slice(8, 10))} ${MONTHS_EN[Number(iso.slice(5, 7)) - 1] ?? iso.slice(5, 7)}`
      : `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
  const others = options.labels.others;
  const text = { fontFamily: family, color: "#1d2733" };
  const lineName = data.line
    ? data.line.metric === "orders"
      ? options.labels.orders
      : options.labels.clicks
    : undefined;

  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      backgroundColor: "#ffffff",
      textStyle: { ...text, fontSize: 22 },
      color: PALETTE,
      title: {
        text: options.labels.title,
        subtext: options.subtitle ?? "",
        left: 32,
        top: 20,
        textStyle: { ...text, fontSize: 34, fontWeight: "bold" },
        subtextStyle: { ...text, fontSize: 24, color: "#55606b" },
      },
      legend: {
        bottom: 16,
        left: "center",
        itemWidth: 28,
        itemHeight: 18,
        itemGap: 24,
        textStyle: { ...text, fontSize: 22 },
      },
      grid: {
        left: 32,
        right: 32,
        top: 130,
        bottom: 24 + 40 * legendRows(data),
        containLabel: true,
      },
      xAxis: {
        type: "category",
        data: data.dates.map(day),
        axisLabel: { ...text, fontSize: 22, hideOverlap: true },
        axisTick: { alignWithLabel: true },
      },
      yAxis: [
        {
          type: "value",
          name: options.labels.spend,
          nameTextStyle: { ...text, fontSize: 22, align: "left" },
          axisLabel: { ...text, fontSize: 22, formatter: roubles },
          splitLine: { lineStyle: { color: "#e3e7eb" } },
        },
        ...(lineName
          ? [
              {
                type: "value",
                name: lineName,
                nameTextStyle: { ...text, fontSize: 22, align: "right" },
                axisLabel: { ...text, fontSize: 22, formatter: (v: number) => numbers.format(v) },
                splitLine: { show: false },
                minInterval: 1,
              },
            ]
          : []),
      ],
      series: [
        ...data.spend.map((s) => ({
          type: "bar",
          name: s.name,
          stack: "spend",
          data: s.values,
          barMaxWidth: 48,
          ...(s.name.startsWith(others) && data.spend.length > 1
            ? { itemStyle: { color: OTHERS_COLOUR } }
            : {}),
        })),
        ...(data.line && lineName
          ? [
              {
                type: "line",
                name: lineName,
                yAxisIndex: 1,
                data: data.line.values,
                symbol: "circle",
                symbolSize: data.dates.length > 31 ? 6 : 10,
                lineStyle: { width: 4, color: LINE_COLOUR },
                itemStyle: { color: LINE_COLOUR },
              },
            ]
          : []),
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** About five legend entries fit a row at this size (long titles are cut to 24 characters). */
function legendRows(data: ReportChartData): number {
  return Math.ceil((data.spend.length + (data.line ? 1 : 0)) / 5);
}

type ResvgModule = typeof import("@resvg/resvg-js");
let resvgModule: ResvgModule | undefined;
/**
 * Required on the first picture (synchronously, it is CommonJS): the bot's own thread only
 * prepares chart data and never loads the native renderer; the chart worker does.
 */
const loadResvg = () => {
  resvgModule ??= createRequire(import.meta.url)("@resvg/resvg-js") as ResvgModule;
  return resvgModule;
};

/** SVG → PNG with the chart's font (chart-fonts.ts); the system's fonts only when none found. */
export function svgToPng(svg: string, fonts: ChartFonts = chartFonts()): Buffer {
  const { Resvg } = loadResvg();
  const resvg = new Resvg(svg, {
    font: {
      fontFiles: fonts.files,
      loadSystemFonts: !fonts.found,
      defaultFontFamily: fonts.family,
      sansSerifFamily: fonts.family,
    },
  });
  return resvg.render().asPng();
}

/**
 * The report's chart as a PNG. Pure apart from reading the font file: the same table and
 * options give the same picture. Throws ReportChartEmptyError when the report has no dates.
 */
export async function renderReportChart(
  table: ReportTable,
  options: ReportChartOptions,
): Promise<Buffer> {
  const fonts = options.fonts ?? chartFonts();
  const data = reportChartData(table, options);
  const svg = await renderReportChartSvg(data, { ...options, fonts });
  return svgToPng(svg, fonts);
}
