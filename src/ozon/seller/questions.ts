/**
 * Product questions (Premium Plus) and reviews («Управление отзывами» or Premium Pro). Lists are
 * async iterators over every page published since a time, oldest first; answers return Ozon's
 * id. Without its subscription every call fails with OzonAuthError (403, code 7) — which the
 * shop's health does not take for bad keys (the endpoints are marked `subscription`).
 * Tests: none directly
 */

import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  type QuestionStatus,
  questionAnswerCreate,
  questionChangeStatus,
  questionCount,
  questionList,
  reviewCommentCreate,
  reviewCount,
  reviewList,
} from "./endpoints/questions.ts";

export interface ProductQuestion {
  id: string;
  sku: string;
  text: string;
  authorName?: string | undefined;
  status?: string | undefined;
  publishedAt: string;
  productUrl?: string | undefined;
  questionLink?: string | undefined;
  answersCount: number;
}

export interface ProductReview {
  id: string;
  sku: string;
  text: string;
  rating?: number | undefined;
  status?: string | undefined;
  publishedAt: string;
  commentsCount: number;
  photos: number;
  videos: number;
}

/** Pages read at most per listing: a bound on one pass, whatever Ozon answers. */
const MAX_PAGES = 200;
const QUESTION_PAGE = 10;
const REVIEW_PAGE = 100;

/** A page of a listing that continues from its last item's id. */
interface LastIdPage<T> {
  items: readonly T[];
  has_next?: boolean | null | undefined;
  last_id?: string | undefined;
}

/**
 * Every item of a listing paged by `last_id` (questions and reviews alike), page after page while
 * Ozon says there is more, at most MAX_PAGES of them.
 */
async function* byLastId<T>(
  read: (lastId: string | undefined) => Promise<LastIdPage<T>>,
): AsyncGenerator<T> {
  let lastId: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await read(lastId);
    yield* answer.items;
    if (!answer.has_next || !answer.last_id || answer.items.length === 0) return;
    if (answer.last_id === lastId) return; // Ozon repeating itself: no endless loop
    lastId = answer.last_id;
  }
}

export function createQuestionsApi(ctx: SellerContext) {
  return {
    /** Questions published at `since` or later, oldest first, every page. */
    async *questionsSince(since: Date, signal?: AbortSignal): AsyncGenerator<ProductQuestion> {
      const questions = byLastId(async (lastId) => {
        const answer = await ctx.http.call(questionList, {
          body: {
            filter: { date_from: since.toISOString(), status: "ALL" },
            limit: QUESTION_PAGE,
            sort_dir: "ASC",
            ...(lastId ? { last_id: lastId } : {}),
          },
          ...(signal ? { signal } : {}),
        });
        return { ...answer, items: answer.questions ?? [] };
      });
      for await (const q of questions) {
        yield {
          id: q.id,
          sku: q.sku,
          text: q.text ?? "",
          authorName: q.author_name,
          status: q.status,
          publishedAt: q.published_at,
          productUrl: q.product_url,
          questionLink: q.question_link,
          answersCount: q.answers_count ?? 0,
        };
      }
    },

    async answerQuestion(questionId: string, sku: string, text: string): Promise<string> {
      const answer = await ctx.http.call(questionAnswerCreate, {
        body: { question_id: questionId, sku: wireInt(sku), text },
      });
      return answer.answer_id ?? "";
    },

    /**
     * Sets Ozon's status of questions: an answer alone leaves a question "new" in the seller's
     * cabinet, so an answered (or dismissed) one is marked PROCESSED.
     */
    async setQuestionStatus(questionIds: readonly string[], status: QuestionStatus): Promise<void> {
      await ctx.http.call(questionChangeStatus, {
        body: { question_ids: [...questionIds], status },
      });
    },

    /** Reviews published at `since` or later, oldest first, every page. */
    async *reviewsSince(since: Date, signal?: AbortSignal): AsyncGenerator<ProductReview> {
      const reviews = byLastId(async (lastId) => {
        const answer = await ctx.http.call(reviewList, {
          body: {
            limit: REVIEW_PAGE,
            sort_dir: "ASC",
            filters: { status: "ALL", published_from: since.toISOString() },
            ...(lastId ? { last_id: lastId } : {}),
          },
          ...(signal ? { signal } : {}),
        });
        return { ...answer, items: answer.reviews ?? [] };
      });
      for await (const r of reviews) {
        yield {
          id: r.id,
          sku: r.sku,
          text: r.text ?? "",
          rating: r.rating ?? undefined,
          status: r.status,
          publishedAt: r.published_at,
          commentsCount: r.comments_amount ?? 0,
          photos: r.photos_amount ?? 0,
          videos: r.videos_amount ?? 0,
        };
      }
    },

    /**
     * Questions not yet processed (no answer and not dismissed): Ozon's `all - processed`, one
     * call. Without Premium Plus it fails with OzonAuthError, as the list does.
     */
    async unansweredQuestions(signal?: AbortSignal): Promise<number> {
      const count = await ctx.http.call(questionCount, { body: {}, ...(signal ? { signal } : {}) });
      return Math.max(0, (count.all ?? 0) - (count.processed ?? 0));
    },

    /** Reviews not yet processed: Ozon's `total - processed`, one call (its own subscription). */
    async unansweredReviews(signal?: AbortSignal): Promise<number> {
      const count = await ctx.http.call(reviewCount, { body: {}, ...(signal ? { signal } : {}) });
      return Math.max(0, (count.total ?? 0) - (count.processed ?? 0));
    },

    async commentReview(reviewId: string, text: string): Promise<string> {
      const answer = await ctx.http.call(reviewCommentCreate, {
        body: { review_id: reviewId, text, mark_review_as_processed: true },
      });
      return answer.comment_id ?? "";
    },
  };
}

export type QuestionsApi = ReturnType<typeof createQuestionsApi>;
