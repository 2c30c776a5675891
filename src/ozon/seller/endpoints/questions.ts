/**
 * Product questions (Premium Plus) and reviews («Управление отзывами» or Premium Pro): lists and
 * answers, in the live shapes.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, intLike, optionalText } from "../../wire.ts";

export const questionList = endpoint({
  method: "POST",
  path: "/v1/question/list",
  request: z.object({
    filter: z
      .object({
        date_from: z.string().optional(),
        date_to: z.string().optional(),
        status: z.enum(["NEW", "ALL", "VIEWED", "PROCESSED", "UNPROCESSED"]).optional(),
      })
      .optional(),
    last_id: z.string().optional(),
    limit: z.number().int().min(1).max(100),
    sort_dir: z.enum(["ASC", "DESC"]).optional(),
  }),
  response: z.object({
    questions: z
      .array(
        z.object({
          id: idString,
          sku: idString,
          text: z.string().nullish(),
          author_name: optionalText,
          status: optionalText,
          published_at: z.string(),
          product_url: optionalText,
          question_link: optionalText,
          answers_count: intLike.nullish(),
        }),
      )
      .nullish(),
    last_id: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
  subscription: true,
});

export const questionAnswerCreate = endpoint({
  method: "POST",
  path: "/v1/question/answer/create",
  subject: "question",
  request: z.object({
    question_id: z.string().min(1),
    sku: z.union([z.number().int(), z.string()]),
    text: z.string().min(2).max(3000),
  }),
  response: z.object({ answer_id: optionalText }),
  safe: false,
  subscription: true,
});

export const reviewList = endpoint({
  method: "POST",
  path: "/v2/review/list",
  request: z.object({
    limit: z.number().int().min(20).max(100),
    last_id: z.string().optional(),
    sort_dir: z.enum(["ASC", "DESC"]).optional(),
    filters: z
      .object({
        status: z.enum(["ALL", "NEW", "VIEWED", "PROCESSED"]).optional(),
        published_from: z.string().optional(),
        published_to: z.string().optional(),
      })
      .optional(),
  }),
  response: z.object({
    reviews: z
      .array(
        z.object({
          id: idString,
          sku: idString,
          text: z.string().nullish(),
          rating: intLike.nullish(),
          status: optionalText,
          order_status: optionalText,
          published_at: z.string(),
          comments_amount: intLike.nullish(),
          photos_amount: intLike.nullish(),
          videos_amount: intLike.nullish(),
        }),
      )
      .nullish(),
    last_id: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
  subscription: true,
});

export const reviewCommentCreate = endpoint({
  method: "POST",
  path: "/v1/review/comment/create",
  subject: "review",
  request: z.object({
    review_id: z.string().min(1),
    text: z.string().min(2).max(3000),
    mark_review_as_processed: z.boolean(),
  }),
  response: z.object({ comment_id: optionalText }),
  safe: false,
  subscription: true,
});

/**
 * How many questions there are in each of Ozon's statuses (no request body is documented: `{}`).
 * Home's ❓ line counts those not processed (`all - processed`).
 */
export const questionCount = endpoint({
  method: "POST",
  path: "/v1/question/count",
  request: z.object({}),
  response: z.object({
    all: intLike.nullish(),
    new: intLike.nullish(),
    processed: intLike.nullish(),
    unprocessed: intLike.nullish(),
    viewed: intLike.nullish(),
  }),
  safe: true,
  subscription: true,
});

/** How many reviews there are in each status (`{}`); Home's ⭐ line counts `total - processed`. */
export const reviewCount = endpoint({
  method: "POST",
  path: "/v2/review/count",
  request: z.object({}),
  response: z.object({
    total: intLike.nullish(),
    new: intLike.nullish(),
    processed: intLike.nullish(),
    viewed: intLike.nullish(),
  }),
  safe: true,
  subscription: true,
});

/** Ozon's own question statuses (the cabinet's "new / viewed / processed" tabs). */
export const QUESTION_STATUSES = ["NEW", "VIEWED", "PROCESSED"] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** Answers "200 Статус изменён" with no body: setting a status again is harmless. */
export const questionChangeStatus = endpoint({
  method: "POST",
  path: "/v1/question/change-status",
  subject: "question",
  request: z.object({
    question_ids: z.array(z.string().min(1)).min(1),
    status: z.enum(QUESTION_STATUSES),
  }),
  response: z.object({}).passthrough(),
  safe: true,
  subscription: true,
});
