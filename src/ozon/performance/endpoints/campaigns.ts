/**
 * Campaigns: list, activate, deactivate, period, daily budget (PUT, successor PATCH), weekly budget
 * (PATCH only: it came with the PATCH), objects.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { capability } from "../../successors.ts";
import { bigintLike, idString, optionalText } from "../../wire.ts";

/** Answers that carry nothing we need: the spec says `{}`, the live service sometimes the campaign. */
const anyObject = z.looseObject({});

export const wireCampaign = z.object({
  id: idString,
  title: z.string().nullish(),
  state: z.string(),
  advObjectType: optionalText,
  fromDate: optionalText,
  toDate: optionalText,
  dailyBudget: bigintLike.nullish(),
  weeklyBudget: bigintLike.nullish(),
  budget: bigintLike.nullish(),
  placement: z.union([z.string(), z.array(z.string())]).nullish(),
  paymentType: optionalText,
  productAutopilotStrategy: optionalText,
});

export const campaignList = endpoint({
  method: "GET",
  path: "/api/client/campaign",
  response: z.object({ list: z.array(wireCampaign).nullish() }),
  safe: true,
});

/** One campaign (the list filtered by id): a read-back costs one call, not the whole list. */
export const campaignById = endpoint({
  method: "GET",
  path: "/api/client/campaign?campaignIds={campaignId}",
  response: z.object({ list: z.array(wireCampaign).nullish() }),
  safe: true,
});

// Activation and deactivation set a state: repeating them changes nothing.
export const activateCampaign = endpoint({
  method: "POST",
  path: "/api/client/campaign/{campaignId}/activate",
  subject: "campaign",
  request: z.object({}),
  response: anyObject,
  safe: true,
});

export const deactivateCampaign = endpoint({
  method: "POST",
  path: "/api/client/campaign/{campaignId}/deactivate",
  subject: "campaign",
  request: z.object({}),
  response: anyObject,
  safe: true,
});

const date = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "expected YYYY-MM-DD");

export const campaignPeriod = endpoint({
  method: "PUT",
  path: "/api/client/campaign/{campaignId}/period",
  subject: "campaign",
  request: z.object({ fromDate: date, toDate: date }),
  response: anyObject,
  safe: true,
});

/** Amounts go as decimal strings: exact, and the live service documents them so (uint64). */
const amount = z.string().regex(/^\d+$/, "expected a whole number of millionths");

export const campaignDailyBudget = endpoint({
  method: "PUT",
  path: "/api/client/campaign/{campaignId}/daily_budget",
  subject: "campaign",
  request: z.object({ dailyBudget: amount }),
  response: anyObject,
  safe: true,
});

export const campaignPatch = endpoint({
  method: "PATCH",
  path: "/api/client/campaign/{campaignId}",
  subject: "campaign",
  request: z.object({
    dailyBudget: amount.optional(),
    weeklyBudget: amount.optional(),
    fromDate: date.optional(),
    toDate: date.optional(),
  }),
  response: anyObject,
  safe: true,
});

export const dailyBudget = capability({
  name: "campaigns.dailyBudget",
  spec: campaignDailyBudget,
  successor: campaignPatch,
});

/** Not in the reference's table: the live service has no PUT period either, only the PATCH. */
export const period = capability({
  name: "campaigns.period",
  spec: campaignPeriod,
  successor: campaignPatch,
});

export const campaignObjects = endpoint({
  method: "GET",
  path: "/api/client/campaign/{campaignId}/objects",
  subject: "campaign",
  response: z.union([
    z.object({ list: z.array(z.object({ id: idString })) }),
    z.object({ objects: z.array(z.object({ id: idString })) }),
    z.array(z.object({ id: idString })),
  ]),
  safe: true,
});
