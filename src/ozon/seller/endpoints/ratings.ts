/**
 * The seller's ratings: `/v1/rating/summary` (the cabinet's «Рейтинги продавца» with their
 * status), `/v1/rating/history` (the warning and danger thresholds of each rating) and the FBS
 * error index `/v1/rating/index/fbs/info`, with the postings that moved it
 * `/v1/rating/index/fbs/posting/list`.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, optionalText } from "../../wire.ts";

const figure = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();

export const ratingSummary = endpoint({
  method: "POST",
  path: "/v1/rating/summary",
  request: z.object({}),
  response: z.object({
    groups: z
      .array(
        z.object({
          group_name: optionalText,
          items: z
            .array(
              z.object({
                rating: z.string(),
                name: optionalText,
                current_value: figure,
                past_value: figure,
                status: optionalText,
                value_type: optionalText,
                rating_direction: optionalText,
              }),
            )
            .nullish(),
        }),
      )
      .nullish(),
    penalty_score_exceeded: flexBool.nullish(),
  }),
  safe: true,
});

export const ratingHistory = endpoint({
  method: "POST",
  path: "/v1/rating/history",
  request: z.object({
    date_from: z.string(),
    date_to: z.string(),
    ratings: z.array(z.string()).min(1),
    with_premium_scores: z.boolean().optional(),
  }),
  response: z.object({
    ratings: z
      .array(
        z.object({
          rating: z.string(),
          danger_threshold: figure,
          warning_threshold: figure,
        }),
      )
      .nullish(),
  }),
  safe: true,
});

export const fbsIndexInfo = endpoint({
  method: "POST",
  path: "/v1/rating/index/fbs/info",
  request: z.object({}),
  response: z.object({
    index: figure,
    period_from: optionalText,
    period_to: optionalText,
    processing_costs_sum: figure,
    currency_code: optionalText,
  }),
  safe: true,
});

export const fbsIndexPostings = endpoint({
  method: "POST",
  path: "/v1/rating/index/fbs/posting/list",
  request: z.object({
    filter: z.object({ date_from: z.string(), date_to: z.string() }),
    limit: z.number().int().min(1).max(1000),
    cursor: z.string().optional(),
  }),
  response: z.object({
    errors: z
      .array(
        z.object({
          posting_number: z.string(),
          error_at: optionalText,
          posting_error_type: optionalText,
          index: figure,
        }),
      )
      .nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});
