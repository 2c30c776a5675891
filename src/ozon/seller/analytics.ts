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
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;
