/**
 * The campaigns namespace.
 * Tests: none directly
 */

import type { z } from "zod";
import { OzonInputError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import type { Successors } from "../successors.ts";
import {
  activateCampaign,
  campaignById,
  campaignDailyBudget,
  campaignList,
  campaignObjects,
  campaignPatch,
  campaignPeriod,
  dailyBudget,
  deactivateCampaign,
  period,
  type wireCampaign,
} from "./endpoints/campaigns.ts";
import { isWholeKopecks } from "./money.ts";
import type { BudgetKind, Campaign } from "./types.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A campaign has a daily or a weekly limit, never both; Ozon lists both fields, the other one "0".
 * Weekly wins should both ever be non-zero: sending dailyBudget to a weekly campaign is refused.
 */
function budgetKind(daily: bigint, weekly: bigint): BudgetKind | undefined {
  if (weekly > 0n) return "weekly";
  if (daily > 0n) return "daily";
  return undefined;
}

function normalizeCampaign(wire: z.output<typeof wireCampaign>): Campaign {
  const daily = wire.dailyBudget ?? 0n;
  const weekly = wire.weeklyBudget ?? 0n;
  return {
    id: wire.id,
    title: wire.title ?? "",
    state: wire.state,
    advObjectType: wire.advObjectType,
    fromDate: wire.fromDate,
    toDate: wire.toDate,
    dailyBudget: daily,
    weeklyBudget: weekly,
    totalBudget: wire.budget ?? 0n,
    budgetKind: budgetKind(daily, weekly),
    placement: Array.isArray(wire.placement)
      ? wire.placement.join(",")
      : (wire.placement ?? undefined),
    paymentType: wire.paymentType,
    strategy: wire.productAutopilotStrategy,
  };
}

function checkId(id: string | number): string {
  const text = String(id).trim();
  if (!/^\d+$/.test(text)) throw new OzonInputError("campaignId", "must be a numeric id");
  return text;
}

function checkAmount(field: string, millionths: bigint): void {
  if (millionths < 0n) throw new OzonInputError(field, "must not be negative");
  if (!isWholeKopecks(millionths)) {
    throw new OzonInputError(field, "must be whole kopecks (a multiple of 10000 millionths)");
  }
}

export function createCampaignsApi(http: OzonHttp, successors: Successors) {
  const api = {
    async list(): Promise<Campaign[]> {
      const answer = await http.call(campaignList);
      return (answer.list ?? []).map(normalizeCampaign);
    },

    /** One campaign read fresh; undefined when Ozon does not list it. */
    async get(id: string | number): Promise<Campaign | undefined> {
      const wanted = checkId(id);
      const answer = await http.call(campaignById, { params: { campaignId: wanted } });
      return (answer.list ?? []).map(normalizeCampaign).find((c) => c.id === wanted);
    },

    async activate(id: string | number): Promise<void> {
      await http.call(activateCampaign, { params: { campaignId: checkId(id) }, body: {} });
    },

    async deactivate(id: string | number): Promise<void> {
      await http.call(deactivateCampaign, { params: { campaignId: checkId(id) }, body: {} });
    },

    /** Dates as YYYY-MM-DD; two empty strings make the campaign unlimited in time. */
    async setPeriod(id: string | number, fromDate: string, toDate: string): Promise<void> {
      if (fromDate && !DATE.test(fromDate))
        throw new OzonInputError("fromDate", "expected YYYY-MM-DD");
      if (toDate && !DATE.test(toDate)) throw new OzonInputError("toDate", "expected YYYY-MM-DD");
      if (fromDate && !toDate)
        throw new OzonInputError("toDate", "is needed when fromDate is given");
      if (fromDate && toDate && fromDate > toDate) {
        throw new OzonInputError("toDate", "must not be before fromDate");
      }
      const params = { campaignId: checkId(id) };
      await successors.run(
        period,
        () => http.call(campaignPeriod, { params, body: { fromDate, toDate } }),
        () => http.call(campaignPatch, { params, body: { fromDate, toDate } }),
      );
    },

    /** Millionths of a rouble, whole kopecks (a multiple of 10 000). */
    async setDailyBudget(id: string | number, millionths: bigint): Promise<void> {
      checkAmount("dailyBudget", millionths);
      const params = { campaignId: checkId(id) };
      const body = { dailyBudget: millionths.toString() };
      await successors.run(
        dailyBudget,
        () => http.call(campaignDailyBudget, { params, body }),
        () => http.call(campaignPatch, { params, body }),
      );
    },

    /**
     * Millionths of a rouble, whole kopecks. Only the PATCH takes weeklyBudget (the retired PUT
     * never did), so there is no successor step here.
     */
    async setWeeklyBudget(id: string | number, millionths: bigint): Promise<void> {
      checkAmount("weeklyBudget", millionths);
      const body = { weeklyBudget: millionths.toString() };
      await http.call(campaignPatch, { params: { campaignId: checkId(id) }, body });
    },

    /** The limit of the kind the campaign has (see Campaign.budgetKind): never the other one. */
    async setBudget(id: string | number, kind: BudgetKind, millionths: bigint): Promise<void> {
      if (kind === "weekly") return api.setWeeklyBudget(id, millionths);
      return api.setDailyBudget(id, millionths);
    },

    /** Ids of the advertised objects (SKUs for product campaigns). */
    async objects(id: string | number): Promise<string[]> {
      const answer = await http.call(campaignObjects, { params: { campaignId: checkId(id) } });
      const rows = Array.isArray(answer) ? answer : "list" in answer ? answer.list : answer.objects;
      return rows.map((row) => row.id);
    },
  };
  return api;
}

export type CampaignsApi = ReturnType<typeof createCampaignsApi>;
