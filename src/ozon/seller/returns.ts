/**
 * The returns namespace: returns on their way back to the seller or waiting for pickup
 * (`/v1/returns/list`), and the rFBS return requests with the decisions Ozon allows on each.
 *
 * Money is exact: a price Ozon writes as a number becomes its shortest decimal string ("1299.9")
 * and the partial refund goes out as the decimal string of kopecks the person confirmed.
 */
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  returnsList,
  rfbsCompensate,
  rfbsGet,
  rfbsList,
  rfbsReceiveReturn,
  rfbsReject,
  rfbsReturnMoney,
  rfbsVerify,
} from "./endpoints/returns.ts";

/** Where a return is as the alerts tell it. */
export type ReturnStage = "on_way" | "waiting_pickup";

/** Ozon's visual statuses of each stage (`visual.status.sys_name`). */
export const RETURN_STAGE_STATUSES: Readonly<Record<ReturnStage, readonly string[]>> = {
  on_way: ["MovingToSeller", "ReturningToSellerByCourier"],
  waiting_pickup: ["ArrivedAtReturnPlace"],
};

export interface SellerReturn {
  id: string;
  stage: ReturnStage;
  postingNumber: string | undefined;
  productName: string | undefined;
  offerId: string | undefined;
  sku: string | undefined;
  quantity: number | undefined;
  reason: string | undefined;
  statusName: string | undefined;
  /** Where it goes or waits (the seller's warehouse or the pickup point). */
  placeName: string | undefined;
  changedAt: string | undefined;
}

/** The decisions on an rFBS request, each offered only when Ozon lists it as available. */
export type RfbsDecision = "approve" | "reject" | "compensate" | "receive" | "return_money";

/**
 * `available_actions[].id` of `/v2/returns/rfbs/get` → the decision it allows. Ozon documents
 * -1 and -10 (reject, with a reason) and 1020 (partial compensation) in
 * `/v1/returns/rfbs/action/set`; the others are as the built-in sandbox speaks them, kept in this
 * one table so a correction from the live service is one line.
 */
export const RFBS_ACTION_IDS: Readonly<Record<number, RfbsDecision>> = {
  1: "approve",
  [-1]: "reject",
  [-10]: "reject",
  1020: "compensate",
  2: "receive",
  3: "return_money",
};

/** Days Ozon gives the seller to decide a new rFBS request (the deadline the alert names). */
export const RFBS_DECISION_DAYS = 7;

export interface RfbsRequestBrief {
  id: string;
  number: string | undefined;
  postingNumber: string | undefined;
  productName: string | undefined;
  /** Exact decimal string of the price, in `currency`. */
  price: string | undefined;
  currency: string | undefined;
  state: string | undefined;
  stateName: string | undefined;
  groupState: string | undefined;
  createdAt: string | undefined;
}

export interface RejectionReason {
  id: number;
  name: string;
  hint: string | undefined;
  commentRequired: boolean;
}

export interface RfbsRequest extends RfbsRequestBrief {
  clientName: string | undefined;
  comment: string | undefined;
  reason: string | undefined;
  isDefect: boolean;
  decisions: RfbsDecision[];
  rejectionReasons: RejectionReason[];
}

/** Open rFBS requests: new, on their way back, at the check, in dispute. */
const OPEN_GROUPS = ["New", "Delivering", "Checkout", "Arbitration"];
const PAGE = 500;
/** A pass reads at most this many pages of one status (far more than a shop has open). */
const MAX_PAGES = 10;

function decimal(value: number | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === "number" ? (Number.isFinite(value) ? String(value) : undefined) : value;
}

export function createReturnsApi(ctx: SellerContext) {
  return {
    /** Returns on their way back to the seller or waiting at the pickup point. */
    async open(signal?: AbortSignal): Promise<SellerReturn[]> {
      const out: SellerReturn[] = [];
      for (const [stage, statuses] of Object.entries(RETURN_STAGE_STATUSES) as Array<
        [ReturnStage, readonly string[]]
      >) {
        for (const status of statuses) {
          let lastId: string | undefined;
          for (let page = 0; page < MAX_PAGES; page++) {
            const answer = await ctx.http.call(returnsList, {
              body: {
                filter: { visual_status_name: status },
                limit: PAGE,
                ...(lastId ? { last_id: wireInt(lastId) } : {}),
              },
              ...(signal ? { signal } : {}),
            });
            const rows = answer.returns ?? [];
            for (const row of rows) {
              out.push({
                id: row.id,
                stage,
                postingNumber: row.posting_number,
                productName: row.product?.name,
                offerId: row.product?.offer_id,
                sku: row.product?.sku,
                quantity: row.product?.quantity ?? undefined,
                reason: row.return_reason_name,
                statusName: row.visual?.status?.display_name,
                placeName: (stage === "waiting_pickup" ? row.place : row.target_place)?.name,
                changedAt: row.visual?.change_moment,
              });
            }
            if (!answer.has_next || rows.length === 0) break;
            lastId = rows[rows.length - 1]?.id;
          }
        }
      }
      return out;
    },

    /** rFBS requests still waiting for something (new, delivering, at the check, disputed). */
    async rfbsOpen(signal?: AbortSignal): Promise<RfbsRequestBrief[]> {
      const out: RfbsRequestBrief[] = [];
      let lastId: number | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await ctx.http.call(rfbsList, {
          body: {
            filter: { group_state: OPEN_GROUPS },
            limit: PAGE,
            ...(lastId !== undefined ? { last_id: lastId } : {}),
          },
          ...(signal ? { signal } : {}),
        });
        const rows = answer.returns ?? [];
        for (const row of rows) {
          out.push({
            id: row.return_id,
            number: row.return_number,
            postingNumber: row.posting_number,
            productName: row.product?.name,
            price: decimal(row.product?.price),
            currency: row.product?.currency_code,
            state: row.state?.state,
            stateName: row.state?.state_name,
            groupState: row.state?.group_state,
            createdAt: row.created_at,
          });
        }
        const last = Number(rows[rows.length - 1]?.return_id);
        if (rows.length < PAGE || !Number.isSafeInteger(last)) break;
        lastId = last;
      }
      return out;
    },

    /** One request with what Ozon allows on it now. */
    async rfbsGet(id: string, signal?: AbortSignal): Promise<RfbsRequest> {
      const { returns: r } = await ctx.http.call(rfbsGet, {
        body: { return_id: wireInt(id) },
        ...(signal ? { signal } : {}),
      });
      const decisions = new Set<RfbsDecision>();
      for (const action of r.available_actions ?? []) {
        const decision = RFBS_ACTION_IDS[action.id];
        if (decision) decisions.add(decision);
      }
      return {
        id,
        number: r.return_number,
        postingNumber: r.posting_number,
        productName: r.product?.name,
        price: decimal(r.product?.price),
        currency: r.product?.currency_code,
        state: r.state?.state,
        stateName: r.state?.state_name,
        groupState: undefined,
        createdAt: r.created_at,
        clientName: r.client_name,
        comment: r.comment,
        reason: r.return_reason?.name,
        isDefect: r.return_reason?.is_defect ?? false,
        decisions: [...decisions],
        rejectionReasons: (r.rejection_reason ?? []).map((reason) => ({
          id: reason.id,
          name: reason.name ?? String(reason.id),
          hint: reason.hint,
          commentRequired: reason.is_comment_required ?? false,
        })),
      };
    },

    async approve(id: string): Promise<void> {
      await ctx.http.call(rfbsVerify, { body: { return_id: wireInt(id) } });
    },
    async reject(id: string, reasonId: number, comment?: string): Promise<void> {
      await ctx.http.call(rfbsReject, {
        body: {
          return_id: wireInt(id),
          rejection_reason_id: reasonId,
          ...(comment ? { comment } : {}),
        },
      });
    },
    /** A partial refund of `kopecks` (the buyer keeps the product). */
    async compensate(id: string, kopecks: bigint): Promise<void> {
      await ctx.http.call(rfbsCompensate, {
        body: { return_id: wireInt(id), compensation_amount: kopecksToDecimal(kopecks) },
      });
    },
    async receive(id: string): Promise<void> {
      await ctx.http.call(rfbsReceiveReturn, { body: { return_id: wireInt(id) } });
    },
    async returnMoney(id: string): Promise<void> {
      await ctx.http.call(rfbsReturnMoney, { body: { return_id: wireInt(id) } });
    },
  };
}

/** 123450n → "1234.50". */
export function kopecksToDecimal(kopecks: bigint): string {
  if (kopecks < 0n) throw new RangeError("a refund is never negative");
  const whole = kopecks / 100n;
  const cents = kopecks % 100n;
  return `${whole}.${cents.toString().padStart(2, "0")}`;
}

export type ReturnsApi = ReturnType<typeof createReturnsApi>;
