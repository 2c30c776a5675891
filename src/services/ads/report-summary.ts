/**
 * Reads an Ozon statistics report (CSV, or a ZIP of CSVs) and sums up the metrics a person cares
 * about: impressions, clicks, CTR, spend, orders, revenue — whichever the file has.
 *
 * The real format (reference README, Ozon's OpenAPI example): UTF-8 with a BOM, `;` separator,
 * decimal comma, line 1 a title starting with `;` ("; Кампания по продвижению товаров № 14275771,
 * период 17.04.2026-18.04.2026"), line 2 the column names, data rows, maybe a `Корректировка`
 * line, and a `Всего` line last. Columns differ by campaign type, so they are found by NAME:
 * names are compared after lower-casing, folding Latin look-alike letters into Cyrillic (Ozon's own
 * example spells the total line "Bcero" and the rouble sign "г") and dropping units.
 *
 * Totals come from the `Всего` line where it has a value, otherwise from the data rows (plus the
 * correction line). Values are exact: money in kopecks, counts as integers, CTR in basis points
 * (1,23 % = 123), all summed as integers, never as floating-point roubles.
 */
import { Unzip, UnzipInflate } from "fflate";

export type ReportMetric = "impressions" | "clicks" | "ctr" | "spend" | "orders" | "revenue";
export const REPORT_METRICS: readonly ReportMetric[] = [
  "impressions",
  "clicks",
  "ctr",
  "spend",
  "orders",
  "revenue",
];

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

export type ReportFileErrorCode =
  | "empty"
  | "not_text"
  | "no_header"
  | "bad_number"
  | "bad_quotes"
  | "bad_zip"
  | "no_csv_in_zip"
  | "too_large";

/** A report file that cannot be read; the file itself may still be delivered. */
export class ReportFileError extends Error {
  readonly code: ReportFileErrorCode;
  readonly file?: string;
  readonly line?: number;
  constructor(code: ReportFileErrorCode, detail: string, where: { file?: string; line?: number }) {
    const at = [where.file, where.line === undefined ? undefined : `line ${where.line}`]
      .filter(Boolean)
      .join(", ");
    super(`Report file not readable (${code}${at ? `, ${at}` : ""}): ${detail}`);
    this.name = "ReportFileError";
    this.code = code;
    this.file = where.file;
    this.line = where.line;
  }
}

export function isReportFileError(error: unknown): error is ReportFileError {
  return error instanceof ReportFileError;
}

/**
 * The CSV text summed up from one report, in total, at most; counted on the bytes actually
 * inflated, never on the sizes a ZIP claims. It bounds the pause of the event loop: inflating
 * and reading run synchronously, reading at about 4 MB/s, so the worst is about two seconds.
 * A report of 10 campaigns × 62 days is some 30 KB; a bigger one is still delivered, without
 * its summary.
 */
export const MAX_UNPACKED_BYTES = 8 * 1024 * 1024;
/** CSV files read from one ZIP at most (Ozon puts one per campaign, and a report has up to 10). */
export const MAX_ZIP_FILES = 100;
/**
 * Compressed bytes handed to the inflater at a time. DEFLATE inflates at most 1032 times, so one
 * step makes at most about 1 MB: the running count stops a bomb within one step of the cap.
 */
const INFLATE_STEP = 1024;

// ——— text ———

function decodeText(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Older exports were windows-1251; accept them rather than fail.
    text = new TextDecoder("windows-1251").decode(bytes);
  }
  if (text.includes("\u0000")) throw new ReportFileError("not_text", "binary content", { file });
  return text;
}

/** Splits `;`-separated text into records, honouring double quotes (which may hold `;` or newlines). */
function parseCsv(text: string, file: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === ";") {
      record.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      line++;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new ReportFileError("bad_quotes", "a quote is never closed", { file, line });
  if (cell !== "" || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

// ——— names ———

/** Latin letters that look like Cyrillic ones, as they turn up in Ozon's files. */
const LOOKALIKES: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  k: "к",
  m: "м",
  o: "о",
  p: "р",
  r: "г",
  t: "т",
  x: "х",
  y: "у",
};

/** Lower-case words of a column name with look-alikes folded, e.g. "Расход, ₽, с НДС" → [расход, ₽, с, ндс]. */
function words(name: string): string[] {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}₽%]+/u)
    .filter(Boolean)
    .map((word) => [...word].map((ch) => LOOKALIKES[ch] ?? ch).join(""));
}

const fold = (word: string) => words(word).join(" ");
const CURRENCY_WORDS = new Set(["₽", "р", "руб", "rub", "rur"].map(fold));
const MODEL_WORDS = new Set(["модели", "model"].map(fold));

/** First words that name each metric; matched on the folded first word of a column name. */
const METRIC_FIRST_WORDS: Record<ReportMetric, string[]> = {
  impressions: ["показы", "impressions", "shows"],
  clicks: ["клики", "clicks"],
  ctr: ["ctr"],
  spend: ["расход", "расходы", "затраты", "spend", "expense", "cost"],
  orders: ["заказы", "orders"],
  revenue: ["выручка", "продажи", "revenue", "sales"],
};
const METRIC_LOOKUP = new Map<string, ReportMetric>();
for (const metric of REPORT_METRICS) {
  for (const word of METRIC_FIRST_WORDS[metric]) METRIC_LOOKUP.set(fold(word), metric);
}

/** Which metric a column holds, if any. "Заказы модели", "Выручка с заказов модели" are not ours. */
export function metricOfColumn(name: string): ReportMetric | undefined {
  const [first, ...rest] = words(name);
  if (first === undefined) return undefined;
  if (rest.some((w) => MODEL_WORDS.has(w))) return undefined;
  // "Сумма заказов, ₽" / "Стоимость заказов" are revenue in some report types.
  if ((first === fold("сумма") || first === fold("стоимость")) && rest[0]?.startsWith("заказ")) {
    return "revenue";
  }
  const metric = METRIC_LOOKUP.get(first);
  // "Заказы, ₽" is money: revenue, while "Заказы, шт" is a count.
  if (metric === "orders" && rest.some((w) => CURRENCY_WORDS.has(w))) return "revenue";
  return metric;
}

const TOTAL_WORDS = new Set(["всего", "итого", "total"].map(fold));
const CORRECTION_WORDS = new Set(["корректировка", "correction"].map(fold));

/** Total and correction lines carry their label in a cell of their own (usually the first). */
function lineKind(record: string[]): "total" | "correction" | "data" {
  const labels = record.filter((cell) => /\p{L}/u.test(cell)).map(fold);
  if (labels.some((l) => TOTAL_WORDS.has(l))) return "total";
  if (labels.some((l) => CORRECTION_WORDS.has(l))) return "correction";
  return "data";
}

// ——— numbers ———

/** "1 152,19" → 115219 hundredths; "" / "-" → undefined; anything else not numeric → throws. */
function hundredths(raw: string, file: string, line: number): bigint | undefined {
  const text = raw
    .normalize("NFKC")
    .replace(/[\s\u00A0\u202F%₽]/g, "")
    .replace(",", ".");
  if (text === "" || text === "-" || text === "—") return undefined;
  const match = text.match(/^(-?)(\d+)(?:\.(\d*))?$/);
  if (!match) {
    throw new ReportFileError("bad_number", `"${raw.slice(0, 40)}" is not a number`, {
      file,
      line,
    });
  }
  const [, sign, whole = "0", fraction = ""] = match;
  let value = BigInt(whole + fraction.slice(0, 2).padEnd(2, "0"));
  if ((fraction.charCodeAt(2) || 0) >= 53) value += 1n; // half-up on the third decimal ('5' = 53)
  return sign === "-" ? -value : value;
}

// ——— one CSV ———

const TITLE_CAMPAIGN = /№\s*(\d+)/u;
const TITLE_PERIOD = /(\d{2})\.(\d{2})\.(\d{4})\s*[-–—]\s*(\d{2})\.(\d{2})\.(\d{4})/u;

export function summarizeCsv(bytes: Uint8Array, name = "report.csv"): ReportFileSummary {
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
  const metricColumns = new Map<ReportMetric, number>();
  columns.forEach((column, index) => {
    const metric = metricOfColumn(column);
    if (metric && !metricColumns.has(metric)) metricColumns.set(metric, index);
  });

  const rowSums = new Map<ReportMetric, bigint>();
  const totalLine = new Map<ReportMetric, bigint>();
  let rows = 0;
  for (const { cells, line } of lines.slice(cursor + 1)) {
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
  if (title) {
    summary.title = title;
    const id = title.match(TITLE_CAMPAIGN)?.[1];
    if (id) summary.campaignId = id;
    const p = title.match(TITLE_PERIOD);
    if (p) summary.period = { from: `${p[3]}-${p[2]}-${p[1]}`, to: `${p[6]}-${p[5]}-${p[4]}` };
  }
  if (!summary.campaignId) {
    const fromName = name.match(/(?:^|\/)(\d+)(?:[_-][^/]*)?\.csv$/i)?.[1];
    if (fromName) summary.campaignId = fromName;
  }
  return summary;
}

/** Clicks per impression in basis points of a percent, rounded half-up. */
function ctrBasisPoints(clicks: number, impressions: number): number | undefined {
  if (impressions <= 0) return undefined;
  const scaled = BigInt(clicks) * 1_000_000n; // % (×100) in basis points (×100) ×100 for rounding
  return Number((scaled / BigInt(impressions) + 50n) / 100n);
}

// ——— whole report ———

/**
 * The CSV files of a ZIP, inflated step by step with a running byte count: an entry that says it
 * is small and inflates to gigabytes is stopped at the cap (too_large) or at its stated size
 * (bad_zip), never inflated in full.
 */
function unzip(bytes: Uint8Array, name: string): Array<{ name: string; bytes: Uint8Array }> {
  const files: Array<{ name: string; bytes: Uint8Array }> = [];
  let entries = 0;
  let unpacked = 0;
  const unzipper = new Unzip((entry) => {
    entries++;
    if (!/\.csv$/i.test(entry.name) || entry.name.startsWith("__MACOSX/")) return;
    if (files.length >= MAX_ZIP_FILES) {
      throw new ReportFileError("too_large", `more than ${MAX_ZIP_FILES} CSV files`, {
        file: name,
      });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (error, chunk, final) => {
      if (error) throw error;
      size += chunk.length;
      unpacked += chunk.length;
      if (unpacked > MAX_UNPACKED_BYTES) {
        throw new ReportFileError("too_large", "unpacked size over the limit", { file: name });
      }
      if (entry.originalSize !== undefined && size > entry.originalSize) {
        const detail = `${entry.name} inflates beyond the ${entry.originalSize} bytes it states`;
        throw new ReportFileError("bad_zip", detail, { file: name });
      }
      chunks.push(chunk);
      if (final) files.push({ name: entry.name, bytes: Buffer.concat(chunks, size) });
    };
    entry.start();
  });
  unzipper.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += INFLATE_STEP) {
      unzipper.push(bytes.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= bytes.length);
    }
  } catch (error) {
    if (error instanceof ReportFileError) throw error;
    throw new ReportFileError("bad_zip", (error as Error).message, { file: name });
  }
  if (entries === 0) throw new ReportFileError("bad_zip", "no file inside", { file: name });
  if (files.length === 0) {
    throw new ReportFileError("no_csv_in_zip", "no .csv inside", { file: name });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
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
  const name = file.name ?? `report.${file.format}`;
  // Trust the bytes over the label: a ZIP starts with "PK\x03\x04".
  const looksZip = file.bytes[0] === 0x50 && file.bytes[1] === 0x4b && file.bytes[2] === 0x03;
  if (!looksZip && file.format === "csv" && file.bytes.length > MAX_UNPACKED_BYTES) {
    throw new ReportFileError("too_large", "the CSV is over the limit", { file: name });
  }
  const csvFiles =
    looksZip || file.format === "zip" ? unzip(file.bytes, name) : [{ name, bytes: file.bytes }];
  const files = csvFiles.map((f) => summarizeCsv(f.bytes, f.name));
  return { files, totals: addTotals(files) };
}

// ——— text for the person ———

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
