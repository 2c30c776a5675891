/**
 * Daily campaign statistics, answered at once (no report job): `GET
 * /api/client/statistics/daily/json` (Ozon's OpenAPI: GetCampaignDailyStats, the `/json` form of
 * `/api/client/statistics/daily`). One row per campaign and day; numbers may come as strings,
 * money in roubles with a decimal point or comma.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { idString, optionalText } from "../../wire.ts";

/** A number written as a number or a string ("1 234,56" too); empty or absent is 0. */
const amount = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === "") return 0;
    const number =
      typeof value === "number" ? value : Number(value.replace(/\s/g, "").replace(",", "."));
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: "custom", message: "expected a number" });
      return z.NEVER;
    }
    return number;
  });

export const dailyStatistics = endpoint({
  method: "GET",
  path: "/api/client/statistics/daily/json?dateFrom={dateFrom}&dateTo={dateTo}",
  response: z.object({
    rows: z
      .array(
        z.object({
          id: idString,
          title: optionalText,
          date: optionalText,
          views: amount,
          clicks: amount,
          moneySpent: amount,
          orders: amount,
          ordersMoney: amount,
        }),
      )
      .nullish(),
  }),
  safe: true,
});
