/**
 * The ratings namespace: the seller's ratings with their zones and thresholds, the FBS error
 * index, and the postings that raised it.
 * Tests: none directly
 */
import type { SellerContext } from "./context.ts";
import {
  fbsIndexInfo,
  fbsIndexPostings,
  ratingHistory,
  ratingSummary,
} from "./endpoints/ratings.ts";

/** Ozon's zone of a rating: `OK`, `WARNING`, `CRITICAL` (the danger of a block). */
export type RatingZone = "ok" | "warning" | "danger" | "unknown";

export interface Rating {
  key: string;
  name: string;
  value: number | undefined;
  pastValue: number | undefined;
  zone: RatingZone;
  warningThreshold: number | undefined;
  dangerThreshold: number | undefined;
  valueType: string | undefined;
}

export interface FbsErrorIndex {
  index: number | undefined;
  periodFrom: string | undefined;
  periodTo: string | undefined;
}

export interface FbsIndexError {
  postingNumber: string;
  at: string | undefined;
  type: string | undefined;
}

const ZONES: Record<string, RatingZone> = { OK: "ok", WARNING: "warning", CRITICAL: "danger" };
const DAY_MS = 24 * 60 * 60 * 1000;

export function createRatingsApi(ctx: SellerContext) {
  return {
    /**
     * Every rating of the summary with its zone; the thresholds come from the history of the last
     * day and are left out when Ozon does not give them.
     */
    async current(signal?: AbortSignal): Promise<Rating[]> {
      const opts = signal ? { signal } : {};
      const summary = await ctx.http.call(ratingSummary, { body: {}, ...opts });
      const items = (summary.groups ?? []).flatMap((group) => group.items ?? []);
      const thresholds = new Map<string, { warning?: number; danger?: number }>();
      if (items.length > 0) {
        const now = ctx.clock.now();
        try {
          const history = await ctx.http.call(ratingHistory, {
            body: {
              date_from: new Date(now - DAY_MS).toISOString(),
              date_to: new Date(now).toISOString(),
              ratings: items.map((item) => item.rating),
            },
            ...opts,
          });
          for (const row of history.ratings ?? []) {
            thresholds.set(row.rating, {
              ...(row.warning_threshold != null ? { warning: row.warning_threshold } : {}),
              ...(row.danger_threshold != null ? { danger: row.danger_threshold } : {}),
            });
          }
        } catch (error) {
          if (signal?.aborted) throw error;
          ctx.logger?.warn({ err: error }, "rating thresholds unavailable; zones without them");
        }
      }
      return items.map((item) => ({
        key: item.rating,
        name: item.name ?? item.rating,
        value: item.current_value ?? undefined,
        pastValue: item.past_value ?? undefined,
        zone: ZONES[item.status ?? ""] ?? "unknown",
        warningThreshold: thresholds.get(item.rating)?.warning,
        dangerThreshold: thresholds.get(item.rating)?.danger,
        valueType: item.value_type,
      }));
    },

    async fbsErrorIndex(signal?: AbortSignal): Promise<FbsErrorIndex> {
      const answer = await ctx.http.call(fbsIndexInfo, { body: {}, ...(signal ? { signal } : {}) });
      return {
        index: answer.index ?? undefined,
        periodFrom: answer.period_from,
        periodTo: answer.period_to,
      };
    },

    /** The postings that raised the FBS error index over the last `days` (newest first, capped). */
    async fbsIndexErrors(
      days: number,
      limit: number,
      signal?: AbortSignal,
    ): Promise<FbsIndexError[]> {
      const now = ctx.clock.now();
      const answer = await ctx.http.call(fbsIndexPostings, {
        body: {
          filter: {
            date_from: new Date(now - days * DAY_MS).toISOString(),
            date_to: new Date(now).toISOString(),
          },
          limit: Math.max(1, Math.min(limit, 1000)),
        },
        ...(signal ? { signal } : {}),
      });
      return (answer.errors ?? [])
        .map((e) => ({
          postingNumber: e.posting_number,
          at: e.error_at,
          type: e.posting_error_type,
        }))
        .sort((a, b) => (b.at ?? "").localeCompare(a.at ?? ""))
        .slice(0, limit);
    },
  };
}

export type RatingsApi = ReturnType<typeof createRatingsApi>;
