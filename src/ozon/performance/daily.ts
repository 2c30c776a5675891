/** Daily campaign statistics, answered at once: spend and what it brought, per campaign. */
import type { OzonHttp } from "../http.ts";
import { dailyStatistics } from "./endpoints/daily.ts";

export interface AdTotals {
  /** Spend, kopecks. */
  spendKopecks: number;
  /** Orders the ads brought. */
  orders: number;
  /** What those orders were worth, kopecks. */
  revenueKopecks: number;
  /** Campaigns with any row in the period. */
  campaigns: number;
}

export function createDailyStatisticsApi(http: OzonHttp) {
  return {
    /** Totals over every campaign from `from` to `to` (ISO dates, inclusive). */
    async totals(period: { from: string; to: string }): Promise<AdTotals> {
      const answer = await http.call(dailyStatistics, {
        params: { dateFrom: period.from, dateTo: period.to },
      });
      const rows = answer.rows ?? [];
      const kopecks = (roubles: number) => Math.round(roubles * 100);
      return {
        spendKopecks: rows.reduce((s, r) => s + kopecks(r.moneySpent), 0),
        orders: Math.round(rows.reduce((s, r) => s + r.orders, 0)),
        revenueKopecks: rows.reduce((s, r) => s + kopecks(r.ordersMoney), 0),
        campaigns: new Set(rows.map((r) => r.id)).size,
      };
    },
  };
}

export type DailyStatisticsApi = ReturnType<typeof createDailyStatisticsApi>;
