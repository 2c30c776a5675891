/** Tests: none directly */
import { createRandom, hashSeed } from "./random.ts";
import type { Campaign, GroupBy, ReportJob, SandboxState } from "./state.ts";

/**
 * Statistics files in Ozon's format: UTF-8 with a BOM, `;` separator, decimal comma, dates
 * DD.MM.YYYY; line 1 a title starting with `;`, line 2 the column names, a row per day / week /
 * month (or per object without grouping), optionally `Корректировка`, and `Всего` last.
 * Columns differ by campaign type and report kind, as on the live service.
 */

export interface Metrics {
  impressions: number;
  reach: number;
  clicks: number;
  toCart: number;
  spend: number;
  orders: number;
  items: number;
  revenue: number;
}

interface Label {
  date?: string;
  sku?: string;
  name?: string;
  price?: string;
  banner?: string;
  phrase?: string;
}

interface Column {
  name: string;
  label?: keyof Label;
  metric?: (m: Metrics) => string;
  /** Filled on the `Корректировка` line. */
  isSpend?: boolean;
}

const DAY = 86_400_000;
export const ZERO: Metrics = {
  impressions: 0,
  reach: 0,
  clicks: 0,
  toCart: 0,
  spend: 0,
  orders: 0,
  items: 0,
  revenue: 0,
};

const decimal = (value: number): string =>
  (Math.round(value * 100) / 100).toFixed(2).replace(".", ",");
const integer = (value: number): string => String(Math.round(value));
const ratio = (part: number, whole: number, scale = 100): string =>
  decimal(whole > 0 ? (part / whole) * scale : 0);

const COL = {
  date: { name: "Дата", label: "date" },
  sku: { name: "sku", label: "sku" },
  productName: { name: "Название товара", label: "name" },
  price: { name: "Цена товара, ₽", label: "price" },
  banner: { name: "ID баннера", label: "banner" },
  phrase: { name: "Фраза", label: "phrase" },
  impressions: { name: "Показы", metric: (m) => integer(m.impressions) },
  reach: { name: "Охват", metric: (m) => integer(m.reach) },
  clicks: { name: "Клики", metric: (m) => integer(m.clicks) },
  ctr: { name: "CTR (%)", metric: (m) => ratio(m.clicks, m.impressions) },
  toCart: { name: "В корзину", metric: (m) => integer(m.toCart) },
  cpc: {
    name: "Ср. цена клика, ₽",
    metric: (m) => (m.clicks > 0 ? decimal(m.spend / m.clicks) : "0,00"),
  },
  cpm: { name: "Ср. цена 1000 показов, ₽", metric: (m) => ratio(m.spend, m.impressions, 1000) },
  spendVat: { name: "Расход, ₽, с НДС", metric: (m) => decimal(m.spend), isSpend: true },
  spend: { name: "Расход, ₽", metric: (m) => decimal(m.spend), isSpend: true },
  orders: { name: "Заказы", metric: (m) => integer(m.orders) },
  items: { name: "Товары в заказах", metric: (m) => integer(m.items) },
  revenue: { name: "Выручка, ₽", metric: (m) => decimal(m.revenue) },
  drr: { name: "ДРР, %", metric: (m) => ratio(m.spend, m.revenue) },
} satisfies Record<string, Column>;

function columnsFor(job: ReportJob, campaign: Campaign): Column[] {
  const grouped = job.groupBy !== "NO_GROUP_BY";
  if (job.kind === "SEARCH_PHRASES") {
    return [
      COL.phrase,
      COL.sku,
      COL.impressions,
      COL.clicks,
      COL.ctr,
      COL.cpc,
      COL.spendVat,
      COL.orders,
      COL.revenue,
    ];
  }
  if (job.kind === "ATTRIBUTION") {
    return [
      ...(grouped ? [COL.date] : []),
      COL.sku,
      COL.productName,
      COL.orders,
      COL.revenue,
      COL.spendVat,
      COL.drr,
    ];
  }
  switch (campaign.advObjectType) {
    case "BANNER":
      return [
        grouped ? COL.date : COL.banner,
        COL.impressions,
        COL.reach,
        COL.clicks,
        COL.ctr,
        COL.cpm,
        COL.spendVat,
      ];
    case "SEARCH_PROMO":
      return [
        ...(grouped ? [COL.date] : [COL.sku, COL.productName]),
        COL.orders,
        COL.items,
        COL.revenue,
        COL.spend,
        COL.drr,
      ];
    default:
      return [
        ...(grouped ? [COL.date] : [COL.sku, COL.productName, COL.price]),
        COL.impressions,
        COL.clicks,
        COL.ctr,
        COL.toCart,
        COL.cpc,
        COL.spendVat,
        COL.orders,
        COL.revenue,
        COL.drr,
      ];
  }
}

/**
 * Whether a campaign could show ads on a day: not one that never ran (planned, in or failed
 * moderation), nor outside its period. Its reports and daily rows show nothing for other days.
 */
export function couldRun(campaign: Campaign, day: string): boolean {
  if (campaign.state === "CAMPAIGN_STATE_PLANNED") return false;
  if (campaign.state.startsWith("CAMPAIGN_STATE_MODERATION")) return false;
  if (campaign.fromDate && day < campaign.fromDate) return false;
  return !(campaign.toDate && day > campaign.toDate);
}

/** One object's numbers of one day, the same in every report and in the daily rows. */
export function dayMetrics(
  state: SandboxState,
  campaign: Campaign,
  objectId: string,
  day: string,
): Metrics {
  if (!couldRun(campaign, day)) return ZERO;
  const r = createRandom(hashSeed(state.settings.seed, campaign.id, objectId, day));
  if (campaign.advObjectType === "BANNER") {
    const impressions = r.int(8_000, 90_000);
    const clicks = Math.round(impressions * r.int(3, 9) * 0.001);
    return {
      ...ZERO,
      impressions,
      reach: Math.round(impressions * 0.62),
      clicks,
      spend: (impressions / 1000) * r.int(120, 300),
    };
  }
  const product = state.products.find((p) => String(p.sku) === objectId);
  const price = product ? Number(product.price) : r.int(500, 5_000);
  if (campaign.advObjectType === "SEARCH_PROMO") {
    const orders = r.int(0, 6);
    const items = orders + (orders > 0 ? r.int(0, 2) : 0);
    const revenue = items * price;
    return { ...ZERO, orders, items, revenue, spend: revenue * 0.12 };
  }
  const impressions = r.int(300, 6_000);
  const clicks = Math.round(impressions * r.int(8, 40) * 0.001);
  const orders = Math.round(clicks * r.int(2, 7) * 0.01);
  return {
    ...ZERO,
    impressions,
    clicks,
    toCart: Math.round(clicks * 0.09),
    spend: clicks * r.int(600, 3_500) * 0.01,
    orders,
    items: orders,
    revenue: orders * price,
  };
}

export function add(a: Metrics, b: Metrics): Metrics {
  return {
    impressions: a.impressions + b.impressions,
    reach: a.reach + b.reach,
    clicks: a.clicks + b.clicks,
    toCart: a.toCart + b.toCart,
    spend: Math.round((a.spend + b.spend) * 100) / 100,
    orders: a.orders + b.orders,
    items: a.items + b.items,
    revenue: Math.round((a.revenue + b.revenue) * 100) / 100,
  };
}

export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

function periodStart(day: string, groupBy: GroupBy): string {
  if (groupBy === "START_OF_MONTH") return `${day.slice(0, 8)}01`;
  if (groupBy === "START_OF_WEEK") {
    const t = Date.parse(`${day}T00:00:00Z`);
    const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday = 0
    return new Date(t - weekday * DAY).toISOString().slice(0, 10);
  }
  return day;
}

export const ruDate = (day: string): string =>
  `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function titleOf(job: ReportJob, campaign: Campaign): string {
  const period = `период ${ruDate(job.dateFrom)}-${ruDate(job.dateTo)}`;
  if (job.kind === "SEARCH_PHRASES")
    return `;Статистика по поисковым фразам, кампания № ${campaign.id}, ${period}`;
  if (job.kind === "ATTRIBUTION") {
    return `;Атрибуция заказов за ${job.attributionDays ?? 7} дн., кампания № ${campaign.id}, ${period}`;
  }
  if (campaign.advObjectType === "BANNER") return `;Баннерная кампания № ${campaign.id}, ${period}`;
  if (campaign.advObjectType === "SEARCH_PROMO")
    return `;Кампания с оплатой за заказ № ${campaign.id}, ${period}`;
  return `;Кампания по продвижению товаров № ${campaign.id}, ${period}`;
}

function phrasesOf(state: SandboxState, sku: string): string[] {
  const product = state.products.find((p) => String(p.sku) === sku);
  const words = (product?.name ?? "товар").toLowerCase().replace(/[«»,]/g, "").split(/\s+/);
  return [words.slice(0, 2).join(" "), `${words[0]} купить`, `${words[0]} недорого`];
}

interface Row {
  label: Label;
  metrics: Metrics;
}

function rowsOf(state: SandboxState, job: ReportJob, campaign: Campaign): Row[] {
  const days = daysOf(job.dateFrom, job.dateTo);
  const objects =
    job.kind === "SEARCH_PHRASES" && job.objects.length > 0
      ? job.objects.filter((o) => campaign.objects.includes(o))
      : campaign.objects;
  const productLabel = (sku: string): Label => {
    const p = state.products.find((x) => String(x.sku) === sku);
    return { sku, name: p?.name ?? "", price: p ? p.price.replace(".", ",") : "" };
  };
  const total = (objectId: string, salt = ""): Metrics =>
    days.reduce((m, day) => add(m, dayMetrics(state, campaign, objectId + salt, day)), ZERO);

  if (job.kind === "SEARCH_PHRASES") {
    return objects.flatMap((sku) =>
      phrasesOf(state, sku).map((phrase) => ({
        label: { phrase, sku },
        metrics: total(sku, phrase),
      })),
    );
  }
  if (job.groupBy === "NO_GROUP_BY") {
    return objects.map((id) => ({
      label: campaign.advObjectType === "BANNER" ? { banner: id } : productLabel(id),
      metrics: total(id),
    }));
  }
  const periods = new Map<string, Map<string, Metrics>>();
  for (const day of days) {
    const start = periodStart(day, job.groupBy);
    const perObject = periods.get(start) ?? new Map<string, Metrics>();
    for (const id of objects) {
      perObject.set(id, add(perObject.get(id) ?? ZERO, dayMetrics(state, campaign, id, day)));
    }
    periods.set(start, perObject);
  }
  const rows: Row[] = [];
  for (const [start, perObject] of periods) {
    if (job.kind === "ATTRIBUTION") {
      for (const [id, metrics] of perObject)
        rows.push({ label: { date: ruDate(start), ...productLabel(id) }, metrics });
    } else {
      rows.push({
        label: { date: ruDate(start) },
        metrics: [...perObject.values()].reduce(add, ZERO),
      });
    }
  }
  return rows;
}

export function reportCsv(state: SandboxState, job: ReportJob, campaign: Campaign): string {
  const columns = columnsFor(job, campaign);
  const rows = rowsOf(state, job, campaign);
  const render = (label: Label, m: Metrics) =>
    columns.map((c) => (c.label ? (label[c.label] ?? "") : (c.metric?.(m) ?? ""))).join(";");
  const lines = [titleOf(job, campaign), columns.map((c) => c.name).join(";")];
  let sum = rows.reduce((m, r) => add(m, r.metrics), ZERO);
  for (const row of rows) lines.push(render(row.label, row.metrics));
  if (campaign.hasCorrection && job.kind === "STATS" && sum.spend > 0) {
    const correction = -Math.round(sum.spend * 1.5) / 100;
    lines.push(
      columns
        .map((c, i) => (i === 0 ? "Корректировка" : c.isSpend ? decimal(correction) : ""))
        .join(";"),
    );
    sum = add(sum, { ...ZERO, spend: correction });
  }
  lines.push(columns.map((c, i) => (i === 0 ? "Всего" : c.metric ? c.metric(sum) : "")).join(";"));
  return `\uFEFF${lines.join("\n")}`;
}
