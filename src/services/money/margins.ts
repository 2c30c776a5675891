/**
 * Margin per product over whole days: Ozon's accruals of each day (`/v1/finance/accrual/by-day`,
 * beta, paged by last_id) summed per SKU — revenue (sales less returns), Ozon's commission,
 * delivery, the item's other fees — less the seller's cost price × the units sold (the workbook's
 * cost column). A settled day's accruals are kept in the shop's store (DAY_KEPT_MS): a month is
 * read once, then only yesterday and today again (TODAY_KEPT_MS: they are still settling). Units
 * are the sale amount over the sale price (the by-day answer gives no quantity). Kopecks as bigint.
 * Tests: test/services/money/margins.test.ts, test/bot/money/money.test.ts and 2 more
 */
import { DateTime } from "luxon";
import type { DayAccrual } from "../../ozon/seller/finance.ts";
import type { Store } from "../../store/port.ts";
import type { DayRange } from "./periods.ts";

export const DAY_KEPT_MS = 40 * 24 * 60 * 60_000;
export const TODAY_KEPT_MS = 10 * 60_000;
const KEY = "money:day:";

export interface MarginShop {
  id: string;
  store: Store;
  seller?: { finance: { accrualsOfDay(date: string): Promise<DayAccrual[]> } };
}

export interface ProductMargin {
  sku: string;
  /** The workbook's offer_id, when the cost price was set with it. */
  offerId: string | undefined;
  units: number;
  revenueKopecks: bigint;
  commissionKopecks: bigint;
  deliveryKopecks: bigint;
  otherKopecks: bigint;
  /** Cost price × units; undefined: no cost price kept for the product. */
  costKopecks: bigint | undefined;
  marginKopecks: bigint;
  /** Margin over revenue, per cent (two decimals); undefined without revenue. */
  marginPercent: number | undefined;
}

/** One SKU's sums of one day, kept as text (JSON). */
interface DaySku {
  units: number;
  revenue: string;
  commission: string;
  delivery: string;
  other: string;
}

interface KeptDay {
  skus: Record<string, DaySku>;
}

/** A day's accruals per SKU. */
export function daySkus(accruals: readonly DayAccrual[]): Record<string, DaySku> {
  const sums = new Map<
    string,
    { units: number; revenue: bigint; commission: bigint; delivery: bigint; other: bigint }
  >();
  const of = (sku: number | undefined) => {
    const key = String(sku ?? 0);
    let entry = sums.get(key);
    if (!entry) {
      entry = { units: 0, revenue: 0n, commission: 0n, delivery: 0n, other: 0n };
      sums.set(key, entry);
    }
    return entry;
  };
  for (const a of accruals) {
    for (const p of a.products) {
      const entry = of(p.sku);
      entry.revenue += p.saleKopecks;
      entry.commission += p.commissionKopecks;
      entry.delivery += p.deliveryKopecks;
      entry.units += unitsOf(p.saleKopecks, p.salePriceKopecks);
    }
    for (const fee of a.fees) if (fee.sku !== undefined) of(fee.sku).other += fee.kopecks;
  }
  const out: Record<string, DaySku> = {};
  for (const [sku, s] of sums) {
    if (sku === "0") continue;
    out[sku] = {
      units: s.units,
      revenue: String(s.revenue),
      commission: String(s.commission),
      delivery: String(s.delivery),
      other: String(s.other),
    };
  }
  return out;
}

/**
 * Units of a sale line: its amount over the unit's price, to the nearest unit (negative for a
 * return, rounded the same way: bigint division truncates towards zero, so the size is rounded
 * first and the sign put back).
 */
export function unitsOf(amount: bigint, price: bigint | undefined): number {
  if (!price || price <= 0n) return amount === 0n ? 0 : amount > 0n ? 1 : -1;
  const size = amount < 0n ? -amount : amount;
  const units = Number((size * 2n + price) / (price * 2n));
  return amount < 0n ? -units : units;
}

export class MarginReader {
  readonly #now: () => number;
  readonly #zone: string;
  readonly #reading = new Map<string, Promise<Record<string, DaySku>>>();

  constructor(options: { zone: string; now?: () => number }) {
    this.#zone = options.zone;
    this.#now = options.now ?? Date.now;
  }

  /** Each product's margin over `range`, worst first. */
  async margins(
    shop: MarginShop,
    range: DayRange,
    costs: ReadonlyMap<string, { offerId: string; kopecks: bigint }>,
  ): Promise<ProductMargin[]> {
    const totals = new Map<
      string,
      DaySku & { revenueK: bigint; c: bigint; d: bigint; o: bigint }
    >();
    for (const day of daysOf(range)) {
      const skus = await this.#day(shop, day);
      for (const [sku, s] of Object.entries(skus)) {
        const t = totals.get(sku) ?? {
          ...s,
          units: 0,
          revenueK: 0n,
          c: 0n,
          d: 0n,
          o: 0n,
        };
        t.units += s.units;
        t.revenueK += BigInt(s.revenue);
        t.c += BigInt(s.commission);
        t.d += BigInt(s.delivery);
        t.o += BigInt(s.other);
        totals.set(sku, t);
      }
    }
    const rows: ProductMargin[] = [];
    for (const [sku, t] of totals) {
      const cost = costs.get(sku);
      const costKopecks = cost ? cost.kopecks * BigInt(t.units) : undefined;
      const margin = t.revenueK + t.c + t.d + t.o - (costKopecks ?? 0n);
      rows.push({
        sku,
        offerId: cost?.offerId,
        units: t.units,
        revenueKopecks: t.revenueK,
        commissionKopecks: t.c,
        deliveryKopecks: t.d,
        otherKopecks: t.o,
        costKopecks,
        marginKopecks: margin,
        marginPercent: t.revenueK > 0n ? Number((margin * 10_000n) / t.revenueK) / 100 : undefined,
      });
    }
    return rows.sort((a, b) =>
      a.marginKopecks < b.marginKopecks ? -1 : a.marginKopecks > b.marginKopecks ? 1 : 0,
    );
  }

  /** One day's sums per SKU: kept in the store (a past day long, today briefly). */
  async #day(shop: MarginShop, day: string): Promise<Record<string, DaySku>> {
    const key = `${KEY}${day}`;
    const kept = await shop.store.get<KeptDay>(key);
    if (kept) return kept.skus;
    const flight = `${shop.id}\u0000${day}`;
    const running = this.#reading.get(flight);
    if (running) return running;
    const read = (async () => {
      const seller = shop.seller;
      if (!seller) return {};
      const skus = daySkus(await seller.finance.accrualsOfDay(day));
      // Yesterday is still settling through this morning: kept briefly, like today.
      const yesterday = DateTime.fromMillis(this.#now(), { zone: this.#zone })
        .minus({ days: 1 })
        .toISODate();
      const ttlMs = day >= (yesterday ?? day) ? TODAY_KEPT_MS : DAY_KEPT_MS;
      await shop.store.set(key, { skus } satisfies KeptDay, { ttlMs });
      return skus;
    })().finally(() => this.#reading.delete(flight));
    this.#reading.set(flight, read);
    return read;
  }
}

export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  let day = DateTime.fromISO(range.from, { zone: "UTC" });
  const last = DateTime.fromISO(range.to, { zone: "UTC" });
  while (day <= last && days.length < 62) {
    days.push(day.toISODate() as string);
    day = day.plus({ days: 1 });
  }
  return days;
}
