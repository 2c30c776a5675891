/**
 * Product questions and reviews, in the live shapes: `/v1/question/list`,
 * `/v1/question/answer/create`, `/v1/question/change-status`, `/v2/review/list`,
 * `/v1/review/comment/create`, and the counts by status `/v1/question/count`, `/v2/review/count`
 * (any JSON object as the body: the documents give none). As Ozon's documents say, questions need Premium Plus and reviews
 * the «Управление отзывами» or Premium Pro subscription: with Premium Plus off (control:
 * setPremiumPlus) the question methods answer 403 code 7, with the reviews' subscription off
 * (setReviewsSubscription) the review methods do.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, fail, GRPC, jsonReply, notFound, readBody, sellerError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { ProductQuestion, ProductReview, SandboxState } from "../state.ts";

export const PREMIUM_PLUS_MESSAGE =
  "This method is available only to sellers with a Premium Plus subscription";
/** One page of questions holds at most this many, whatever `limit` asked. */
const QUESTION_PAGE = 10;

const seller = { service: "seller", auth: "seller" } as const;

export const REVIEWS_SUBSCRIPTION_MESSAGE =
  "This method is available only to sellers with a «Управление отзывами» or Premium Pro subscription";

function requirePremiumPlus(state: SandboxState): void {
  if (!state.premiumPlus) fail(sellerError(403, GRPC.permissionDenied, PREMIUM_PLUS_MESSAGE));
}

/** Stores whose seller has neither «Управление отзывами» nor Premium Pro (off by control). */
const withoutReviews = new WeakSet<SandboxState>();

/** Control: the seller has (default) or lacks the subscription the review methods need. */
export function setReviewsSubscription(state: SandboxState, enabled: boolean): void {
  if (enabled) withoutReviews.delete(state);
  else withoutReviews.add(state);
}

function requireReviewsSubscription(state: SandboxState): void {
  if (withoutReviews.has(state)) {
    fail(sellerError(403, GRPC.permissionDenied, REVIEWS_SUBSCRIPTION_MESSAGE));
  }
}

const questionList = z.object({
  filter: z
    .object({
      date_from: z.string().datetime({ offset: true }).optional(),
      date_to: z.string().datetime({ offset: true }).optional(),
      status: z.enum(["NEW", "ALL", "VIEWED", "PROCESSED", "UNPROCESSED"]).optional(),
    })
    .optional(),
  last_id: z.string().optional(),
  limit: z.number().int().min(1).max(100).optional(),
  sort_dir: z.enum(["ASC", "DESC"]).optional(),
});

const reviewList = z.object({
  limit: z.number().int().min(20).max(100),
  last_id: z.string().optional(),
  sort_dir: z.enum(["ASC", "DESC"]).optional(),
  filters: z
    .object({
      status: z.enum(["ALL", "NEW", "VIEWED", "PROCESSED"]).optional(),
      published_from: z.string().datetime({ offset: true }).optional(),
      published_to: z.string().datetime({ offset: true }).optional(),
    })
    .optional(),
});

/** Items after `lastId` in `sorted` (all of them without one); an unknown id is refused. */
function after<T extends { id: string }>(sorted: T[], lastId: string | undefined): T[] {
  if (!lastId) return sorted;
  const at = sorted.findIndex((item) => item.id === lastId);
  if (at < 0) badRequest("seller", "invalid last_id");
  return sorted.slice(at + 1);
}

function ordered<T extends { publishedAt: number; id: string }>(items: T[], dir: string): T[] {
  const sorted = [...items].sort((a, b) => a.publishedAt - b.publishedAt || (a.id < b.id ? -1 : 1));
  return dir === "ASC" ? sorted : sorted.reverse();
}

interface FeedQuery {
  /** ISO times of the published period (either end open). */
  from: string | undefined;
  to: string | undefined;
  /** ALL (the default) or one status. */
  status: string | undefined;
  /** DESC (the default) or ASC. */
  sortDir: string | undefined;
  lastId: string | undefined;
  limit: number;
}

/** One page of questions or reviews, filtered, ordered and paged the way both list methods do. */
function feedPage<T extends { id: string; publishedAt: number; status: string }>(
  items: T[],
  query: FeedQuery,
): { page: T[]; last_id: string; has_next: boolean } {
  const from = query.from ? Date.parse(query.from) : undefined;
  const to = query.to ? Date.parse(query.to) : undefined;
  const status = query.status ?? "ALL";
  const matching = items.filter(
    (item) =>
      (from === undefined || item.publishedAt >= from) &&
      (to === undefined || item.publishedAt <= to) &&
      (status === "ALL" || item.status === status),
  );
  const rest = after(ordered(matching, query.sortDir ?? "DESC"), query.lastId);
  const page = rest.slice(0, query.limit);
  return { page, last_id: page.at(-1)?.id ?? "", has_next: rest.length > page.length };
}

/** Ozon takes answers and comments of 2 to 3 000 characters. */
function requireAnswerText(text: string): void {
  const length = Array.from(text.trim()).length;
  if (length < 2 || length > 3000) badRequest("seller", "text must be 2 to 3000 characters");
}

export function questionRoutes(state: SandboxState): Route[] {
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v1/question/list",
      handle(req) {
        requirePremiumPlus(state);
        const body = readBody(req, questionList);
        const { page, ...more } = feedPage(state.questions, {
          from: body.filter?.date_from,
          to: body.filter?.date_to,
          status: body.filter?.status,
          sortDir: body.sort_dir,
          lastId: body.last_id,
          limit: Math.min(body.limit ?? QUESTION_PAGE, QUESTION_PAGE),
        });
        return jsonReply({ questions: page.map(questionWire), ...more });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/question/answer/create",
      handle(req) {
        requirePremiumPlus(state);
        const body = readBody(
          req,
          z.object({
            question_id: z.string().min(1),
            sku: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
            text: z.string(),
          }),
        );
        const question = state.questions.find((q) => q.id === body.question_id);
        if (!question) notFound("seller", "question not found");
        if (String(question.sku) !== String(body.sku)) {
          badRequest("seller", "sku does not match the question");
        }
        requireAnswerText(body.text);
        const answer = { id: state.activity.uuid(), text: body.text, createdAt: state.now() };
        // As Ozon: an answer does not change the question's status (change-status does).
        question.answers.push(answer);
        return jsonReply({ answer_id: answer.id });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/question/change-status",
      handle(req) {
        requirePremiumPlus(state);
        const body = readBody(
          req,
          z.object({
            question_ids: z.array(z.string().min(1)).min(1).max(100),
            status: z.enum(["NEW", "VIEWED", "PROCESSED"]),
          }),
        );
        const questions = body.question_ids.map((id) => state.questions.find((q) => q.id === id));
        if (questions.some((q) => q === undefined)) notFound("seller", "question not found");
        for (const question of questions) if (question) question.status = body.status;
        return jsonReply({});
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/question/count",
      handle(req) {
        requirePremiumPlus(state);
        readBody(req, z.object({}).passthrough());
        const of = (status: string) => state.questions.filter((q) => q.status === status).length;
        return jsonReply({
          all: state.questions.length,
          new: of("NEW"),
          processed: of("PROCESSED"),
          unprocessed: of("UNPROCESSED"),
          viewed: of("VIEWED"),
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/review/count",
      handle(req) {
        requireReviewsSubscription(state);
        readBody(req, z.object({}).passthrough());
        const of = (status: string) => state.reviews.filter((r) => r.status === status).length;
        return jsonReply({
          total: state.reviews.length,
          new: of("NEW"),
          processed: of("PROCESSED"),
          viewed: of("VIEWED"),
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/review/list",
      handle(req) {
        requireReviewsSubscription(state);
        const body = readBody(req, reviewList);
        const { page, ...more } = feedPage(state.reviews, {
          from: body.filters?.published_from,
          to: body.filters?.published_to,
          status: body.filters?.status,
          sortDir: body.sort_dir,
          lastId: body.last_id,
          limit: body.limit,
        });
        return jsonReply({ reviews: page.map(reviewWire), ...more });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/review/comment/create",
      handle(req) {
        requireReviewsSubscription(state);
        const body = readBody(
          req,
          z.object({
            review_id: z.string().min(1),
            text: z.string(),
            mark_review_as_processed: z.boolean().optional(),
            parent_comment_id: z.string().optional(),
          }),
        );
        const review = state.reviews.find((r) => r.id === body.review_id);
        if (!review) notFound("seller", "review not found");
        requireAnswerText(body.text);
        const comment = { id: state.activity.uuid(), text: body.text, createdAt: state.now() };
        review.comments.push(comment);
        if (body.mark_review_as_processed) review.status = "PROCESSED";
        return jsonReply({ comment_id: comment.id });
      },
    },
  ];
}

function questionWire(q: ProductQuestion) {
  const product = `https://www.ozon.ru/product/${q.sku}/`;
  return {
    id: q.id,
    sku: q.sku,
    text: q.text,
    author_name: q.authorName,
    status: q.status,
    published_at: new Date(q.publishedAt).toISOString(),
    product_url: product,
    question_link: `${product}questions/?qid=${q.id}`,
    answers_count: q.answers.length,
  };
}

function reviewWire(r: ProductReview) {
  return {
    id: r.id,
    sku: r.sku,
    text: r.text,
    rating: r.rating,
    status: r.status,
    order_status: r.orderStatus,
    published_at: new Date(r.publishedAt).toISOString(),
    comments_amount: r.comments.length,
    photos_amount: 0,
    videos_amount: 0,
    is_rating_participant: true,
  };
}

export interface QuestionInput {
  sku?: number;
  text?: string;
  authorName?: string;
}

export interface ReviewInput {
  sku?: number;
  text?: string;
  rating?: number;
}

/** A buyer asks about a product (a random one of the catalogue unless `sku` names one). */
export function askQuestion(state: SandboxState, input: QuestionInput): ProductQuestion {
  const sku = input.sku ?? state.activity.pick(state.products).sku;
  const question: ProductQuestion = {
    id: state.activity.uuid(),
    sku,
    text: input.text ?? "Подойдёт ли этот товар для подарка?",
    authorName: input.authorName ?? "Покупатель Ozon",
    publishedAt: Math.max(state.now(), (state.questions.at(-1)?.publishedAt ?? 0) + 1),
    status: "NEW",
    answers: [],
  };
  state.questions.push(question);
  return question;
}

export function leaveReview(state: SandboxState, input: ReviewInput): ProductReview {
  const sku = input.sku ?? state.activity.pick(state.products).sku;
  const review: ProductReview = {
    id: state.activity.uuid(),
    sku,
    text: input.text ?? "Хороший товар, спасибо!",
    rating: Math.min(5, Math.max(1, Math.round(input.rating ?? 5))),
    publishedAt: Math.max(state.now(), (state.reviews.at(-1)?.publishedAt ?? 0) + 1),
    status: "NEW",
    orderStatus: "DELIVERED",
    comments: [],
  };
  state.reviews.push(review);
  return review;
}
