/**
 * A campaign's products and bids in the live shapes of the OpenAPI document: `GET …/v2/products`
 * (paged, `{products:[{sku, bid, title}]}`, uint64 as strings), `PUT …/products`
 * (`{bids:[{sku, bid}]}`, answers `{}`), `GET …/products/bids/competitive?skus=…` (at most 200).
 *
 * Refusals, each a 400 `{"error": "..."}` (rpcStatus) and none changing anything: a campaign that
 * is not a pay-per-click product campaign, one with an auto strategy (Ozon sets those bids; the
 * `bid` field is "only for the average click cost strategy"), an archived one, a SKU not in the
 * campaign, a bid that is not whole kopecks or below the minimum.
 * Tests: none directly
 */
import { z } from "zod";
import { RUB } from "../data.ts";
import type { SandboxRequest } from "../http.ts";
import { badRequest, fail, jsonReply, performanceError, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Campaign, SandboxState } from "../state.ts";
import { findCampaign } from "./campaigns.ts";

/** The smallest bid per click the sandbox accepts (Ozon's depends on the category). */
export const MIN_BID = 3 * RUB;
const KOPECK = 10_000;
const MAX_COMPETITIVE = 200;

const uint = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+$/, "must be an unsigned integer").transform(Number),
]);

/** Manual bids exist for pay-per-click product campaigns without an auto strategy. */
export function takesBids(c: Campaign): boolean {
  return c.advObjectType === "SKU" && c.paymentType === "CPC";
}

function manual(c: Campaign): boolean {
  return c.strategy === "NO_AUTO_STRATEGY" || c.strategy === "TARGET_BIDS";
}

function refuseForBids(c: Campaign): void {
  if (!takesBids(c)) {
    badRequest("performance", "campaign has no product bids: only pay-per-click SKU campaigns");
  }
  if (c.state === "CAMPAIGN_STATE_ARCHIVED") fail(performanceError(400, "campaign is archived"));
  if (!manual(c)) {
    badRequest(
      "performance",
      `bid is used only with the average click cost strategy; campaign strategy is ${c.strategy}`,
    );
  }
}

function competitiveBid(state: SandboxState, sku: string): number {
  const seed = Number(sku) % 97;
  return (8 + ((seed + state.settings.seed) % 20)) * RUB + (seed % 10) * KOPECK * 10;
}

function page(req: SandboxRequest, name: string, fallback: number): number {
  const raw = req.query.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) badRequest("performance", `${name} must be an integer`);
  return Number(raw);
}

export function productRoutesPerformance(state: SandboxState): Route[] {
  const perf = { service: "performance", auth: "performance" } as const;
  return [
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/campaign/{campaignId}/v2/products",
      handle(req) {
        const c = findCampaign(state, req);
        if (c.advObjectType !== "SKU") {
          badRequest("performance", "campaign has no products: it is not a SKU campaign");
        }
        const size = Math.min(page(req, "pageSize", 100), 1000) || 100;
        const at = Math.max(1, page(req, "page", 1));
        const products = c.objects.slice((at - 1) * size, at * size).map((sku) => {
          const product = state.products.find((p) => String(p.sku) === sku);
          const bid = c.bids[sku];
          return {
            sku,
            title: product?.name ?? "",
            ...(bid !== undefined && manual(c) ? { bid: String(bid) } : {}),
          };
        });
        return jsonReply({ products });
      },
    },
    {
      ...perf,
      method: "PUT",
      pattern: "/api/client/campaign/{campaignId}/products",
      handle(req) {
        const c = findCampaign(state, req);
        const body = readBody(
          req,
          z.object({ bids: z.array(z.object({ sku: uint, bid: uint.optional() })).min(1) }),
        );
        refuseForBids(c);
        // Everything is checked before anything changes.
        for (const item of body.bids) {
          const sku = String(item.sku);
          if (!c.objects.includes(sku)) badRequest("performance", `sku ${sku} is not in campaign`);
          if (item.bid === undefined) continue;
          if (item.bid % KOPECK !== 0) {
            badRequest("performance", "bid must be rounded to kopecks (a multiple of 10000)");
          }
          if (item.bid < MIN_BID) {
            badRequest("performance", `bid must be at least ${MIN_BID} (${MIN_BID / RUB} RUB)`);
          }
        }
        for (const item of body.bids) {
          if (item.bid !== undefined) c.bids[String(item.sku)] = item.bid;
        }
        c.updatedAt = state.now();
        return jsonReply({});
      },
    },
    {
      ...perf,
      method: "GET",
      pattern: "/api/client/campaign/{campaignId}/products/bids/competitive",
      handle(req) {
        const c = findCampaign(state, req);
        const skus = req.query
          .getAll("skus")
          .flatMap((v) => v.split(","))
          .map((v) => v.trim())
          .filter(Boolean);
        if (skus.length === 0) badRequest("performance", "skus is required");
        if (skus.length > MAX_COMPETITIVE) {
          badRequest("performance", `at most ${MAX_COMPETITIVE} skus in one request`);
        }
        const bids = skus.map((sku) => ({
          sku,
          bid: String(c.objects.includes(sku) ? competitiveBid(state, sku) : 0),
        }));
        return jsonReply({ campaignId: c.id, bids });
      },
    },
  ];
}
