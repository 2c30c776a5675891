/**
 * Reading one Ozon statistics CSV: its text, its `;`-separated records, which metric each column
 * holds, and its numbers.
 *
 * The real format (reference README, Ozon's OpenAPI example): UTF-8 with a BOM, `;` separator,
 * decimal comma, line 1 a title starting with `;` ("; Кампания по продвижению товаров № 14275771,
 * период 17.04.2026-18.04.2026"), line 2 the column names, data rows, maybe a `Корректировка`
 * line, and a `Всего` line last. Columns differ by campaign type, so they are found by NAME:
 * names are compared after lower-casing, folding Latin look-alike letters into Cyrillic (Ozon's own
 * example spells the total line "Bcero" and the rouble sign "г") and dropping units.
 * Tests: test/services/ads/reports/jobs-format.test.ts and 12 more
 */
import { ReportFileError } from "./file.ts";

export type ReportMetric = "impressions" | "clicks" | "ctr" | "spend" | "orders" | "revenue";
export const REPORT_METRICS: readonly ReportMetric[] = [
  "impressions",
  "clicks",
  "ctr",
  "spend",
  "orders",
  "revenue",
];

// ——— text ———

export function decodeText(bytes: Uint8Array, file: string): string {
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
export function parseCsv(text: string, file: string): string[][] {
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
export function lineKind(record: string[]): "total" | "correction" | "data" {
  const labels = record.filter((cell) => /\p{L}/u.test(cell)).map(fold);
  if (labels.some((l) => TOTAL_WORDS.has(l))) return "total";
  if (labels.some((l) => CORRECTION_WORDS.has(l))) return "correction";
  return "data";
}

// ——— numbers ———

/** "1 152,19" → 115219 hundredths; "" / "-" → undefined; anything else not numeric → throws. */
export function hundredths(raw: string, file: string, line: number): bigint | undefined {
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
