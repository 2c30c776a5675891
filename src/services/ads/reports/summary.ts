/**
 * Sums up an Ozon statistics report (CSV, or a ZIP of CSVs) into the metrics a person cares
 * about: impressions, clicks, CTR, spend, orders, revenue — whichever the file has. Reading the
 * CSV is csv.ts, opening the ZIP zip.ts, the words for the person
 * summary-text.ts.
 *
 * Totals come from the `Всего` line where it has a value, otherwise from the data rows (plus the
 * correction line). Values are exact: money in kopecks, counts as integers, CTR in basis points
 * (1,23 % = 123), all summed as integers, never as floating-point roubles.
 * Tests: test/services/ads/reports/summary.test.ts and 12 more
 */
import {
  decodeText,
  hundredths,
  lineKind,
  metricOfColumn,
  parseCsv,
  type ReportMetric,
} from "./csv.ts";
import { MAX_UNPACKED_BYTES, ReportFileError } from "./file.ts";
import { unzip } from "./zip.ts";

export interface MetricTotals {
  impressions?: number;
  clicks?: number;
  /** Click-through rate in basis points of a percent: 1,23 % → 123. */
  ctrBasisPoints?: number;
  spendKopecks?: number;
  orders?: number;
  revenueKopecks?: number;
}

export interface ReportFileSummary {
  /** File name (the ZIP entry name, or the name given for a lone CSV). */
  name: string;
  /** Campaign id from the title line ("№ 14275771") or from the file name. */
  campaignId?: string;
  /** The title line without its leading `;`. */
  title?: string;
  /** Period from the title line, ISO dates. */
  period?: { from: string; to: string };
  /** Column names as written in the file. */
  columns: string[];
  /** Data rows (title, header, correction and total lines not counted). */
  rows: number;
  totals: MetricTotals;
}

export interface ReportSummary {
  files: ReportFileSummary[];
  /** Over all files; CTR recomputed from clicks and impressions when there are several. */
  totals: MetricTotals;
}
const TITLE_CAMPAIGN = /№\s*(\d+)/u;
const TITLE_PERIOD = /(\d{2})\.(\d{2})\.(\d{4})\s*[-–—]\s*(\d{2})\.(\d{2})\.(\d{4})/u;

/** The campaign id and period a title line names, and failing that the id in the file name. */
export function titleFacts(
  title: string | undefined,
  name: string,
): { campaignId?: string; period?: { from: string; to: string } } {
  const facts: { campaignId?: string; period?: { from: string; to: string } } = {};
  const id = title?.match(TITLE_CAMPAIGN)?.[1];
  if (id) facts.campaignId = id;
  const p = title?.match(TITLE_PERIOD);
  if (p) facts.period = { from: `${p[3]}-${p[2]}-${p[1]}`, to: `${p[6]}-${p[5]}-${p[4]}` };
  if (!facts.campaignId) {
    const fromName = name.match(/(?:^|\/)(\d+)(?:[_-][^/]*)?\.csv$/i)?.[1];
    if (fromName) facts.campaignId = fromName;
  }
  return facts;
}

/** One CSV's title line, column names and the lines after them (blank lines dropped). */
export interface ReportLines {
  title?: string;
  columns: string[];
  body: Array<{ cells: string[]; line: number }>;
}

export function readReportLines(bytes: Uint8Array, name: string): ReportLines {
  if (bytes.length === 0) throw new ReportFileError("empty", "no bytes", { file: name });
  const text = decodeText(bytes, name).replace(/^\uFEFF/, "");
  const records = parseCsv(text, name);
  const lines = records
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ""));
  if (lines.length === 0) throw new ReportFileError("empty", "no lines", { file: name });

  let cursor = 0;
  let title: string | undefined;
  const firstLine = lines[0];
  if (firstLine && (firstLine.cells[0] ?? "").trim() === "" && lines.length > 1) {
    title = firstLine.cells.join(";").replace(/^;+/, "").trim();
    cursor = 1;
  }
  const header = lines[cursor];
  if (!header || header.cells.length < 2) {
    throw new ReportFileError("no_header", "no `;`-separated column names", {
      file: name,
      line: header?.line,
    });
  }
  const columns = header.cells.map((c) => c.trim());
  return { ...(title ? { title } : {}), columns, body: lines.slice(cursor + 1) };
}

export function summarizeCsv(bytes: Uint8Array, name = "report.csv"): ReportFileSummary {
  const { title, columns, body } = readReportLines(bytes, name);
  const metricColumns = new Map<ReportMetric, number>();
  columns.forEach((column, index) => {
    const metric = metricOfColumn(column);
    if (metric && !metricColumns.has(metric)) metricColumns.set(metric, index);
  });

  const rowSums = new Map<ReportMetric, bigint>();
  const totalLine = new Map<ReportMetric, bigint>();
  let rows = 0;
  for (const { cells, line } of body) {
    const kind = lineKind(cells);
    if (kind === "data") rows++;
    for (const [metric, index] of metricColumns) {
      const value = hundredths(cells[index] ?? "", name, line);
      if (value === undefined) continue;
      if (kind === "total") totalLine.set(metric, value);
      else if (metric !== "ctr") rowSums.set(metric, (rowSums.get(metric) ?? 0n) + value);
    }
  }

  const pick = (metric: ReportMetric) =>
    totalLine.get(metric) ?? (metricColumns.has(metric) ? (rowSums.get(metric) ?? 0n) : undefined);
  const totals: MetricTotals = {};
  const asCount = (v: bigint) => Number((v + 50n) / 100n);
  const impressions = pick("impressions");
  const clicks = pick("clicks");
  if (impressions !== undefined) totals.impressions = asCount(impressions);
  if (clicks !== undefined) totals.clicks = asCount(clicks);
  if (metricColumns.has("ctr")) {
    const ctr = totalLine.get("ctr");
    if (ctr !== undefined) totals.ctrBasisPoints = Number(ctr);
    else if (totals.impressions !== undefined && totals.clicks !== undefined) {
      totals.ctrBasisPoints = ctrBasisPoints(totals.clicks, totals.impressions);
    }
  }
  const spend = pick("spend");
  if (spend !== undefined) totals.spendKopecks = Number(spend);
  const orders = pick("orders");
  if (orders !== undefined) totals.orders = asCount(orders);
  const revenue = pick("revenue");
  if (revenue !== undefined) totals.revenueKopecks = Number(revenue);

  const summary: ReportFileSummary = { name, columns, rows, totals };
  if (title) summary.title = title;
  Object.assign(summary, titleFacts(title, name));
  return summary;
}

/** Clicks per impression in basis points of a percent, rounded half-up. */
function ctrBasisPoints(clicks: number, impressions: number): number | undefined {
  if (impressions <= 0) return undefined;
  const scaled = BigInt(clicks) * 1_000_000n; // % (×100) in basis points (×100) ×100 for rounding
  return Number((scaled / BigInt(impressions) + 50n) / 100n);
}

function addTotals(files: ReportFileSummary[]): MetricTotals {
  if (files.length === 1) return { ...(files[0]?.totals ?? {}) };
  const totals: MetricTotals = {};
  const sum = (key: Exclude<keyof MetricTotals, "ctrBasisPoints">) => {
    const present = files.filter((f) => f.totals[key] !== undefined);
    if (present.length > 0) totals[key] = present.reduce((s, f) => s + (f.totals[key] ?? 0), 0);
  };
  sum("impressions");
  sum("clicks");
  sum("spendKopecks");
  sum("orders");
  sum("revenueKopecks");
  if (
    files.some((f) => f.totals.ctrBasisPoints !== undefined) &&
    totals.clicks !== undefined &&
    totals.impressions !== undefined
  ) {
    const ctr = ctrBasisPoints(totals.clicks, totals.impressions);
    if (ctr !== undefined) totals.ctrBasisPoints = ctr;
  }
  return totals;
}

/** Summarises a downloaded report; throws ReportFileError when it cannot be read. */
export function summarizeReport(file: {
  format: "csv" | "zip";
  bytes: Uint8Array;
  name?: string;
}): ReportSummary {
  const files = reportCsvFiles(file).map((f) => summarizeCsv(f.bytes, f.name));
  return { files, totals: addTotals(files) };
}

/**
 * The CSVs of a downloaded report (the file itself, or a ZIP's entries, capped by unzip);
 * throws ReportFileError when it cannot be read or a bare CSV is over the cap.
 */
export function reportCsvFiles(file: {
  format: "csv" | "zip";
  bytes: Uint8Array;
  name?: string;
}): { name: string; bytes: Uint8Array }[] {
  const name = file.name ?? `report.${file.format}`;
  // Trust the bytes over the label: a ZIP starts with "PK\x03\x04".
  const looksZip = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03;
  if (!looksZip && file.format === "csv" && file.bytes.length > MAX_UNPACKED_BYTES) {
    throw new ReportFileError("too_large", "the CSV is over the limit", { file: name });
  }
  return looksZip || file.format === "zip"
    ? unzip(file.bytes, name)
    : [{ name, bytes: file.bytes }];
}
