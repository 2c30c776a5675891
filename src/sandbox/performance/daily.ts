/**
 * `GET /api/client/statistics/daily/json`: one row per campaign and day, answered at once, with
 * the same numbers the sandbox's report files hold for those days (csv.ts's dayMetrics).
 * Tests: none directly
 */
import { add, dayMetrics, daysOf, ZERO } from "../csv.ts";
import { fail, jsonReply, performanceError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const money = (roubles: number) => (Math.round(roubles * 100) / 100).toFixed(2);

/** A campaign's numbers for one day, over its advertised objects. */
export function campaignDay(state: SandboxState, campaignId: string, day: string) {
  const campaign = state.campaigns.get(campaignId);
  if (!campaign) return ZERO;
  return campaign.objects.reduce((m, id) => add(m, dayMetrics(state, campaign, id, day)), ZERO);
}

export function dailyRoutes(state: SandboxState): Route[] {
  return [
    {
      service: "performance",
      auth: "performance",
      method: "GET",
      pattern: "/api/client/statistics/daily/json",
      handle(req) {
        const from = req.query.get("dateFrom") ?? "";
        const to = req.query.get("dateTo") ?? "";
        if (!DATE.test(from) || !DATE.test(to) || to < from) {
          fail(performanceError(400, "dateFrom and dateTo must be YYYY-MM-DD, dateFrom first"));
        }
        const days = daysOf(from, to);
        if (days.length > 366) fail(performanceError(400, "period is longer than a year"));
        const wanted = req.query.getAll("campaignIds").filter(Boolean);
        const campaigns = [...state.campaigns.values()].filter(
          (c) => wanted.length === 0 || wanted.includes(c.id),
        );
        const rows = campaigns.flatMap((campaign) =>
          days.map((day) => {
            const m = campaignDay(state, campaign.id, day);
            return {
              id: campaign.id,
              title: campaign.title,
              date: day,
              views: String(m.impressions),
              clicks: String(m.clicks),
              moneySpent: money(m.spend),
              avgBid: m.clicks > 0 ? money(m.spend / m.clicks) : "0.00",
              orders: String(m.orders),
              ordersMoney: money(m.revenue),
            };
          }),
        );
        return jsonReply({ rows });
      },
    },
  ];
}
