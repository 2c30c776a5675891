/**
 * A campaign's products and their bids (pay-per-click product campaigns): the live list
 * (`GET …/v2/products`, paged), the bid update (`PUT …/products`, `{bids:[{sku, bid}]}` with
 * uint64 strings as the OpenAPI document writes them) and the competitive bids.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { bigintLike, idString, optionalText } from "../../wire.ts";

const anyObject = z.looseObject({});

export const wireProduct = z.object({
  sku: idString,
  title: z.string().nullish(),
  bid: bigintLike.nullish(),
  targetCir: z.union([z.number(), z.string()]).nullish(),
  topPosition: optionalText,
});

export const campaignProducts = endpoint({
  method: "GET",
  path: "/api/client/campaign/{campaignId}/v2/products?page={page}&pageSize={pageSize}",
  subject: "campaign",
  response: z.object({ products: z.array(wireProduct).nullish() }),
  safe: true,
});

/** Setting a bid to a value is idempotent: repeating it changes nothing. */
export const updateProductBids = endpoint({
  method: "PUT",
  path: "/api/client/campaign/{campaignId}/products",
  subject: "campaign",
  request: z.object({
    bids: z
      .array(z.object({ sku: z.string().regex(/^\d+$/), bid: z.string().regex(/^\d+$/) }))
      .min(1),
  }),
  response: anyObject,
  safe: true,
});

/** At most 200 SKUs a call; a SKU not in the campaign has bid 0. */
export const MAX_COMPETITIVE_SKUS = 200;

/** The path with one `skus=` per SKU (the query is exploded), filled from params s0, s1, … */
export function competitiveBids(count: number) {
  const query = Array.from({ length: count }, (_, i) => `skus={s${i}}`).join("&");
  return endpoint({
    method: "GET",
    path: `/api/client/campaign/{campaignId}/products/bids/competitive?${query}`,
    subject: "campaign",
    response: z.object({
      bids: z.array(z.object({ sku: idString, bid: bigintLike.nullish() })).nullish(),
    }),
    safe: true,
  });
}
