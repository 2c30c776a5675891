/**
 * The seller's products.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { idString, optionalId } from "../../wire.ts";

/** Products by their Ozon SKUs (up to 1000 ids of one kind per request). */
export const productInfoList = endpoint({
  method: "POST",
  path: "/v3/product/info/list",
  request: z.object({ sku: z.array(z.string()).min(1).max(1000) }),
  response: z.object({
    items: z.array(
      z.object({
        id: idString,
        name: z.string(),
        sku: optionalId,
        // Each place the product is sold from has its own SKU; a buyer chat may name any of them.
        sources: z.array(z.object({ sku: optionalId })).nullish(),
        // Read for a buyer chat's context card; left out when Ozon writes them otherwise.
        price: z.union([z.string(), z.number()]).nullish().catch(undefined),
        currency_code: z.string().nullish().catch(undefined),
        stocks: z
          .object({
            stocks: z.array(z.object({ present: z.number().nullish(), sku: optionalId })).nullish(),
          })
          .nullish()
          .catch(undefined),
      }),
    ),
  }),
  safe: true,
});
