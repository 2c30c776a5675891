/**
 * The seller's own deliveries (rFBS, a delivery service Ozon does not track): tracking numbers,
 * the manual statuses «Доставляется» → «Последняя миля» → «Доставлено», and disputes.
 *
 * Ozon's order rules, refused per posting in its words (HTTP 200, `result: false` and `error`):
 * - only a posting whose delivery the seller makes (`tpl_integration_type: non_integrated`);
 * - delivering from awaiting_deliver; last mile from delivering; delivered from delivering or the
 *   last mile; a tracking number while it is on its way (awaiting_deliver, delivering, last mile).
 * Arbitration: a posting handed to delivery, delivered or cancelled after shipping; else 400.
 * The list is `/v4/posting/fbs/list` (cursor, `limit` ≤ 100, `filter.statuses[]`, `sort_dir`): the
 * v3 form is switched off from 2026-06-01 and no longer answered.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, fail, GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Posting, PostingStatus, SandboxState } from "../state.ts";
import { declines } from "./declines.ts";
import { readCursor, writeCursor } from "./keyset-cursor.ts";
import { integrationTypeOf, OWN_DELIVERY_PROVIDER } from "./own-delivery.ts";
import { createPosting, type PostingSeed, setStatus } from "./posting-model.ts";
import { postingV4 } from "./posting-wire.ts";

export const MAX_TRACKING_NUMBERS = 20;
const YEAR_MS = 366 * 24 * 3_600_000;
const MAX_POSTINGS = 100;

/** A new posting the seller delivers itself (the control surface's `/_sandbox/deliveries`). */
export function addOwnDelivery(state: SandboxState, seed: PostingSeed = {}): Posting {
  const method = state.deliveryMethods.find((m) => m.tplProvider === OWN_DELIVERY_PROVIDER);
  if (!method) throw new Error("this store has no own-delivery method");
  const posting = createPosting(state, {
    status: "awaiting_deliver",
    ...seed,
    deliveryMethodId: method.id,
    warehouseId: method.warehouseId,
  });
  posting.ownDelivery = true;
  return posting;
}

type Step = "delivering" | "last-mile" | "delivered";

const FROM: Record<Step, readonly PostingStatus[]> = {
  delivering: ["awaiting_deliver"],
  "last-mile": ["delivering"],
  delivered: ["delivering", "driver_pickup"],
};
const TO: Record<Step, PostingStatus> = {
  delivering: "delivering",
  "last-mile": "driver_pickup",
  delivered: "delivered",
};
const TRACKABLE: readonly PostingStatus[] = ["awaiting_deliver", "delivering", "driver_pickup"];
const DISPUTABLE: readonly PostingStatus[] = [
  "delivering",
  "driver_pickup",
  "delivered",
  "cancelled",
];

interface ItemResult {
  posting_number: string;
  result: boolean;
  error: string;
}

const ok = (n: string): ItemResult => ({ posting_number: n, result: true, error: "" });
const refused = (n: string, error: string): ItemResult => ({
  posting_number: n,
  result: false,
  error,
});

/** Why Ozon will not touch this posting's delivery by hand, or undefined when it will. */
function notOwnDelivery(state: SandboxState, number: string): string | undefined {
  const posting = state.postings.get(number);
  if (!posting) return "POSTING_NOT_FOUND";
  if (integrationTypeOf(posting) !== "non_integrated") {
    return "POSTING_IS_NOT_NON_INTEGRATED: the delivery service reports this posting's statuses";
  }
  return undefined;
}

function move(state: SandboxState, step: Step, number: string): ItemResult {
  const why = notOwnDelivery(state, number);
  const posting = state.postings.get(number);
  if (why || !posting) return refused(number, why ?? "POSTING_NOT_FOUND");
  if (!FROM[step].includes(posting.status)) {
    return refused(
      number,
      `INVALID_POSTING_STATUS: cannot move from ${posting.status} to ${TO[step]}, expected ${FROM[step].join(" or ")}`,
    );
  }
  setStatus(state, posting, TO[step]);
  if (step === "last-mile") posting.substatus = "posting_in_courier_service";
  if (step === "delivering") posting.deliveringDate = state.now();
  return ok(number);
}

const numbers = z.object({
  posting_number: z.array(z.string().min(1)).min(1).max(MAX_POSTINGS),
});
const trackingBody = z.object({
  tracking_numbers: z
    .array(z.object({ posting_number: z.string().min(1), tracking_number: z.string() }))
    .min(1)
    .max(MAX_TRACKING_NUMBERS),
});

const dateTime = z.string().refine((v) => Number.isFinite(Date.parse(v)), "must be a date-time");
const int64Text = z.string().regex(/^\d+$/, "expected an int64 as a string");

/** `/v4/posting/fbs/list`'s request as the document writes it (filter and limit required). */
const listBody = z.object({
  cursor: z.string().optional(),
  filter: z.object({
    since: dateTime,
    to: dateTime,
    statuses: z.array(z.string()).optional(),
    delivery_method_ids: z.array(int64Text).max(1000).optional(),
    provider_ids: z.array(int64Text).max(1000).optional(),
    warehouse_ids: z.array(int64Text).max(1000).optional(),
    order_id: z.number().int().optional(),
    order_numbers: z.array(z.string()).max(100).optional(),
    is_blr_traceable: z.boolean().optional(),
    last_changed_status_date: z
      .object({ from: dateTime.optional(), to: dateTime.optional() })
      .optional(),
  }),
  limit: z.number().int().min(1).max(100),
  sort_dir: z.enum(["ASC", "DESC"]).optional(),
  translit: z.boolean().optional(),
  with: z
    .object({
      analytics_data: z.boolean().optional(),
      barcodes: z.boolean().optional(),
      financial_data: z.boolean().optional(),
      legal_info: z.boolean().optional(),
    })
    .optional(),
});

/** The answer without the fields the sandbox has no value for (the document has no nulls). */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null && field !== undefined) out[key] = withoutNulls(field);
  }
  return out as T;
}

export function deliveryRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller", method: "POST" } as const;
  const stepRoute = (step: Step): Route => ({
    ...seller,
    pattern: `/v2/fbs/posting/${step}`,
    handle(req) {
      const body = readBody(req, numbers);
      return jsonReply({ result: body.posting_number.map((n) => move(state, step, n)) });
    },
  });
  return [
    {
      ...seller,
      pattern: "/v4/posting/fbs/list",
      handle(req) {
        const body = readBody(req, listBody);
        const f = body.filter;
        const since = Date.parse(f.since);
        const to = Date.parse(f.to);
        if (to - since > YEAR_MS) badRequest("seller", "the period must be at most a year");
        const statuses = f.statuses?.length ? new Set(f.statuses) : undefined;
        const inList = (ids: string[] | undefined, id: number) =>
          !ids?.length || ids.includes(String(id));
        const providerOf = (p: Posting) =>
          state.deliveryMethods.find((m) => m.id === p.deliveryMethodId)?.tplProviderId ?? 0;
        const descending = body.sort_dir === "DESC";
        let all = [...state.postings.values()]
          .filter((p) => !statuses || statuses.has(p.status))
          .filter((p) => p.inProcessAt >= since && p.inProcessAt <= to)
          .filter((p) => inList(f.warehouse_ids, p.warehouseId))
          .filter((p) => inList(f.delivery_method_ids, p.deliveryMethodId))
          .filter((p) => inList(f.provider_ids, providerOf(p)))
          .filter((p) => !f.order_numbers?.length || f.order_numbers.includes(p.orderNumber))
          .filter((p) => f.order_id === undefined || p.orderId === f.order_id)
          .sort((a, b) => a.inProcessAt - b.inProcessAt || a.seq - b.seq);
        if (descending) all.reverse();
        if (body.cursor) {
          const [at, seq] = readCursor(body.cursor);
          all = all.filter((p) =>
            descending
              ? p.inProcessAt < at || (p.inProcessAt === at && p.seq < seq)
              : p.inProcessAt > at || (p.inProcessAt === at && p.seq > seq),
          );
        }
        const page = all.slice(0, body.limit);
        const last = page.at(-1);
        const hasNext = all.length > body.limit;
        return jsonReply({
          cursor: hasNext && last ? writeCursor(last.inProcessAt, last.seq) : "",
          has_next: hasNext,
          postings: page.map((p) => withoutNulls(postingV4(state, p, body.with ?? {}))),
        });
      },
    },
    {
      ...seller,
      pattern: "/v2/fbs/posting/tracking-number/set",
      handle(req) {
        const body = readBody(req, trackingBody);
        const result = body.tracking_numbers.map(({ posting_number: n, tracking_number: t }) => {
          const why = notOwnDelivery(state, n);
          const posting = state.postings.get(n);
          if (why || !posting) return refused(n, why ?? "POSTING_NOT_FOUND");
          const track = t.trim();
          if (track === "" || track.length > 64) return refused(n, "INVALID_TRACKING_NUMBER");
          if (!TRACKABLE.includes(posting.status)) {
            return refused(
              n,
              `INVALID_POSTING_STATUS: tracking number cannot be set in ${posting.status}`,
            );
          }
          posting.trackingNumber = track;
          return ok(n);
        });
        return jsonReply({ result });
      },
    },
    stepRoute("delivering"),
    stepRoute("last-mile"),
    stepRoute("delivered"),
    {
      ...seller,
      pattern: "/v2/posting/fbs/arbitration",
      handle(req) {
        const body = readBody(req, numbers);
        const postings = body.posting_number.map((n) => {
          const posting = state.postings.get(n);
          if (!posting) return fail(sellerError(404, GRPC.notFound, "POSTING_NOT_FOUND"));
          const cancelledBeforeShip =
            posting.status === "cancelled" && !posting.cancellation?.afterShip;
          if (!DISPUTABLE.includes(posting.status) || cancelledBeforeShip) {
            return fail(
              sellerError(
                400,
                GRPC.failedPrecondition,
                `ARBITRATION_NOT_ALLOWED: posting ${n} is ${posting.status}`,
              ),
            );
          }
          return posting;
        });
        // Armed by control.declineNext: Ozon says it did nothing, and nothing changes.
        if (declines(state, "/v2/posting/fbs/arbitration")) return jsonReply({ result: false });
        for (const posting of postings) setStatus(state, posting, "arbitration");
        return jsonReply({ result: true });
      },
    },
  ];
}
