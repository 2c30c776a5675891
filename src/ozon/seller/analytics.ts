/** The analytics namespace: what was ordered, in units and roubles, over whole days. */
import type { SellerContext } from "./context.ts";
import { analyticsData } from "./endpoints/analytics.ts";

export interface SalesTotals {
  /** Units ordered. */
  orderedUnits: number;
  /** Ordered for, kopecks. */
  revenueKopecks: number;
}

const METRICS = ["revenue", "ordered_units"] as const;

export function createAnalyticsApi(ctx: SellerContext) {
  return {
    /**
     * Orders and revenue from `from` to `to` (ISO dates, inclusive): Ozon's totals when it gives
     * them, else the sum of its rows by day (a period of up to 1000 days fits one page).
     */
    async sales(period: { from: string; to: string }): Promise<SalesTotals> {
      const answer = await ctx.http.call(analyticsData, {
        body: {
          date_from: period.from,
          date_to: period.to,
          metrics: [...METRICS],
          dimension: ["day"],
          limit: 1000,
        },
      });
      const rows = answer.result?.data ?? [];
      const sum = (index: number) => {
        const total = answer.result?.totals?.[index];
        if (typeof total === "number") return total;
        return rows.reduce((s, row) => s + (row.metrics?.[index] ?? 0), 0);
      };
      return {
        revenueKopecks: Math.round(sum(0) * 100),
        orderedUnits: Math.round(sum(1)),
      };
    },
    /**
     * Units ordered per SKU from `from` to `to` (ISO dates, inclusive), for the SKUs asked (a SKU
     * without orders is 0). One page of up to 1000 SKUs: a product card asks for one.
     */
    async orderedUnitsBySku(
      period: { from: string; to: string },
      skus: readonly string[],
      signal?: AbortSignal,
    ): Promise<Map<string, number>> {
      const units = new Map(skus.map((sku) => [sku, 0]));
      if (units.size === 0) return units;
      const answer = await ctx.http.call(analyticsData, {
        body: {
          date_from: period.from,
          date_to: period.to,
          metrics: ["ordered_units"],
          dimension: ["sku"],
          limit: 1000,
        },
        ...(signal ? { signal } : {}),
      });
      for (const row of answer.result?.data ?? []) {
        const sku = row.dimensions?.[0]?.id;
        const value = row.metrics?.[0];
        if (sku && units.has(sku) && typeof value === "number") units.set(sku, Math.round(value));
      }
      return units;
    },
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;
