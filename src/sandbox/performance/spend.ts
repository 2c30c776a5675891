/**
 * `GET /api/client/statistics/campaign/product/json`: product campaigns' numbers over some days,
 * answered at once (no report job), one row per SKU campaign, money as Russian-written strings
 * (`"2251,53"`) as the live service writes them. The numbers are the reports' own (dayMetrics),
 * so a report of the same days agrees. Campaigns that could not spend (planned, on moderation,
 * archived) show "0,00".
 */
import { dayMetrics, daysOf } from "../csv.ts";
import { isoDate } from "../data.ts";
import { badRequest, jsonReply } from "../http.ts";
import type { Route } from "../router.ts";
import type { SandboxState } from "../state.ts";

const SPENDING = new Set([
  "CAMPAIGN_STATE_RUNNING",
  "CAMPAIGN_STATE_STOPPED",
  "CAMPAIGN_STATE_INACTIVE",
]);
const DAY = 86_400_000;
const money = (value: number): string =>
  (Math.round(value * 100) / 100).toFixed(2).replace(".", ",");

export function spendRoutes(state: SandboxState): Route[] {
  return [
    {
      service: "performance",
      auth: "performance",
      method: "GET",
      pattern: "/api/client/statistics/campaign/product/json",
      handle(req) {
        const today = state.now();
        const from = req.query.get("dateFrom") || isoDate(today - 7 * DAY);
        const to = req.query.get("dateTo") || isoDate(today);
        for (const day of [from, to]) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(Date.parse(day))) {
            badRequest("performance", "dateFrom and dateTo must be YYYY-MM-DD");
          }
        }
        if (from > to) badRequest("performance", "dateFrom is after dateTo");
        const days = daysOf(from, to);
        if (days.length > 62) badRequest("performance", "period is longer than 62 days");
        const ids = req.query
          .getAll("campaignIds")
          .flatMap((v) => v.split(","))
          .filter(Boolean);
        const rows = [...state.campaigns.values()]
          .filter((c) => c.advObjectType === "SKU" && (ids.length === 0 || ids.includes(c.id)))
          .map((c) => {
            let spend = 0;
            let views = 0;
            let clicks = 0;
            if (SPENDING.has(c.state)) {
              for (const day of days) {
                for (const sku of c.objects) {
                  const m = dayMetrics(state, c, sku, day);
                  spend += m.spend;
                  views += m.impressions;
                  clicks += m.clicks;
                }
              }
            }
            return {
              id: c.id,
              title: c.title,
              objectType: c.advObjectType,
              status: c.state,
              moneySpent: money(spend),
              views: String(views),
              clicks: String(clicks),
            };
          });
        return jsonReply({ rows });
      },
    },
  ];
}
