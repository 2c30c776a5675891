/**
 * Postings shipped from Ozon's warehouses (FBO): `/v3/posting/fbo/list` (cursor-paged, a period of
 * at most a year; `/v2/posting/fbo/list` was switched off on 2026-06-01) and `/v2/posting/fbo/get`;
 * the FBO stock analytics per cluster `/v1/analytics/stocks` (up to 100 SKUs a request, refreshed
 * by Ozon about 07:00 and 16:00 UTC). Shapes as Ozon's documents write them; a price arrives as a
 * number in the financial data and as a string in the list's products.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, intLike, optionalId, optionalText } from "../../wire.ts";

/** A sum as Ozon writes it: a number, or a numeric string. */
const amount = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
  .nullish()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

const withData = z
  .object({
    analytics_data: z.boolean().optional(),
    financial_data: z.boolean().optional(),
    legal_info: z.boolean().optional(),
  })
  .optional();

const analyticsData = z
  .object({
    city: optionalText,
    delivery_type: optionalText,
    warehouse_id: optionalId,
    warehouse_name: optionalText,
  })
  .nullish();

const cancellation = z
  .object({
    cancel_reason: optionalText,
    cancellation_initiator: optionalText,
    cancellation_type: optionalText,
  })
  .nullish();

export const fboList = endpoint({
  method: "POST",
  path: "/v3/posting/fbo/list",
  request: z.object({
    cursor: z.string().optional(),
    filter: z
      .object({
        since: z.string().optional(),
        to: z.string().optional(),
        statuses: z.array(z.string()).max(10).optional(),
        posting_numbers: z.array(z.string()).max(1000).optional(),
      })
      .optional(),
    limit: z.number().int().min(1).max(100),
    sort_dir: z.enum(["ASC", "DESC"]).optional(),
    with: withData,
  }),
  response: z.object({
    cursor: optionalText,
    has_next: flexBool.nullish(),
    postings: z
      .array(
        z.object({
          posting_number: z.string().min(1).max(100),
          order_number: optionalText,
          status: optionalText,
          substatus: optionalText,
          created_at: optionalText,
          in_process_at: optionalText,
          cancellation,
          analytics_data: analyticsData,
          financial_data: z
            .object({
              cluster_from: optionalText,
              cluster_to: optionalText,
              products: z
                .array(z.object({ product_id: optionalId, price: amount, payout: amount }))
                .max(1000)
                .nullish(),
            })
            .nullish(),
          products: z
            .array(
              z.object({
                sku: optionalId,
                offer_id: optionalText,
                name: optionalText,
                quantity: intLike.nullish(),
                price: z.object({ amount, currency: optionalText }).nullish().catch(undefined),
              }),
            )
            .max(1000)
            .nullish(),
        }),
      )
      .max(1000)
      .nullish(),
  }),
  safe: true,
});

export const fboGet = endpoint({
  method: "POST",
  path: "/v2/posting/fbo/get",
  request: z.object({
    posting_number: z.string().min(1),
    with: withData,
  }),
  response: z.object({
    result: z
      .object({
        posting_number: z.string().min(1).max(100),
        order_number: optionalText,
        status: optionalText,
        created_at: optionalText,
        in_process_at: optionalText,
        analytics_data: analyticsData,
        financial_data: z
          .object({ cluster_from: optionalText, cluster_to: optionalText })
          .nullish(),
        products: z
          .array(
            z.object({
              sku: optionalId,
              offer_id: optionalText,
              name: optionalText,
              quantity: intLike.nullish(),
              price: amount,
              currency_code: optionalText,
            }),
          )
          .max(1000)
          .nullish(),
      })
      .nullish(),
  }),
  safe: true,
  subject: "posting",
});

const count = intLike.nullish().transform((value) => value ?? 0);
const figure = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .transform((value) => (value === null || value === undefined ? undefined : value));

export const analyticsStocks = endpoint({
  method: "POST",
  path: "/v1/analytics/stocks",
  request: z.object({
    skus: z.array(z.string()).min(1).max(100),
    cluster_ids: z.array(z.string()).optional(),
    warehouse_ids: z.array(z.string()).optional(),
  }),
  response: z.object({
    items: z
      .array(
        z.object({
          sku: idString,
          offer_id: optionalText,
          name: optionalText,
          cluster_id: optionalId,
          cluster_name: optionalText,
          warehouse_id: optionalId,
          warehouse_name: optionalText,
          available_stock_count: count,
          transit_stock_count: count,
          requested_stock_count: count,
          excess_stock_count: count,
          ads: figure,
          ads_cluster: figure,
          idc: figure,
          idc_cluster: figure,
          turnover_grade: optionalText,
          turnover_grade_cluster: optionalText,
        }),
      )
      .max(100_000)
      .nullish(),
  }),
  safe: true,
});
