/**
 * The deliveries namespace: for a posting the seller delivers itself, its tracking number and
 * the manual statuses (delivering, last mile, delivered); and a dispute (arbitration) about a
 * posting. Each posting's outcome is its own: Ozon may take one and refuse another in one call.
 * Tests: none directly
 */
import { resultDeclined } from "../errors.ts";
import type { SellerContext } from "./context.ts";
import {
  POSTING_LIST_PAGE,
  postingArbitration,
  postingDelivered,
  postingDelivering,
  postingLastMile,
  postingListV4,
  trackingNumberSet,
  type WireMoveResult,
} from "./endpoints/deliveries.ts";
import { normalizePosting } from "./posting-normalize.ts";
import type { Posting } from "./types.ts";

/** Ozon takes at most this many tracking numbers in one call. */
export const TRACKING_NUMBERS_PER_CALL = 20;
/** 10 000 postings on their way is more than any screen shows. */
const LIST_PAGES = 100;

/** Postings per status call (the reference sets no limit; the bot asks for a few at a time). */
const POSTINGS_PER_CALL = 50;

export type DeliveryStep = "delivering" | "last-mile" | "delivered";

/** One posting's outcome: done, or refused with Ozon's words. */
export interface DeliveryResult {
  postingNumber: string;
  ok: boolean;
  /** Ozon's text when it refused (may be empty when Ozon gave none). */
  error: string | undefined;
}

export interface TrackingNumber {
  postingNumber: string;
  trackingNumber: string;
}

const STEP_ENDPOINTS = {
  delivering: postingDelivering,
  "last-mile": postingLastMile,
  delivered: postingDelivered,
} as const;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Ozon's answer per asked posting; one it did not mention is refused without words. */
function outcomes(asked: readonly string[], answer: WireMoveResult): DeliveryResult[] {
  const told = new Map((answer.result ?? []).map((r) => [r.posting_number, r]));
  return asked.map((postingNumber) => {
    const one = told.get(postingNumber);
    const ok = one?.result === true && !one.error;
    return { postingNumber, ok, error: ok ? undefined : (one?.error ?? undefined) };
  });
}

export function createDeliveriesApi(ctx: SellerContext) {
  async function setTrackingNumbers(pairs: readonly TrackingNumber[]): Promise<DeliveryResult[]> {
    const results: DeliveryResult[] = [];
    for (const part of chunks(pairs, TRACKING_NUMBERS_PER_CALL)) {
      const answer = await ctx.http.call(trackingNumberSet, {
        body: {
          tracking_numbers: part.map((p) => ({
            posting_number: p.postingNumber,
            tracking_number: p.trackingNumber,
          })),
        },
      });
      results.push(
        ...outcomes(
          part.map((p) => p.postingNumber),
          answer,
        ),
      );
    }
    return results;
  }

  /** Moves each posting to the step's status (Ozon changes it asynchronously). */
  async function move(step: DeliveryStep, postingNumbers: readonly string[]) {
    const results: DeliveryResult[] = [];
    for (const part of chunks(postingNumbers, POSTINGS_PER_CALL)) {
      const answer = await ctx.http.call(STEP_ENDPOINTS[step], { body: { posting_number: part } });
      results.push(...outcomes(part, answer));
    }
    return results;
  }

  /**
   * Opens a dispute. Ozon's refusal with an error is thrown (OzonApiError with its message); its
   * `result: false` ("not done", no reason) is the posting's outcome, not ok, without words.
   */
  async function openDispute(postingNumber: string): Promise<DeliveryResult> {
    const answer = await ctx.http.call(postingArbitration, {
      body: { posting_number: [postingNumber] },
    });
    const ok = !resultDeclined(answer.result);
    return { postingNumber, ok, error: undefined };
  }

  /**
   * Postings in any of `statuses` that came in between `since` and `to` (ISO times), oldest
   * first: every page of Ozon's list (at most LIST_PAGES).
   */
  async function listByStatuses(
    statuses: readonly string[],
    since: string,
    to: string,
  ): Promise<Posting[]> {
    const found = new Map<string, Posting>();
    if (statuses.length === 0) return [];
    const wanted = new Set(statuses);
    let cursor: string | undefined;
    for (let page = 0; page < LIST_PAGES; page++) {
      const answer = await ctx.http.call(postingListV4, {
        body: {
          ...(cursor ? { cursor } : {}),
          filter: { since, to, statuses: [...wanted] },
          limit: POSTING_LIST_PAGE,
          sort_dir: "ASC",
          with: { analytics_data: false, financial_data: false },
        },
      });
      const postings = answer.postings ?? [];
      for (const wire of postings) {
        if (wanted.has(wire.status)) found.set(wire.posting_number, normalizePosting(wire));
      }
      const next = answer.cursor;
      if (!answer.has_next || postings.length === 0 || !next || next === cursor) break;
      cursor = next;
    }
    return [...found.values()];
  }

  /** Postings in `status` that came in between `since` and `to` (ISO times), oldest first. */
  function listByStatus(status: string, since: string, to: string): Promise<Posting[]> {
    return listByStatuses([status], since, to);
  }

  return { setTrackingNumbers, move, openDispute, listByStatus, listByStatuses };
}

export type DeliveriesApi = ReturnType<typeof createDeliveriesApi>;
