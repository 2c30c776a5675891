/**
 * Daily campaign statistics, answered at once (GetCampaignDailyStats): spend and what it brought,
 * per campaign, every campaign type (product, banner, pay-per-order). The one way the bot reads ad
 * spend for a few days: /campaigns' yesterday's spend and the managers' digest both use it.
 * Tests: test/ozon/digest-sources.test.ts
 */
import { OzonInputError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import { dailyStatistics } from "./endpoints/daily.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One campaign's numbers over the period asked. */
export interface CampaignAdTotals {
  /** Spend, kopecks. */
  spendKopecks: number;
  /** Orders the ads brought (Ozon may give fractions for attributed orders). */
  orders: number;
  /** What those orders were worth, kopecks. */
  revenueKopecks: number;
}

export interface AdTotals extends CampaignAdTotals {
  /** Campaigns with any row in the period. */
  campaigns: number;
}

/** Totals over every campaign of `byCampaign`'s answer (the digest's line). */
export function adTotalsOf(byCampaign: ReadonlyMap<string, CampaignAdTotals>): AdTotals {
  const all = [...byCampaign.values()];
  return {
    spendKopecks: all.reduce((s, c) => s + c.spendKopecks, 0),
    orders: Math.round(all.reduce((s, c) => s + c.orders, 0)),
    revenueKopecks: all.reduce((s, c) => s + c.revenueKopecks, 0),
    campaigns: byCampaign.size,
  };
}

// Roubles with at most two decimals: rounding ×100 to whole kopecks is exact in a double.
const kopecks = (roubles: number) => Math.round(roubles * 100);

export function createDailyStatisticsApi(http: OzonHttp) {
  return {
    /**
     * Each campaign's numbers from `from` to `to` (ISO dates, inclusive), one call; a campaign
     * Ozon has no row for is absent.
     */
    async byCampaign(period: { from: string; to: string }): Promise<Map<string, CampaignAdTotals>> {
      if (!DATE.test(period.from)) throw new OzonInputError("dateFrom", "expected YYYY-MM-DD");
      if (!DATE.test(period.to)) throw new OzonInputError("dateTo", "expected YYYY-MM-DD");
      const answer = await http.call(dailyStatistics, {
        params: { dateFrom: period.from, dateTo: period.to },
      });
      const byCampaign = new Map<string, CampaignAdTotals>();
      for (const row of answer.rows ?? []) {
        const sum = byCampaign.get(row.id) ?? { spendKopecks: 0, orders: 0, revenueKopecks: 0 };
        sum.spendKopecks += kopecks(row.moneySpent);
        sum.orders += row.orders;
        sum.revenueKopecks += kopecks(row.ordersMoney);
        byCampaign.set(row.id, sum);
      }
      return byCampaign;
    },
  };
}

export type DailyStatisticsApi = ReturnType<typeof createDailyStatisticsApi>;
