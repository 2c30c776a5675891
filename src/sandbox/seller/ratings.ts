/**
 * The sandbox's ratings of one store: a few seller ratings with Ozon's warning and danger
 * thresholds (the zone follows the value and the rating's direction), and the FBS error index
 * raised by the postings that went wrong. Control: set a rating's value, add a posting error.
 * Tests: none directly
 */
import { z } from "zod";
import { jsonReply } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";

export interface SandboxRating {
  rating: string;
  name: string;
  value: number;
  pastValue: number;
  warning: number;
  danger: number;
  higherIsBetter: boolean;
  valueType: "PERCENT" | "REVIEW_SCORE" | "INDEX";
}

export interface FbsError {
  postingNumber: string;
  at: number;
  type: "SELLER_CANCELLATION" | "SELLER_DELAY";
}

interface RatingsDesk {
  ratings: SandboxRating[];
  errors: FbsError[];
}

const desks = new WeakMap<SandboxState, RatingsDesk>();

function seedRatings(): SandboxRating[] {
  return [
    {
      rating: "rating_on_time",
      name: "Заказы, доставленные вовремя",
      value: 97,
      pastValue: 97,
      warning: 95,
      danger: 90,
      higherIsBetter: true,
      valueType: "PERCENT",
    },
    {
      rating: "rating_cancellation",
      name: "Процент отмен",
      value: 1,
      pastValue: 1,
      warning: 3,
      danger: 5,
      higherIsBetter: false,
      valueType: "PERCENT",
    },
    {
      rating: "rating_review_avg_score_total",
      name: "Средняя оценка товаров",
      value: 4.8,
      pastValue: 4.8,
      warning: 4,
      danger: 3.5,
      higherIsBetter: true,
      valueType: "REVIEW_SCORE",
    },
  ];
}

export function ratingsDeskOf(state: SandboxState): RatingsDesk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { ratings: seedRatings(), errors: [] };
    desks.set(state, desk);
  }
  return desk;
}

export function ratingStatus(r: SandboxRating): "OK" | "WARNING" | "CRITICAL" {
  const worse = (value: number, threshold: number) =>
    r.higherIsBetter ? value < threshold : value > threshold;
  if (worse(r.value, r.danger)) return "CRITICAL";
  if (worse(r.value, r.warning)) return "WARNING";
  return "OK";
}

/** Each error adds this much to the index (per cent of postings, as a figure). */
const ERROR_WEIGHT = 0.5;

/** Control: a rating takes a new value (the old one becomes its past value). */
export function setRating(state: SandboxState, key: string, input: unknown) {
  const { value } = z.object({ value: z.number().finite() }).parse(input);
  const found = ratingsDeskOf(state).ratings.find((r) => r.rating === key);
  if (!found) throw new Error(`rating ${key} not found`);
  found.pastValue = found.value;
  found.value = value;
  return { ...found, status: ratingStatus(found) };
}

/** Control: a posting went wrong and raised the FBS error index. */
export function addFbsError(state: SandboxState, input: unknown) {
  const seed = z
    .object({
      postingNumber: z.string().min(1).max(100),
      type: z.enum(["SELLER_CANCELLATION", "SELLER_DELAY"]).optional(),
    })
    .parse(input);
  const error: FbsError = {
    postingNumber: seed.postingNumber,
    at: state.now(),
    type: seed.type ?? "SELLER_DELAY",
  };
  ratingsDeskOf(state).errors.push(error);
  return { ...error, index: fbsIndex(state) };
}

export function ratingsSnapshot(state: SandboxState) {
  const desk = ratingsDeskOf(state);
  return {
    ratings: desk.ratings.map((r) => ({ ...r, status: ratingStatus(r) })),
    fbsIndex: fbsIndex(state),
    errors: desk.errors.map((e) => ({ ...e })),
  };
}

function fbsIndex(state: SandboxState): number {
  return Math.round(ratingsDeskOf(state).errors.length * ERROR_WEIGHT * 100) / 100;
}

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

export function ratingRoutes(state: SandboxState): Route[] {
  const desk = ratingsDeskOf(state);
  const route = (pattern: string, handle: Route["handle"]): Route => ({
    service: "seller",
    auth: "seller",
    method: "POST",
    pattern,
    handle,
  });
  return [
    route("/v1/rating/summary", () =>
      jsonReply({
        groups: [
          {
            group_name: "Рейтинги продавца",
            items: desk.ratings.map((r) => ({
              change: { direction: "DIRECTION_NONE", meaning: "MEANING_NONE" },
              current_value: r.value,
              name: r.name,
              past_value: r.pastValue,
              rating: r.rating,
              rating_direction: r.higherIsBetter ? "HIGHER_IS_BETTER" : "LOWER_IS_BETTER",
              status: ratingStatus(r),
              value_type: r.valueType,
            })),
          },
        ],
        penalty_score_exceeded: false,
        premium: false,
        premium_plus: false,
      }),
    ),
    route("/v1/rating/history", (req) => {
      const body = (req.json() ?? {}) as { ratings?: unknown };
      const asked = Array.isArray(body.ratings) ? body.ratings.map(String) : [];
      return jsonReply({
        premium_scores: [],
        ratings: desk.ratings
          .filter((r) => asked.includes(r.rating))
          .map((r) => ({
            danger_threshold: r.danger,
            premium_threshold: 0,
            rating: r.rating,
            values: [],
            warning_threshold: r.warning,
          })),
      });
    }),
    route("/v1/rating/index/fbs/info", () => {
      const now = state.now();
      return jsonReply({
        currency_code: "RUB",
        defects: [],
        index: fbsIndex(state),
        period_from: day(now - 28 * 86_400_000),
        period_to: day(now),
        processing_costs_sum: desk.errors.length * 100,
      });
    }),
    route("/v1/rating/index/fbs/posting/list", () =>
      jsonReply({
        cursor: "",
        errors: desk.errors.map((e) => ({
          charge_percent: 0,
          charge_price: 100,
          charge_price_currency_code: "RUB",
          delivery_schema: "FBS",
          error_at: iso(e.at),
          has_grace_status: false,
          index: ERROR_WEIGHT,
          posting_error_type: e.type,
          posting_number: e.postingNumber,
          product_price: 0,
          product_price_currency_code: "RUB",
        })),
        has_next: false,
      }),
    ),
  ];
}
