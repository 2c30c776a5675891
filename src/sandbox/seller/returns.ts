/** The sandbox's returns and rFBS request routes over the model of returns-model.ts. */
import { z } from "zod";
import { GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import {
  ACTION_NAMES,
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
      price: Number(r.price),
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
  /** The request, if it exists and allows `action` now; else Ozon's refusal. */
  const allowing = (rawId: number, actions: readonly number[]) => {
    const found = request(rawId);
    if (!found) return { refusal: sellerError(404, GRPC.notFound, "return not found") };
    const allowed: readonly number[] = RFBS_STATES[found.state].actions;
    if (!actions.some((a) => allowed.includes(a))) {
      return {
        refusal: sellerError(
          400,
          GRPC.failedPrecondition,
          `action is not available for the return in state ${found.state}`,
        ),
      };
    }
    return { found };
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
      return jsonReply({
        returns: {
          ...requestBrief(found),
          available_actions: rule.actions.map((id) => ({ id, name: ACTION_NAMES[id] ?? "" })),
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
    route("/v2/returns/rfbs/verify", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }).passthrough());
      const { found, refusal } = allowing(return_id, [1]);
      if (!found) return refusal;
      found.state = "approved";
      return jsonReply({});
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
      const { found, refusal } = allowing(body.return_id, [-1, -10]);
      if (!found) return refusal;
      const reason = RFBS_REJECTION_REASONS.find((r) => r.id === body.rejection_reason_id);
      if (!reason) return sellerError(400, GRPC.invalidArgument, "unknown rejection_reason_id");
      if (reason.comment && !body.comment?.trim()) {
        return sellerError(400, GRPC.invalidArgument, "comment is required for this reason");
      }
      found.state = "rejected";
      found.rejection = { reasonId: reason.id, ...(body.comment ? { comment: body.comment } : {}) };
      return jsonReply({});
    }),
    route("/v2/returns/rfbs/compensate", (req) => {
      const body = readBody(
        req,
        z.object({ return_id: idSchema, compensation_amount: z.string() }),
      );
      const { found, refusal } = allowing(body.return_id, [1020]);
      if (!found) return refusal;
      if (!/^\d+(\.\d{1,2})?$/.test(body.compensation_amount)) {
        return sellerError(400, GRPC.invalidArgument, "compensation_amount must be a decimal");
      }
      const kopecks = (text: string) => {
        const [whole, frac = ""] = text.split(".");
        return BigInt(whole ?? "0") * 100n + BigInt(frac.padEnd(2, "0") || "0");
      };
      const asked = kopecks(body.compensation_amount);
      if (asked <= 0n || asked >= kopecks(found.price)) {
        return sellerError(
          400,
          GRPC.invalidArgument,
          "compensation_amount must be above zero and below the product's price",
        );
      }
      found.state = "compensated";
      found.compensation = body.compensation_amount;
      return jsonReply({});
    }),
    route("/v2/returns/rfbs/receive-return", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }));
      const { found, refusal } = allowing(return_id, [2]);
      if (!found) return refusal;
      found.state = "received";
      return jsonReply({});
    }),
    route("/v2/returns/rfbs/return-money", (req) => {
      const { return_id } = readBody(req, z.object({ return_id: idSchema }).passthrough());
      const { found, refusal } = allowing(return_id, [3]);
      if (!found) return refusal;
      found.state = "money_returned";
      return jsonReply({});
    }),
  ];
}
