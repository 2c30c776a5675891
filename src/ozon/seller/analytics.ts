/**
 * The analytics namespace: what was ordered, in units and roubles, over whole days. Ozon allows
 * `/v1/analytics/data` once a minute per account, so each answer is kept for a minute by its
 * request and shared: product cards opened within the minute (of any product: the rows are by
 * SKU for the whole store) make one request between them.
 * Tests: none directly
 */
import { Kept, ONCE_A_MINUTE_MS } from "../kept.ts";
import type { SellerContext } from "./context.ts";
import {
  type AnalyticsAnswer,
  type AnalyticsRequest,
  analyticsData,
} from "./endpoints/analytics.ts";

export interface SalesTotals {
  /** Units ordered. */
  orderedUnits: number;
  /** Ordered for, kopecks. */
  revenueKopecks: number;
}

const METRICS = ["revenue", "ordered_units"] as const;

export function createAnalyticsApi(ctx: SellerContext) {
  const kept = new Kept<AnalyticsAnswer>({ clock: ctx.clock, freshMs: ONCE_A_MINUTE_MS });

  /** Ozon's answer to `body`, kept for a minute and shared by every reader of the same request. */
  function data(body: AnalyticsRequest, signal?: AbortSignal): Promise<AnalyticsAnswer> {
    return kept.get(JSON.stringify(body), () => ctx.http.call(analyticsData, { body }), signal);
  }

  return {
    /**
     * Orders and revenue from `from` to `to` (ISO dates, inclusive): Ozon's totals when it gives
     * them, else the sum of its rows by day (a period of up to 1000 days fits one page).
     */
    async sales(period: { from: string; to: string }): Promise<SalesTotals> {
      const answer = await data({
        date_from: period.from,
        date_to: period.to,
        metrics: [...METRICS],
        dimension: ["day"],
        limit: 1000,
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
     * without orders is 0). One page of up to 1000 SKUs of the store, the same request whichever
     * SKUs are asked: a product card's answer serves the next card too.
     */
    async orderedUnitsBySku(
      period: { from: string; to: string },
      skus: readonly string[],
      signal?: AbortSignal,
    ): Promise<Map<string, number>> {
      const units = new Map(skus.map((sku) => [sku, 0]));
      if (units.size === 0) return units;
      const answer = await data(
        {
          date_from: period.from,
          date_to: period.to,
          metrics: ["ordered_units"],
          dimension: ["sku"],
          limit: 1000,
        },
        signal,
      );
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
