/**
 * Sales analytics: `POST /v1/analytics/data`. `limit` is required by the live service (1…1000);
 * `revenue` and `ordered_units` are the metrics every seller may ask for (the others need a
 * Premium Plus subscription).
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint, type RequestOf, type ResponseOf } from "../../endpoint.ts";
import { optionalText } from "../../wire.ts";

const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export const analyticsData = endpoint({
  method: "POST",
  path: "/v1/analytics/data",
  request: z.object({
    date_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    date_to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    metrics: z.array(z.string()).min(1).max(14),
    dimension: z.array(z.string()).min(1),
    limit: z.number().int().min(1).max(1000),
    offset: z.number().int().min(0).optional(),
  }),
  response: z.object({
    result: z
      .object({
        data: z
          .array(
            z.object({
              dimensions: z.array(z.object({ id: optionalText, name: optionalText })).nullish(),
              metrics: z.array(number.nullable()).nullish(),
            }),
          )
          .nullish(),
        totals: z.array(number.nullable()).nullish(),
      })
      .nullish(),
    timestamp: optionalText,
  }),
  safe: true,
});

export type AnalyticsRequest = RequestOf<typeof analyticsData>;
export type AnalyticsAnswer = ResponseOf<typeof analyticsData>;
