/**
 * The FBS posting routes: lists (v3 pages, v4 cursors), get, ship, cancel, labels, and the seed's
 * mark methods (retirable: today's documents list none of them; today's form is exemplars.ts).
 * Tests: none directly
 */
import { z } from "zod";
import { binaryReply, jsonReply, readBody } from "../http.ts";
import { buildPdf } from "../pdf.ts";
import type { Route } from "../route-table.ts";
import { type Posting, type SandboxState, UNFULFILLED_STATUSES } from "../state.ts";
import { declines } from "./declines.ts";
import { readCursor, writeCursor } from "./keyset-cursor.ts";
import { isMarkValid } from "./marks.ts";
import {
  CANCEL_REASONS,
  cancelPosting,
  findPosting,
  postingError,
  shipPosting,
} from "./posting-actions.ts";
import { postingV3, postingV4, type WithFlags } from "./posting-wire.ts";

const intLike = z.union([
  z.number().int(),
  z.string().regex(/^\d+$/, "must be an integer").transform(Number),
]);
const dateText = z
  .string()
  .refine((v) => Number.isFinite(Date.parse(v)), "must be an RFC 3339 date-time");
const withSchema = z
  .object({
    analytics_data: z.boolean().optional(),
    barcodes: z.boolean().optional(),
    financial_data: z.boolean().optional(),
    legal_info: z.boolean().optional(),
    translit: z.boolean().optional(),
  })
  .optional();

// ---- Listing -----------------------------------------------------------------------------------

interface ListFilter {
  statuses?: string[];
  cutoffFrom?: string;
  cutoffTo?: string;
  warehouseIds?: number[];
  deliveryMethodIds?: number[];
  providerIds?: number[];
}

function matching(state: SandboxState, filter: ListFilter, descending: boolean): Posting[] {
  const from = filter.cutoffFrom ? Date.parse(filter.cutoffFrom) : undefined;
  const to = filter.cutoffTo ? Date.parse(filter.cutoffTo) : undefined;
  const list = [...state.postings.values()].filter((p) => {
    if (filter.statuses && filter.statuses.length > 0) {
      if (!filter.statuses.includes(p.status)) return false;
    } else if (!UNFULFILLED_STATUSES.has(p.status)) {
      return false;
    }
    if (from !== undefined && p.shipmentDate < from) return false;
    if (to !== undefined && p.shipmentDate > to) return false;
    if (filter.warehouseIds?.length && !filter.warehouseIds.includes(p.warehouseId)) return false;
    if (
      filter.deliveryMethodIds?.length &&
      !filter.deliveryMethodIds.includes(p.deliveryMethodId)
    ) {
      return false;
    }
    if (filter.providerIds?.length) {
      const method = state.deliveryMethods.find((m) => m.id === p.deliveryMethodId);
      if (!method || !filter.providerIds.includes(method.tplProviderId)) return false;
    }
    return true;
  });
  list.sort((a, b) => a.shipmentDate - b.shipmentDate || a.seq - b.seq);
  if (descending) list.reverse();
  return list;
}

const v3ListBody = z.object({
  dir: z.string().optional(),
  filter: z
    .object({
      cutoff_from: dateText.optional(),
      cutoff_to: dateText.optional(),
      delivering_date_from: dateText.optional(),
      delivering_date_to: dateText.optional(),
      delivery_method_id: z.array(intLike).optional(),
      provider_id: z.array(intLike).optional(),
      warehouse_id: z.array(intLike).optional(),
      status: z.string().optional(),
    })
    .optional(),
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0).optional(),
  with: withSchema,
});

const v4ListBody = z.object({
  cursor: z.string().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  sort_dir: z.string().optional(),
  filter: z
    .object({
      cutoff_from: dateText.optional(),
      cutoff_to: dateText.optional(),
      delivering_date_from: dateText.optional(),
      delivering_date_to: dateText.optional(),
      delivery_method_ids: z.array(intLike).optional(),
      provider_ids: z.array(intLike).optional(),
      warehouse_ids: z.array(intLike).optional(),
      statuses: z.array(z.string()).optional(),
    })
    .optional(),
  with: withSchema,
  translit: z.boolean().optional(),
});

// ---- Routes ------------------------------------------------------------------------------------

export function postingRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v3/posting/fbs/unfulfilled/list",
      retirable: true,
      handle(req) {
        const body = readBody(req, v3ListBody);
        const f = body.filter ?? {};
        const all = matching(
          state,
          {
            statuses: f.status ? [f.status] : undefined,
            cutoffFrom: f.cutoff_from,
            cutoffTo: f.cutoff_to,
            warehouseIds: f.warehouse_id,
            deliveryMethodIds: f.delivery_method_id,
            providerIds: f.provider_id,
          },
          body.dir?.toUpperCase() === "DESC",
        );
        const offset = body.offset ?? 0;
        const page = all.slice(offset, offset + body.limit);
        return jsonReply({
          result: {
            postings: page.map((p) => postingV3(state, p, body.with ?? {}, false)),
            count: all.length,
          },
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v4/posting/fbs/unfulfilled/list",
      handle(req) {
        const body = readBody(req, v4ListBody);
        const f = body.filter ?? {};
        const descending = body.sort_dir?.toUpperCase() === "DESC";
        let all = matching(
          state,
          {
            statuses: f.statuses,
            cutoffFrom: f.cutoff_from,
            cutoffTo: f.cutoff_to,
            warehouseIds: f.warehouse_ids,
            deliveryMethodIds: f.delivery_method_ids,
            providerIds: f.provider_ids,
          },
          descending,
        );
        if (body.cursor) {
          const [date, seq] = readCursor(body.cursor);
          const after = (p: Posting) =>
            descending
              ? p.shipmentDate < date || (p.shipmentDate === date && p.seq < seq)
              : p.shipmentDate > date || (p.shipmentDate === date && p.seq > seq);
          all = all.filter(after);
        }
        const limit = body.limit ?? 100;
        const page = all.slice(0, limit);
        const last = page.at(-1);
        const hasNext = all.length > limit;
        return jsonReply({
          postings: page.map((p) => postingV4(state, p, body.with ?? {})),
          cursor: hasNext && last ? writeCursor(last.shipmentDate, last.seq) : "",
          has_next: hasNext,
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v3/posting/fbs/get",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            with: z.record(z.string(), z.boolean()).optional(),
          }),
        );
        const posting = findPosting(state, body.posting_number);
        const flags: WithFlags = body.with ?? {};
        return jsonReply({ result: postingV3(state, posting, flags, true) });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/ship",
      retirable: true,
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            packages: z
              .array(
                z.object({
                  items: z.array(
                    z.object({
                      sku: intLike,
                      quantity: z.number().int().min(1),
                      mandatory_mark: z.array(z.string()).nullish(),
                    }),
                  ),
                }),
              )
              .min(1),
          }),
        );
        const posting = findPosting(state, body.posting_number);
        const packages = body.packages.map((p) =>
          p.items.map((i) => ({ id: i.sku, quantity: i.quantity, marks: i.mandatory_mark ?? [] })),
        );
        return jsonReply({ result: shipPosting(state, posting, packages, "v2") });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v4/posting/fbs/ship",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            packages: z
              .array(
                z.object({
                  products: z.array(
                    z.object({ product_id: intLike, quantity: z.number().int().min(1) }),
                  ),
                }),
              )
              .min(1),
            with: z.object({ additional_data: z.boolean().optional() }).optional(),
          }),
        );
        const posting = findPosting(state, body.posting_number);
        const packages = body.packages.map((p) =>
          p.products.map((i) => ({ id: i.product_id, quantity: i.quantity })),
        );
        const numbers = shipPosting(state, posting, packages, "v4");
        const additional = body.with?.additional_data
          ? numbers.map((n) => {
              const p = findPosting(state, n);
              return {
                posting_number: n,
                products: p.lines.map((l) => ({
                  sku: l.sku,
                  offer_id: l.offerId,
                  name: l.name,
                  price: l.price,
                  currency_code: "RUB",
                  quantity: l.quantity,
                  mandatory_mark: l.marks,
                })),
              };
            })
          : [];
        return jsonReply({ result: numbers, additional_data: additional });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/cancel",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            cancel_reason_id: intLike,
            cancel_reason_message: z.string().nullish(),
          }),
        );
        const posting = findPosting(state, body.posting_number);
        if (declines(state, "/v2/posting/fbs/cancel")) return jsonReply({ result: false });
        cancelPosting(
          state,
          posting,
          body.cancel_reason_id,
          body.cancel_reason_message ?? undefined,
        );
        return jsonReply({ result: true });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/cancel-reason/list",
      handle() {
        return jsonReply({
          result: CANCEL_REASONS.map((r) => ({
            id: r.id,
            title: r.title,
            type_id: r.type_id,
            is_available_for_cancellation: r.available,
          })),
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/package-label",
      async handle(req) {
        const body = readBody(
          req,
          z.object({ posting_number: z.array(z.string().min(1)).min(1).max(20) }),
        );
        const postings = body.posting_number.map((n) => findPosting(state, n));
        if (postings.some((p) => p.status === "cancelled"))
          postingError("POSTING_ALREADY_CANCELLED");
        const pdf = await buildPdf(
          postings.map((p) => [
            "OZON",
            p.postingNumber,
            `Order ${p.orderNumber}`,
            `Items: ${p.lines.reduce((n, l) => n + l.quantity, 0)}`,
            `Barcode ${p.barcodes.lower}`,
            `Ship by ${new Date(p.shipmentDate).toISOString().slice(0, 10)}`,
          ]),
        );
        return binaryReply("application/pdf", pdf, "labels.pdf");
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/product/mandatory-mark/is-required",
      retirable: true,
      handle(req) {
        const body = readBody(req, z.object({ sku: z.array(intLike).min(1) }));
        return jsonReply({
          result: body.sku.map((sku) => ({
            sku,
            is_required: state.products.some((p) => p.sku === sku && p.markRequired),
          })),
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/posting/fbs/product/mandatory-mark/validate",
      retirable: true,
      handle(req) {
        const body = readBody(req, z.object({ mandatory_mark: z.array(z.string()).min(1) }));
        return jsonReply({
          result: body.mandatory_mark.map((mark) => ({
            mandatory_mark: mark,
            result: isMarkValid(mark),
          })),
        });
      },
    },
  ];
}
