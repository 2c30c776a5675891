/** Tests: none directly */
import { z } from "zod";
import { isoDate, RUB } from "../data.ts";
import type { SandboxRequest } from "../http.ts";
import { badRequest, fail, jsonReply, notFound, performanceError, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Campaign, SandboxState } from "../state.ts";

/** Money arrives as a JSON string or a number of millionths of a rouble. */
const moneyLike = z.union([
  z.number().int().min(0),
  z
    .string()
    .regex(/^\d+$/, "must be an integer amount in millionths of a rouble")
    .transform(Number),
]);
const dateOrEmpty = z
  .string()
  .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && Number.isFinite(Date.parse(v))), {
    message: "must be YYYY-MM-DD or empty",
  });

/** Daily budgets are kopeck-rounded (multiples of 10 000 millionths) and at least 100 ₽; 0 = none. */
export const MIN_DAILY_BUDGET = 100 * RUB;
/** Weekly budgets likewise, at least 700 ₽ (a week of the daily minimum); 0 = none. */
export const MIN_WEEKLY_BUDGET = 700 * RUB;
const KOPECK = 10_000;

export function campaignJson(c: Campaign) {
  return {
    id: c.id,
    paymentType: c.paymentType,
    title: c.title,
    state: c.state,
    advObjectType: c.advObjectType,
    fromDate: c.fromDate,
    toDate: c.toDate,
    budget: String(c.budget),
    dailyBudget: String(c.dailyBudget),
    weeklyBudget: String(c.weeklyBudget),
    placement: c.placement,
    productAutopilotStrategy: c.strategy,
    autostopStatus: "AUTOSTOP_STATUS_NONE",
    isAutocreated: false,
    productCampaignMode: "PRODUCT_CAMPAIGN_MODE_MANUAL",
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

/**
 * The campaign as activate/deactivate answer it (extcampaignCampaign): its strategy field names
 * only the auto strategies, so a campaign with bids set by hand goes without it.
 */
function switchedJson(c: Campaign) {
  const { productAutopilotStrategy, ...rest } = campaignJson(c);
  return c.strategy === "NO_AUTO_STRATEGY" ? rest : { ...rest, productAutopilotStrategy };
}

export function findCampaign(state: SandboxState, req: SandboxRequest): Campaign {
  const id = req.params.campaignId ?? "";
  if (!/^\d+$/.test(id)) badRequest("performance", "campaignId must be an integer");
  const campaign = state.campaigns.get(String(BigInt(id)));
  if (!campaign) return notFound("performance", "campaign not found");
  return campaign;
}

function refuseArchived(c: Campaign): void {
  if (c.state === "CAMPAIGN_STATE_ARCHIVED") fail(performanceError(400, "campaign is archived"));
}

type BudgetField = "dailyBudget" | "weeklyBudget";
const BUDGET_FIELD = { daily: "dailyBudget", weekly: "weeklyBudget" } as const;
const MIN_BUDGET = { dailyBudget: MIN_DAILY_BUDGET, weeklyBudget: MIN_WEEKLY_BUDGET };

/**
 * The kind is fixed when the campaign is created; Ozon's documents say it cannot be switched
 * and give no error text, so the refusal is a 400 that names the kind the campaign has.
 */
function checkBudget(c: Campaign, field: BudgetField, value: number): void {
  const own = BUDGET_FIELD[c.budgetKind];
  if (field !== own) {
    badRequest(
      "performance",
      `campaign has a ${c.budgetKind} budget: send ${own}, not ${field}; the budget kind cannot be changed after creation`,
    );
  }
  if (value % KOPECK !== 0) {
    badRequest("performance", `${field} must be rounded to kopecks (a multiple of 10000)`);
  }
  const min = MIN_BUDGET[field];
  if (value !== 0 && value < min) {
    badRequest("performance", `${field} must be at least ${min} (${min / RUB} RUB)`);
  }
}

function checkPeriod(fromDate: string, toDate: string): void {
  if (fromDate && !toDate) badRequest("performance", "toDate is required when fromDate is given");
  if (fromDate && toDate && fromDate > toDate)
    badRequest("performance", "fromDate is after toDate");
}

/** New dates; a running campaign whose start moved ahead waits as planned, and back again. */
function applyPeriod(c: Campaign, fromDate: string, toDate: string, today: string): void {
  c.fromDate = fromDate;
  c.toDate = toDate;
  if (c.state === "CAMPAIGN_STATE_RUNNING" && c.fromDate > today)
    c.state = "CAMPAIGN_STATE_PLANNED";
  else if (c.state === "CAMPAIGN_STATE_PLANNED" && (!c.fromDate || c.fromDate <= today))
    c.state = "CAMPAIGN_STATE_RUNNING";
}

function touch(state: SandboxState, c: Campaign): void {
  c.updatedAt = state.now();
}

export function setDailyBudget(state: SandboxState, c: Campaign, value: number): void {
  refuseArchived(c);
  checkBudget(c, "dailyBudget", value);
  c.dailyBudget = value;
  touch(state, c);
}

export function campaignRoutes(state: SandboxState): Route[] {
  const perf = { service: "performance", auth: "performance" } as const;
  const today = () => isoDate(state.now());
  return [
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/campaign",
      handle(req) {
        const ids = req.query
          .getAll("campaignIds")
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter(Boolean);
        const type = req.query.get("advObjectType");
        const wantedState = req.query.get("state");
        let list = [...state.campaigns.values()].filter(
          (c) =>
            (ids.length === 0 || ids.includes(c.id)) &&
            (!type || c.advObjectType === type) &&
            (!wantedState || wantedState === "CAMPAIGN_STATE_UNKNOWN" || c.state === wantedState),
        );
        const pageSize = Number(req.query.get("pageSize") ?? 0);
        if (pageSize > 0) {
          const page = Math.max(1, Number(req.query.get("page") ?? 1));
          list = list.slice((page - 1) * pageSize, page * pageSize);
        }
        return jsonReply({ list: list.map(campaignJson) });
      },
    },
    {
      ...perf,
      method: "POST",
      pattern: "/api/client/campaign/{campaignId}/activate",
      handle(req) {
        const c = findCampaign(state, req);
        refuseArchived(c);
        if (c.state.startsWith("CAMPAIGN_STATE_MODERATION")) {
          fail(performanceError(400, "campaign has not passed moderation"));
        }
        if (c.toDate && c.toDate < today())
          fail(performanceError(400, "campaign period has ended"));
        c.state =
          c.fromDate && c.fromDate > today() ? "CAMPAIGN_STATE_PLANNED" : "CAMPAIGN_STATE_RUNNING";
        touch(state, c);
        return jsonReply(switchedJson(c));
      },
    },
    {
      ...perf,
      method: "POST",
      pattern: "/api/client/campaign/{campaignId}/deactivate",
      handle(req) {
        const c = findCampaign(state, req);
        refuseArchived(c);
        c.state = "CAMPAIGN_STATE_INACTIVE";
        touch(state, c);
        return jsonReply(switchedJson(c));
      },
    },
    {
      ...perf,
      method: "PUT",
      pattern: "/api/client/campaign/{campaignId}/period",
      // The live service has no PUT period: dates go through the PATCH, as budgets do.
      retirable: true,
      handle(req) {
        const c = findCampaign(state, req);
        const body = readBody(
          req,
          z.object({ fromDate: dateOrEmpty, toDate: dateOrEmpty.optional() }),
        );
        refuseArchived(c);
        checkPeriod(body.fromDate, body.toDate ?? "");
        applyPeriod(c, body.fromDate, body.toDate ?? "", today());
        touch(state, c);
        return jsonReply({});
      },
    },
    {
      ...perf,
      method: "PUT",
      pattern: "/api/client/campaign/{campaignId}/daily_budget",
      retirable: true,
      handle(req) {
        const c = findCampaign(state, req);
        const body = readBody(req, z.object({ dailyBudget: moneyLike }));
        setDailyBudget(state, c, body.dailyBudget);
        return jsonReply({});
      },
    },
    {
      ...perf,
      method: "PATCH",
      pattern: "/api/client/campaign/{campaignId}",
      handle(req) {
        const c = findCampaign(state, req);
        const body = readBody(
          req,
          z.object({
            dailyBudget: moneyLike.optional(),
            weeklyBudget: moneyLike.optional(),
            budget: moneyLike.optional(),
            fromDate: dateOrEmpty.optional(),
            toDate: dateOrEmpty.optional(),
          }),
        );
        refuseArchived(c);
        if (body.dailyBudget !== undefined) checkBudget(c, "dailyBudget", body.dailyBudget);
        if (body.weeklyBudget !== undefined) checkBudget(c, "weeklyBudget", body.weeklyBudget);
        const fromDate = body.fromDate ?? c.fromDate;
        const toDate = body.toDate ?? c.toDate;
        checkPeriod(fromDate, toDate);
        if (body.dailyBudget !== undefined) c.dailyBudget = body.dailyBudget;
        if (body.weeklyBudget !== undefined) c.weeklyBudget = body.weeklyBudget;
        if (body.budget !== undefined) c.budget = body.budget;
        applyPeriod(c, fromDate, toDate, today());
        touch(state, c);
        return jsonReply({ campaignId: c.id });
      },
    },
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/campaign/{campaignId}/objects",
      handle(req) {
        const c = findCampaign(state, req);
        return jsonReply({ list: c.objects.map((id) => ({ id })) });
      },
    },
  ];
}
