/**
 * What product campaigns spent over some days, from one synchronous call:
 * `GET /api/client/statistics/campaign/product/json?dateFrom=…&dateTo=…` (the JSON twin of the
 * OpenAPI document's ProductCampaignList; it answers at once and uses no report quota). It
 * answers `{rows:[{id, moneySpent: "2251,53", …}]}` for every product campaign of the account;
 * banner campaigns are not in it, so their spend stays unknown.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { OzonInputError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import { idString } from "../wire.ts";
import { roublesToMillionths } from "./money.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const productCampaignSpend = endpoint({
  method: "GET",
  path: "/api/client/statistics/campaign/product/json?dateFrom={dateFrom}&dateTo={dateTo}",
  response: z.object({
    rows: z
      .array(
        z.looseObject({
          id: idString,
          moneySpent: z.union([z.string(), z.number()]).nullish(),
        }),
      )
      .nullish(),
  }),
  safe: true,
});

/** "2 251,53" or 2251.53 → millionths; undefined when it is not an amount. */
function amount(value: string | number | null | undefined): bigint | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    const millionths = roublesToMillionths(String(value));
    return millionths >= 0n ? millionths : undefined;
  } catch {
    return undefined;
  }
}

export function createSpendApi(http: OzonHttp) {
  return {
    /** Spend by campaign id, millionths of a rouble; campaigns Ozon leaves out are not in it. */
    async byCampaign(dateFrom: string, dateTo: string): Promise<Map<string, bigint>> {
      if (!DATE.test(dateFrom)) throw new OzonInputError("dateFrom", "expected YYYY-MM-DD");
      if (!DATE.test(dateTo)) throw new OzonInputError("dateTo", "expected YYYY-MM-DD");
      const answer = await http.call(productCampaignSpend, { params: { dateFrom, dateTo } });
      const spend = new Map<string, bigint>();
      for (const row of answer.rows ?? []) {
        const value = amount(row.moneySpent);
        if (value !== undefined) spend.set(row.id, (spend.get(row.id) ?? 0n) + value);
      }
      return spend;
    },
  };
}

export type SpendApi = ReturnType<typeof createSpendApi>;
