/**
 * The sandbox's returns and rFBS request routes over the model of returns-model.ts. A decision is
 * `/v1/returns/rfbs/action/set` with an id the request's `available_actions` lists; the v2
 * decisions (verify, reject, compensate, receive-return, return-money), announced for switch-off,
 * still answer, each as the action it stands for.
 * Tests: none directly
 */
import { isLosslessNumber, parse } from "lossless-json";
import { z } from "zod";
import {
  GRPC,
  jsonReply,
  type Reply,
  readBody,
  type SandboxRequest,
  sellerError,
} from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import {
  ACTION_LEADS_TO,
  ACTION_NAMES,
  RFBS_ACTION,
  RFBS_REJECTION_REASONS,
  RFBS_STATES,
  type RfbsRequestRecord,
  returnsDeskOf,
  type SandboxReturn,
} from "./returns-model.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const idSchema = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

function returnJson(r: SandboxReturn) {
  return {
    id: r.id,
    company_id: 1,
    return_reason_name: r.reason,
    type: "FullReturn",
    schema: "FBS",
    order_id: 0,
    order_number: r.postingNumber.split("-").slice(0, 2).join("-"),
    place: { id: 1, name: "ПВЗ Ozon, Тверская 1", address: "Москва" },
    target_place: { id: 2, name: "Склад продавца", address: "Москва" },
    storage: {
      arrived_moment: r.status === "ArrivedAtReturnPlace" ? iso(r.changedAt) : null,
      days: 0,
    },
    product: {
      sku: r.sku,
      offer_id: r.offerId,
      name: r.name,
      price: { currency_code: "RUB", price: Number(r.price) },
      quantity: r.quantity,
    },
    logistic: { return_date: iso(r.changedAt), barcode: `ii${r.id}` },
    visual: {
      status: { id: 1, display_name: r.status, sys_name: r.status },
      change_moment: iso(r.changedAt),
    },
    posting_number: r.postingNumber,
  };
}

/** "150.50" → 15050n; undefined for anything but a plain positive-or-zero decimal of ≤ 2 places. */
function kopecksOf(text: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** A number field of the body exactly as it was written (`1234.50`), or undefined. */
function numberLiteral(req: SandboxRequest, field: string): string | undefined {
  try {
    const body = parse(req.rawBody.toString("utf8")) as Record<string, unknown> | null;
    const value = body?.[field];
    return isLosslessNumber(value) ? value.value : undefined;
  } catch {
    return undefined;
  }
}

function requestBrief(r: RfbsRequestRecord) {
  const rule = RFBS_STATES[r.state];
  return {
    client_name: r.clientName,
    created_at: iso(r.createdAt),
    order_number: r.postingNumber.split("-").slice(0, 2).join("-"),
    posting_number: r.postingNumber,
    product: {
      name: r.name,
      offer_id: r.offerId,
      currency_code: "RUB",
      // As a number, as documented; a price seeded in another form goes out as that text.
      price: /^\d+(?:\.\d{1,2})?$/.test(r.price) ? Number(r.price) : r.price,
      sku: r.sku,
    },
    return_id: r.id,
    return_number: r.number,
    state: {
      group_state: rule.group,
      money_return_state_name: "",
      state: r.state,
      state_name: rule.name,
    },
  };
}

export function returnRoutes(state: SandboxState): Route[] {
  const desk = returnsDeskOf(state);
  const request = (id: number) => desk.requests.get(id);
  /** The request, if it exists and offers `action` now; else Ozon's refusal. */
  const allowing = (rawId: number, actions: readonly number[]) => {
    const found = request(rawId);
    if (!found) return { refusal: sellerError(404, GRPC.notFound, "return not found") };
    const allowed: readonly number[] = RFBS_STATES[found.state].actions;
    const action = actions.find((a) => allowed.includes(a));
    if (action === undefined) {
      return {
        refusal: sellerError(
          400,
          GRPC.failedPrecondition,
          `action is not available for the return in state ${found.state}`,
        ),
      };
    }
    return { found, action };
  };
  /** A rejection's reason and comment, checked; a refusal when either is missing or unknown. */
  const rejection = (
    reasonId: number | undefined,
    comment: string | undefined,
    required: boolean,
  ) => {
    const reason = RFBS_REJECTION_REASONS.find((r) => r.id === reasonId);
    if (!reason)
      return { refusal: sellerError(400, GRPC.invalidArgument, "unknown rejection_reason_id") };
    if ((required || reason.comment) && !comment?.trim()) {
      return {
        refusal: sellerError(400, GRPC.invalidArgument, "comment is required for this reason"),
      };
    }
    return { reasonId: reason.id };
  };
  /** A compensation amount (its literal), checked against the price. */
  const compensation = (
    found: RfbsRequestRecord,
    literal: string | undefined,
  ): Reply | undefined => {
    const asked = literal === undefined ? undefined : kopecksOf(literal);
    // Ozon's own price may carry more zeros ("1290.0000"): they are not kopecks.
    const price = kopecksOf(found.price.replace(/(\.\d\d)0+$/, "$1")) ?? 0n;
    if (asked === undefined || asked <= 0n || asked >= price) {
      return sellerError(
        400,
        GRPC.invalidArgument,
        "compensation_amount must be above zero, below the product's price, with at most two decimals",
      );
    }
    return undefined;
  };
  /** The action taken: the request moves on and remembers what was done. */
  const take = (found: RfbsRequestRecord, action: number, via: string) => {
    found.state = ACTION_LEADS_TO[action] ?? found.state;
    found.taken.push({ id: action, via });
    return jsonReply({});
  };
  const route = (pattern: string, handle: Route["handle"]): Route => ({
    service: "seller",
    auth: "seller",
    method: "POST",
    pattern,
    handle,
  });
  return [
    route("/v1/returns/list", (req) => {
      const body = readBody(
        req,
        z.object({
          filter: z
            .object({
              visual_status_name: z.string().optional(),
              posting_numbers: z.array(z.string()).optional(),
            })
            .passthrough()
            .optional(),
          limit: z.number().int(),
          last_id: idSchema.optional(),
        }),
      );
      if (body.limit < 1 || body.limit > 500) {
        return sellerError(400, GRPC.invalidArgument, "limit must be from 1 to 500");
      }
      const status = body.filter?.visual_status_name;
      const numbers = body.filter?.posting_numbers;
      const rows = [...desk.returns.values()]
        .filter((r) => (status ? r.status === status : true))
        .filter((r) => (numbers?.length ? numbers.includes(r.postingNumber) : true))
        .filter((r) => (body.last_id !== undefined ? r.id > body.last_id : true))
        .sort((a, b) => a.id - b.id);
      const page = rows.slice(0, body.limit);
      return jsonReply({ returns: page.map(returnJson), has_next: rows.length > page.length });
    }),
    route("/v2/returns/rfbs/list", (req) => {
      const body = readBody(
        req,
        z.object({
          filter: z
            .object({
              group_state: z.array(z.string()).optional(),
              posting_number: z.string().optional(),
            })
            .passthrough()
            .optional(),
          last_id: z.number().int().optional(),
          limit: z.number().int(),
        }),
      );
      const groups = body.filter?.group_state?.filter((g) => g !== "All");
      const rows = [...desk.requests.values()]
        .filter((r) => (groups?.length ? groups.includes(RFBS_STATES[r.state].group) : true))
        .filter((r) =>
          body.filter?.posting_number ? r.postingNumber === body.filter.posting_number : true,
        )
        .filter((r) => (body.last_id !== undefined ? r.id > body.last_id : true))
        .sort((a, b) => a.id - b.id)
        .slice(0, Math.max(1, Math.min(body.limit, 1000)));
      return jsonReply({ returns: rows.map(requestBrief) });
    }),
    route("/v2/returns/rfbs/get", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }));
      const found = request(return_id);
      if (!found) return sellerError(404, GRPC.notFound, "return not found");
      const rule = RFBS_STATES[found.state];
      const brief = requestBrief(found);
      const actions = rule.actions.map((id) => ({ id, name: ACTION_NAMES[id] ?? "" }));
      return jsonReply({
        returns: {
          available_actions:
            desk.actionShape === "example" ? actions.map((action) => ({ action })) : actions,
          client_name: brief.client_name,
          created_at: brief.created_at,
          order_number: brief.order_number,
          posting_number: brief.posting_number,
          product: brief.product,
          return_number: brief.return_number,
          client_photo: [],
          client_return_method_type: { id: 1, name: "Почта России" },
          comment: found.comment,
          rejection_comment: found.rejection?.comment ?? "",
          rejection_reason: RFBS_REJECTION_REASONS.map((r) => ({
            hint: r.hint,
            id: r.id,
            is_comment_required: r.comment,
            name: r.name,
          })),
          return_method_description: "Почтой России",
          return_reason: { id: 1, is_defect: found.isDefect, name: found.reason },
          ru_post_tracking_number: "",
          state: { state: found.state, state_name: rule.name },
          warehouse_id: 1,
        },
      });
    }),
    route("/v1/returns/rfbs/action/set", (req) => {
      const body = readBody(
        req,
        z.object({
          return_id: z.number().int(),
          id: z.number().int().optional(),
          comment: z.string().optional(),
          compensation_amount: z.number().optional(),
          rejection_reason_id: z.number().int().optional(),
          return_for_back_way: z.number().optional(),
        }),
      );
      if (body.id === undefined) return sellerError(400, GRPC.invalidArgument, "id is required");
      const { found, action, refusal } = allowing(body.return_id, [body.id]);
      if (!found || action === undefined) return refusal;
      if (action === RFBS_ACTION.reject || action === RFBS_ACTION.rejectAfterCheck) {
        // The documents: rejection_reason_id and comment are required for -1 and -10.
        const checked = rejection(body.rejection_reason_id, body.comment, true);
        if (checked.refusal) return checked.refusal;
        found.rejection = { reasonId: checked.reasonId, comment: body.comment as string };
      }
      if (action === RFBS_ACTION.compensate) {
        const literal = numberLiteral(req, "compensation_amount");
        const refusal = compensation(found, literal);
        if (refusal) return refusal;
        found.compensation = literal;
      }
      return take(found, action, "action/set");
    }),
    route("/v2/returns/rfbs/verify", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }).passthrough());
      const { found, action, refusal } = allowing(return_id, [RFBS_ACTION.approve]);
      if (!found || action === undefined) return refusal;
      return take(found, action, "v2");
    }),
    route("/v2/returns/rfbs/reject", (req) => {
      const body = readBody(
        req,
        z.object({
          return_id: idSchema,
          rejection_reason_id: z.number().int(),
          comment: z.string().optional(),
        }),
      );
      const { found, action, refusal } = allowing(body.return_id, [
        RFBS_ACTION.reject,
        RFBS_ACTION.rejectAfterCheck,
      ]);
      if (!found || action === undefined) return refusal;
      // The v2 form wants a comment only where the reason says so.
      const checked = rejection(body.rejection_reason_id, body.comment, false);
      if (checked.refusal) return checked.refusal;
      found.rejection = {
        reasonId: checked.reasonId,
        ...(body.comment ? { comment: body.comment } : {}),
      };
      return take(found, action, "v2");
    }),
    route("/v2/returns/rfbs/compensate", (req) => {
      const body = readBody(
        req,
        z.object({ return_id: idSchema, compensation_amount: z.string() }),
      );
      const { found, action, refusal } = allowing(body.return_id, [RFBS_ACTION.compensate]);
      if (!found || action === undefined) return refusal;
      const wrong = compensation(found, body.compensation_amount);
      if (wrong) return wrong;
      found.compensation = body.compensation_amount;
      return take(found, action, "v2");
    }),
    route("/v2/returns/rfbs/receive-return", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }));
      const { found, action, refusal } = allowing(return_id, [RFBS_ACTION.receive]);
      if (!found || action === undefined) return refusal;
      return take(found, action, "v2");
    }),
    route("/v2/returns/rfbs/return-money", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }).passthrough());
      const { found, action, refusal } = allowing(return_id, [RFBS_ACTION.returnMoney]);
      if (!found || action === undefined) return refusal;
      return take(found, action, "v2");
    }),
  ];
}
