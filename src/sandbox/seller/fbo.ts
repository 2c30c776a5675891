/**
 * The sandbox's FBO methods: `/v3/posting/fbo/list` (a period of at most a year by the time the
 * order went into processing, statuses, cursor paging, ascending or descending),
 * `/v2/posting/fbo/get`, and the stock analytics per cluster `/v1/analytics/stocks`.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, jsonReply, notFound, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import {
  clusterOf,
  daysOfStock,
  FBO_CLUSTERS,
  type FboPostingState,
  fboDeskOf,
  turnoverGrade,
} from "./fbo-model.ts";

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const withSchema = z
  .object({
    analytics_data: z.boolean().optional(),
    financial_data: z.boolean().optional(),
    legal_info: z.boolean().optional(),
  })
  .optional();

function commonJson(p: FboPostingState, w: z.output<typeof withSchema>) {
  const cluster = clusterOf(p.clusterId);
  return {
    order_id: p.orderId,
    order_number: p.orderNumber,
    posting_number: p.postingNumber,
    status: p.status,
    cancel_reason_id: p.status === "cancelled" ? 506 : 0,
    created_at: iso(p.inProcessAt),
    in_process_at: iso(p.inProcessAt),
    additional_data: [],
    ...(w?.analytics_data
      ? {
          analytics_data: {
            city: cluster.city,
            delivery_type: "PVZ",
            is_legal: false,
            is_premium: false,
            payment_type_group_name: "картой онлайн",
            warehouse_id: cluster.warehouseId,
            warehouse_name: cluster.warehouseName,
          },
        }
      : {}),
  };
}

function listJson(p: FboPostingState, w: z.output<typeof withSchema>) {
  const cluster = clusterOf(p.clusterId);
  return {
    ...commonJson(p, w),
    substatus: p.status === "cancelled" ? "posting_canceled" : "posting_created",
    cancellation:
      p.status === "cancelled"
        ? {
            cancel_reason: p.cancelReason ?? "",
            cancellation_initiator: "Покупатель",
            cancellation_type: "customer",
          }
        : { cancel_reason: "", cancellation_initiator: "", cancellation_type: "" },
    products: p.lines.map((l) => ({
      digital_codes: [],
      is_marketplace_buyout: false,
      name: l.name,
      offer_id: l.offerId,
      price: { amount: l.price, currency: "RUB" },
      quantity: l.quantity,
      sku: l.sku,
    })),
    ...(w?.financial_data
      ? {
          financial_data: {
            cluster_from: cluster.name,
            cluster_to: cluster.name,
            products: p.lines.map((l) => ({
              actions: [],
              commission: { amount: 0, currency: "RUB", percent: 0 },
              old_price: Number(l.price),
              payout: Number(l.price),
              price: Number(l.price),
              product_id: l.sku,
              total_discount_percent: 0,
              total_discount_value: 0,
            })),
          },
        }
      : {}),
  };
}

function getJson(p: FboPostingState, w: z.output<typeof withSchema>) {
  const cluster = clusterOf(p.clusterId);
  return {
    ...commonJson(p, w),
    substatus: p.status === "cancelled" ? "posting_canceled" : "posting_created",
    products: p.lines.map((l) => ({
      digital_codes: [],
      name: l.name,
      offer_id: l.offerId,
      currency_code: "RUB",
      price: l.price,
      is_marketplace_buyout: false,
      quantity: l.quantity,
      sku: l.sku,
    })),
    ...(w?.financial_data
      ? {
          financial_data: {
            cluster_from: cluster.name,
            cluster_to: cluster.name,
            products: p.lines.map((l) => ({
              actions: [],
              currency_code: "RUB",
              customer_currency_code: "RUB",
              commission_amount: 0,
              commission_percent: 0,
              commissions_currency_code: "RUB",
              old_price: Number(l.price),
              payout: Number(l.price),
              price: Number(l.price),
              customer_price: Number(l.price),
              product_id: l.sku,
              quantity: l.quantity,
              total_discount_percent: 0,
              total_discount_value: 0,
            })),
          },
        }
      : {}),
  };
}

const readCursor = (cursor: string | undefined): number => {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, "base64url").toString("utf8"));
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : -1;
};
const writeCursor = (offset: number) => Buffer.from(String(offset), "utf8").toString("base64url");

export function fboRoutes(state: SandboxState): Route[] {
  const desk = fboDeskOf(state);
  const route = (pattern: string, handle: Route["handle"]): Route => ({
    service: "seller",
    auth: "seller",
    method: "POST",
    pattern,
    handle,
  });
  return [
    route("/v3/posting/fbo/list", (req) => {
      const body = readBody(
        req,
        z.object({
          cursor: z.string().optional(),
          filter: z
            .object({
              since: z.string().optional(),
              to: z.string().optional(),
              statuses: z.array(z.string()).optional(),
              posting_numbers: z.array(z.string()).optional(),
              order_numbers: z.array(z.string()).optional(),
            })
            .optional(),
          limit: z.number().int().optional(),
          sort_dir: z.enum(["ASC", "DESC"]).optional(),
          translit: z.boolean().optional(),
          with: withSchema,
        }),
      );
      const limit = body.limit ?? 100;
      if (limit < 1 || limit > 100) badRequest("seller", "limit must be from 1 to 100");
      const since = body.filter?.since ? Date.parse(body.filter.since) : state.now() - YEAR_MS;
      const to = body.filter?.to ? Date.parse(body.filter.to) : state.now();
      if (!Number.isFinite(since) || !Number.isFinite(to)) badRequest("seller", "bad period");
      if (to - since > YEAR_MS) badRequest("seller", "PERIOD_IS_TOO_LONG");
      const offset = readCursor(body.cursor);
      if (offset < 0) badRequest("seller", "bad cursor");
      const statuses = body.filter?.statuses?.length ? new Set(body.filter.statuses) : undefined;
      const numbers = body.filter?.posting_numbers?.length
        ? new Set(body.filter.posting_numbers)
        : undefined;
      const rows = [...desk.postings.values()]
        .filter((p) => p.inProcessAt >= since && p.inProcessAt <= to)
        .filter((p) => (statuses ? statuses.has(p.status) : true))
        .filter((p) => (numbers ? numbers.has(p.postingNumber) : true))
        .sort((a, b) =>
          body.sort_dir === "DESC"
            ? b.inProcessAt - a.inProcessAt || b.orderId - a.orderId
            : a.inProcessAt - b.inProcessAt || a.orderId - b.orderId,
        );
      const page = rows.slice(offset, offset + limit);
      const hasNext = offset + page.length < rows.length;
      return jsonReply({
        cursor: hasNext ? writeCursor(offset + page.length) : "",
        has_next: hasNext,
        postings: page.map((p) => listJson(p, body.with)),
      });
    }),
    route("/v2/posting/fbo/get", (req) => {
      const body = readBody(
        req,
        z.object({
          posting_number: z.string().min(1),
          translit: z.boolean().optional(),
          with: withSchema,
        }),
      );
      const found = desk.postings.get(body.posting_number);
      if (!found) notFound("seller", "posting not found");
      return jsonReply({ result: getJson(found, body.with) });
    }),
    route("/v1/analytics/stocks", (req) => {
      const body = readBody(
        req,
        z.object({
          skus: z.array(z.string()),
          cluster_ids: z.array(z.string()).optional(),
          macrolocal_cluster_ids: z.array(z.string()).optional(),
          warehouse_ids: z.array(z.string()).optional(),
          item_tags: z.array(z.string()).optional(),
          turnover_grades: z.array(z.string()).optional(),
        }),
      );
      if (body.skus.length === 0 || body.skus.length > 100) {
        badRequest("seller", "skus: from 1 to 100");
      }
      if (body.cluster_ids?.length && body.macrolocal_cluster_ids?.length) {
        badRequest("seller", "use only one of cluster_ids and macrolocal_cluster_ids");
      }
      const clusters = body.cluster_ids?.length ? new Set(body.cluster_ids.map(Number)) : undefined;
      const items = [];
      for (const skuText of body.skus) {
        const product = state.products.find((p) => String(p.sku) === skuText);
        if (!product) continue;
        const all = FBO_CLUSTERS.map(
          (c) =>
            desk.stock.get(`${product.sku}:${c.id}`) ?? { available: 0, transit: 0, dailySales: 0 },
        );
        const totalSales = all.reduce((s, x) => s + x.dailySales, 0);
        const totalAvailable = all.reduce((s, x) => s + x.available, 0);
        const total = { available: totalAvailable, transit: 0, dailySales: totalSales };
        for (const cluster of FBO_CLUSTERS) {
          const s = desk.stock.get(`${product.sku}:${cluster.id}`);
          if (!s || (clusters && !clusters.has(cluster.id))) continue;
          items.push({
            ads: Math.round(totalSales * 100) / 100,
            ads_cluster: s.dailySales,
            available_stock_count: s.available,
            cluster_id: cluster.id,
            cluster_name: cluster.name,
            days_without_sales: 0,
            days_without_sales_cluster: s.dailySales > 0 ? 0 : 28,
            excess_stock_count: 0,
            expiring_stock_count: 0,
            idc: daysOfStock(total),
            idc_cluster: daysOfStock(s),
            item_tags: ["ITEM_ATTRIBUTE_NONE"],
            macrolocal_cluster_id: cluster.id,
            name: product.name,
            offer_id: product.offerId,
            other_stock_count: 0,
            requested_stock_count: 0,
            return_from_customer_stock_count: 0,
            return_to_seller_stock_count: 0,
            sku: product.sku,
            stock_defect_stock_count: 0,
            transit_defect_stock_count: 0,
            transit_stock_count: s.transit,
            turnover_grade: turnoverGrade(total),
            turnover_grade_cluster: turnoverGrade(s),
            valid_stock_count: 0,
            waiting_docs_stock_count: 0,
            warehouse_id: cluster.warehouseId,
            warehouse_name: cluster.warehouseName,
          });
        }
      }
      return jsonReply({ items });
    }),
  ];
}
