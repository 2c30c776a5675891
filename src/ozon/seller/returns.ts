/**
 * The returns namespace: returns on their way back to the seller or waiting for pickup
 * (`/v1/returns/list`), and the rFBS return requests with the actions Ozon offers on each.
 *
 * An action is what Ozon lists in `available_actions` of `/v2/returns/rfbs/get`, with its id and
 * its name, and goes back by its id to `/v1/returns/rfbs/action/set`. The documents name three:
 * -1 and -10 reject (a reason and a comment), 1020 a partial compensation (an amount); any other
 * id is sent as it came. Where a store does not answer action/set (404), a rejection or a
 * compensation goes through the v2 method it replaced; another action has no documented v2 twin.
 *
 * Money is exact: a price Ozon writes as a number becomes its shortest decimal string ("1299.9")
 * and the partial refund goes out as the exact decimal of kopecks the person confirmed.
 * Tests: test/ozon/seller/after-sale.test.ts
 */
import { isRetiredMethodError, OzonInputError } from "../errors.ts";
import { jsonDecimal } from "../json.ts";
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  returnsList,
  rfbsActionSet,
  rfbsCompensate,
  rfbsGet,
  rfbsList,
  rfbsReject,
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

/**
 * What an action needs before it is sent: the documents name -1 and -10 (reject: a reason and a
 * comment) and 1020 (partial compensation: an amount); every other id needs nothing.
 */
export type RfbsActionKind = "reject" | "compensate" | "other";

export const RFBS_REJECT_ACTION_IDS: readonly number[] = [-1, -10];
export const RFBS_COMPENSATE_ACTION_ID = 1020;

export function rfbsActionKind(id: number): RfbsActionKind {
  if (RFBS_REJECT_ACTION_IDS.includes(id)) return "reject";
  return id === RFBS_COMPENSATE_ACTION_ID ? "compensate" : "other";
}

/** One action Ozon offers on a request now, as it names it (undefined when it gave no name). */
export interface RfbsAction {
  id: number;
  name: string | undefined;
  kind: RfbsActionKind;
}

/** What goes with the action's id: its kind must be the id's (rfbsActionKind). */
export type RfbsActionInput =
  | { kind: "reject"; reasonId: number; comment: string }
  | { kind: "compensate"; kopecks: bigint }
  | { kind: "other" };

/** Which method took the action: action/set, or the v2 method it replaced (its fallback). */
export type RfbsActionVia = "action/set" | "v2";

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
  /** The actions Ozon offers now, in its order, each id once. */
  actions: RfbsAction[];
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
      const actions = new Map<number, RfbsAction>();
      for (const action of r.available_actions ?? []) {
        if (!action || !Number.isSafeInteger(action.id) || actions.has(action.id)) continue;
        actions.set(action.id, {
          id: action.id,
          name: action.name,
          kind: rfbsActionKind(action.id),
        });
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
        actions: [...actions.values()],
        rejectionReasons: (r.rejection_reason ?? []).map((reason) => ({
          id: reason.id,
          name: reason.name ?? String(reason.id),
          hint: reason.hint,
          commentRequired: reason.is_comment_required ?? false,
        })),
      };
    },

    /**
     * Takes the action `actionId` Ozon offered on the request, with what its kind needs. Where the
     * store answers action/set 404, a rejection or a compensation goes through its v2 method.
     */
    async act(id: string, actionId: number, input: RfbsActionInput): Promise<RfbsActionVia> {
      if (rfbsActionKind(actionId) !== input.kind) {
        throw new OzonInputError("id", `action ${actionId} is not a ${input.kind} action`);
      }
      const returnId = wireInt(id);
      try {
        await ctx.http.call(rfbsActionSet, {
          body: {
            return_id: returnId,
            id: actionId,
            ...(input.kind === "reject"
              ? { rejection_reason_id: input.reasonId, comment: input.comment }
              : {}),
            ...(input.kind === "compensate"
              ? { compensation_amount: jsonDecimal(kopecksToDecimal(input.kopecks)) }
              : {}),
          },
        });
        return "action/set";
      } catch (error) {
        if (!isRetiredMethodError(error) || input.kind === "other") throw error;
        ctx.logger?.warn(
          { err: error, action: actionId },
          "Ozon did not answer /v1/returns/rfbs/action/set: deciding through the v2 method",
        );
      }
      if (input.kind === "reject") {
        await ctx.http.call(rfbsReject, {
          body: {
            return_id: returnId,
            rejection_reason_id: input.reasonId,
            comment: input.comment,
          },
        });
      } else {
        await ctx.http.call(rfbsCompensate, {
          body: { return_id: returnId, compensation_amount: kopecksToDecimal(input.kopecks) },
        });
      }
      return "v2";
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
