/**
 * The digest's two Ozon reads on the shapes the live services write: `/v1/analytics/data` with or
 * without totals and numbers as strings; daily statistics with money as strings, decimal commas
 * and empty cells. The request carries the required `limit` and only the metrics any seller has.
 */
import { describe, expect, it } from "vitest";
import { createPerformanceClient } from "../../src/ozon/performance/client.ts";
import { adTotalsOf } from "../../src/ozon/performance/daily.ts";
import { createSellerClient } from "../../src/ozon/seller/client.ts";

type Seen = { url: string; body: unknown };

function fakeFetch(answers: Record<string, unknown>, seen: Seen[]) {
  return async (url: string, init: { body?: string | Uint8Array | undefined }) => {
    const path = new URL(url).pathname;
    const text =
      typeof init.body === "string"
        ? init.body
        : init.body
          ? new TextDecoder().decode(init.body)
          : "";
    seen.push({ url, body: text ? JSON.parse(text) : undefined });
    const answer = answers[path];
    if (answer === undefined) return new Response("{}", { status: 404 });
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  };
}

describe("sales for the digest (/v1/analytics/data)", () => {
  it("asks for revenue and ordered units by day with a limit; takes Ozon's totals", async () => {
    const seen: Seen[] = [];
    const seller = createSellerClient({
      clientId: "1",
      apiKey: "k",
      baseUrl: "https://seller.test",
      fetch: fakeFetch(
        {
          "/v1/analytics/data": {
            result: {
              data: [{ dimensions: [{ id: "2026-06-14" }], metrics: [1500.5, 3] }],
              totals: [1500.5, 3],
            },
            timestamp: "2026-06-15 09:00:00",
          },
        },
        seen,
      ),
    });
    expect(await seller.analytics.sales({ from: "2026-06-14", to: "2026-06-14" })).toEqual({
      revenueKopecks: 150050,
      orderedUnits: 3,
    });
    expect(seen[0]?.body).toEqual({
      date_from: "2026-06-14",
      date_to: "2026-06-14",
      metrics: ["revenue", "ordered_units"],
      dimension: ["day"],
      limit: 1000,
    });
    await seller.close();
  });

  it("without totals, sums the rows; numbers may be strings", async () => {
    const seller = createSellerClient({
      clientId: "1",
      apiKey: "k",
      baseUrl: "https://seller.test",
      fetch: fakeFetch(
        {
          "/v1/analytics/data": {
            result: {
              data: [
                { dimensions: [{ id: "2026-06-13" }], metrics: ["100.10", "1"] },
                { dimensions: [{ id: "2026-06-14" }], metrics: [200, 2] },
              ],
            },
          },
        },
        [],
      ),
    });
    expect(await seller.analytics.sales({ from: "2026-06-13", to: "2026-06-14" })).toEqual({
      revenueKopecks: 30010,
      orderedUnits: 3,
    });
    await seller.close();
  });
});

describe("ad spend for the digest (daily statistics)", () => {
  it("sums spend, orders and their revenue over campaigns; strings, commas and empty cells", async () => {
    const seen: Seen[] = [];
    const performance = createPerformanceClient({
      baseUrl: "https://performance.test",
      clientId: "p",
      clientSecret: "s",
      fetch: fakeFetch(
        {
          "/api/client/token": { access_token: "t", expires_in: 1800, token_type: "Bearer" },
          "/api/client/statistics/daily/json": {
            rows: [
              {
                id: "11",
                title: "A",
                date: "2026-06-14",
                moneySpent: "1 234,56",
                orders: "2",
                ordersMoney: "3000",
              },
              {
                id: 12,
                title: "B",
                date: "2026-06-14",
                moneySpent: 10.5,
                orders: 0,
                ordersMoney: "",
              },
            ],
          },
        },
        seen,
      ),
    });
    const byCampaign = await performance.daily.byCampaign({ from: "2026-06-14", to: "2026-06-14" });
    expect(byCampaign.get("11")).toEqual({
      spendKopecks: 123456,
      orders: 2,
      revenueKopecks: 300000,
    });
    expect(byCampaign.get("12")).toEqual({ spendKopecks: 1050, orders: 0, revenueKopecks: 0 });
    expect(adTotalsOf(byCampaign)).toEqual({
      spendKopecks: 124506,
      orders: 2,
      revenueKopecks: 300000,
      campaigns: 2,
    });
    const asked = new URL(seen.at(-1)?.url ?? "");
    expect(asked.searchParams.get("dateFrom")).toBe("2026-06-14");
    expect(asked.searchParams.get("dateTo")).toBe("2026-06-14");
    await performance.close();
  });
});
