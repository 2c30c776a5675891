/**
 * The FBO namespace: postings shipped from Ozon's warehouses, read by period and cursor
 * (`/v3/posting/fbo/list`, sorted by time ascending, 100 a page) or one by one
 * (`/v2/posting/fbo/get`), and the FBO stock analytics per product, warehouse and cluster
 * (`/v1/analytics/stocks`, 100 SKUs a request). Prices become exact kopecks at once (as decimal
 * digits, so that what is kept stays JSON).
 * Tests: none directly
 */
import type { z } from "zod";
import { ozonKopecks } from "../money.ts";
import type { SellerContext } from "./context.ts";
import { analyticsStocks, fboGet, fboList } from "./endpoints/fbo.ts";

export interface FboLine {
  sku: string | undefined;
  offerId: string | undefined;
  name: string | undefined;
  quantity: number;
  /** Price of one unit in kopecks, as decimal digits ("129000"); undefined when Ozon gave none. */
  priceKopecks: string | undefined;
}

export interface FboPosting {
  postingNumber: string;
  orderNumber: string | undefined;
  /** awaiting_packaging, awaiting_deliver, delivering, delivered, cancelled… */
  status: string;
  inProcessAt: string | undefined;
  createdAt: string | undefined;
  /** The buyer's city (where Ozon gives it) and the cluster the order goes to. */
  city: string | undefined;
  clusterTo: string | undefined;
  clusterFrom: string | undefined;
  warehouseName: string | undefined;
  cancelReason: string | undefined;
  lines: FboLine[];
}

/** One product in one Ozon warehouse of a cluster, as Ozon's FBO stock analytics say it. */
export interface FboStockRow {
  sku: string;
  offerId: string | undefined;
  name: string | undefined;
  clusterId: string | undefined;
  clusterName: string | undefined;
  warehouseId: string | undefined;
  available: number;
  inTransit: number;
  /** Average units sold a day over 28 days in the cluster. */
  dailySalesCluster: number | undefined;
  /** Days the cluster's stock lasts at that pace (Ozon's `idc_cluster`). */
  daysCluster: number | undefined;
  gradeCluster: string | undefined;
}

export interface FboListFilter {
  since: string;
  to: string;
  statuses?: readonly string[];
}

/** Postings a page (Ozon's maximum). */
const PAGE = 100;
/** A listing stops after this many pages (10 000 postings). */
const MAX_PAGES = 100;
/** SKUs a stock analytics request names (Ozon's maximum). */
export const FBO_STOCK_SKUS = 100;

type ListWire = NonNullable<z.output<(typeof fboList)["response"]>["postings"]>[number];
type GetWire = NonNullable<z.output<(typeof fboGet)["response"]>["result"]>;

const digits = (value: bigint | undefined) => (value === undefined ? undefined : String(value));

function fromList(wire: ListWire): FboPosting {
  const prices = new Map<string, string | undefined>();
  for (const p of wire.financial_data?.products ?? []) {
    if (p.product_id) prices.set(p.product_id, p.price);
  }
  return {
    postingNumber: wire.posting_number,
    orderNumber: wire.order_number,
    status: wire.status ?? "unknown",
    inProcessAt: wire.in_process_at,
    createdAt: wire.created_at,
    city: wire.analytics_data?.city,
    clusterTo: wire.financial_data?.cluster_to,
    clusterFrom: wire.financial_data?.cluster_from,
    warehouseName: wire.analytics_data?.warehouse_name,
    cancelReason: wire.cancellation?.cancel_reason,
    lines: (wire.products ?? []).map((p) => ({
      sku: p.sku,
      offerId: p.offer_id,
      name: p.name,
      quantity: p.quantity ?? 1,
      priceKopecks: digits(ozonKopecks(p.price?.amount ?? (p.sku ? prices.get(p.sku) : undefined))),
    })),
  };
}

function fromGet(wire: GetWire): FboPosting {
  return {
    postingNumber: wire.posting_number,
    orderNumber: wire.order_number,
    status: wire.status ?? "unknown",
    inProcessAt: wire.in_process_at,
    createdAt: wire.created_at,
    city: wire.analytics_data?.city,
    clusterTo: wire.financial_data?.cluster_to,
    clusterFrom: wire.financial_data?.cluster_from,
    warehouseName: wire.analytics_data?.warehouse_name,
    cancelReason: undefined,
    lines: (wire.products ?? []).map((p) => ({
      sku: p.sku,
      offerId: p.offer_id,
      name: p.name,
      quantity: p.quantity ?? 1,
      priceKopecks: digits(ozonKopecks(p.price)),
    })),
  };
}

export function createFboApi(ctx: SellerContext) {
  return {
    /** Postings of the period (by Ozon's `since`/`to`), oldest first, page after page. */
    async *list(filter: FboListFilter, signal?: AbortSignal): AsyncGenerator<FboPosting> {
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await ctx.http.call(fboList, {
          body: {
            filter: {
              since: filter.since,
              to: filter.to,
              ...(filter.statuses?.length ? { statuses: [...filter.statuses] } : {}),
            },
            limit: PAGE,
            sort_dir: "ASC",
            with: { analytics_data: true, financial_data: true },
            ...(cursor ? { cursor } : {}),
          },
          ...(signal ? { signal } : {}),
        });
        for (const wire of answer.postings ?? []) {
          if (seen.has(wire.posting_number)) continue;
          seen.add(wire.posting_number);
          yield fromList(wire);
        }
        const next = answer.cursor;
        if (!answer.has_next || !next || next === cursor) return;
        cursor = next;
      }
    },

    async get(postingNumber: string, signal?: AbortSignal): Promise<FboPosting | undefined> {
      const answer = await ctx.http.call(fboGet, {
        body: {
          posting_number: postingNumber,
          with: { analytics_data: true, financial_data: true },
        },
        ...(signal ? { signal } : {}),
      });
      return answer.result ? fromGet(answer.result) : undefined;
    },

    /** The FBO stock analytics of these SKUs, 100 a request, in turn. */
    async stocks(skus: readonly string[], signal?: AbortSignal): Promise<FboStockRow[]> {
      const rows: FboStockRow[] = [];
      const unique = [...new Set(skus)];
      for (let i = 0; i < unique.length; i += FBO_STOCK_SKUS) {
        const answer = await ctx.http.call(analyticsStocks, {
          body: { skus: unique.slice(i, i + FBO_STOCK_SKUS) },
          ...(signal ? { signal } : {}),
        });
        for (const item of answer.items ?? []) {
          rows.push({
            sku: item.sku,
            offerId: item.offer_id,
            name: item.name,
            clusterId: item.cluster_id,
            clusterName: item.cluster_name,
            warehouseId: item.warehouse_id,
            available: item.available_stock_count,
            inTransit: item.transit_stock_count,
            dailySalesCluster: item.ads_cluster,
            daysCluster: item.idc_cluster,
            gradeCluster: item.turnover_grade_cluster,
          });
        }
      }
      return rows;
    },
  };
}

export type FboApi = ReturnType<typeof createFboApi>;
