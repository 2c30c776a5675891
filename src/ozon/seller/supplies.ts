/**
 * The supplies namespace: a store's FBO supply orders (ids by state, then the orders 50 at a
 * time), a supply's contents, and the count per state.
 * Tests: none directly
 */
import type { SellerContext } from "./context.ts";
import {
  SUPPLY_STATES,
  supplyOrderBundle,
  supplyOrderGet,
  supplyOrderList,
  supplyStatusCounter,
} from "./endpoints/supplies.ts";

export type SupplyState = (typeof SUPPLY_STATES)[number];
export { SUPPLY_STATES };

export interface SupplyOrder {
  id: string;
  number: string | undefined;
  state: string;
  stateUpdatedAt: string | undefined;
  createdAt: string | undefined;
  /** Where the seller brings it. */
  warehouse: string | undefined;
  /** The storage warehouses it goes on to. */
  storage: string[];
  timeslotFrom: string | undefined;
  timeslotTo: string | undefined;
  timezone: string | undefined;
  bundleIds: string[];
}

export interface SupplyItem {
  sku: string | undefined;
  offerId: string | undefined;
  name: string | undefined;
  quantity: number;
}

const PAGE = 100;
const GET_BATCH = 50;
/** Orders listed at most in one read (far more than a store has open). */
const MAX_IDS = 2_000;
const MAX_ITEMS = 1_000;
/** Bundles (supplies) of one order whose contents a card reads: one call each. */
export const MAX_BUNDLES = 10;

export function createSuppliesApi(ctx: SellerContext) {
  const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    /** Ids of orders in these states, the latest changed first (at most `max`). */
    async ids(
      states: readonly SupplyState[],
      signal?: AbortSignal,
      max: number = MAX_IDS,
    ): Promise<string[]> {
      const ids: string[] = [];
      let lastId: string | undefined;
      const cap = Math.min(max, MAX_IDS);
      while (ids.length < cap) {
        const answer = await ctx.http.call(supplyOrderList, {
          body: {
            filter: { states: [...states] },
            limit: Math.min(PAGE, cap - ids.length),
            sort_by: "ORDER_STATE_UPDATED_AT",
            sort_dir: "DESC",
            ...(lastId ? { last_id: lastId } : {}),
          },
          ...opts(signal),
        });
        const page = answer.order_ids ?? [];
        ids.push(...page);
        if (!answer.last_id || answer.last_id === lastId) break;
        lastId = answer.last_id;
      }
      return [...new Set(ids)].slice(0, cap);
    },

    async get(ids: readonly string[], signal?: AbortSignal): Promise<SupplyOrder[]> {
      const out: SupplyOrder[] = [];
      for (let i = 0; i < ids.length; i += GET_BATCH) {
        const answer = await ctx.http.call(supplyOrderGet, {
          body: { order_ids: ids.slice(i, i + GET_BATCH) },
          ...opts(signal),
        });
        for (const o of answer.orders ?? []) {
          const supplies = o.supplies ?? [];
          out.push({
            id: o.order_id,
            number: o.order_number,
            state: o.state ?? "UNSPECIFIED",
            stateUpdatedAt: o.state_updated_date,
            createdAt: o.created_date,
            warehouse: o.dropoff_warehouse?.name,
            storage: [
              ...new Set(
                supplies.flatMap((s) =>
                  s.storage_warehouse?.name ? [s.storage_warehouse.name] : [],
                ),
              ),
            ],
            timeslotFrom: o.timeslot?.timeslot?.from,
            timeslotTo: o.timeslot?.timeslot?.to,
            timezone: o.timeslot?.timezone_info?.iana_name,
            bundleIds: supplies.flatMap((s) => (s.bundle_id ? [s.bundle_id] : [])),
          });
        }
      }
      return out;
    },

    /**
     * The contents of an order's supplies (at most 1 000 lines): one call (and its pages) per
     * bundle, as Ozon answers one supply's contents a call; the first MAX_BUNDLES bundles only.
     */
    async contents(bundleIds: readonly string[], signal?: AbortSignal): Promise<SupplyItem[]> {
      const items: SupplyItem[] = [];
      for (const bundleId of bundleIds.slice(0, MAX_BUNDLES)) {
        let lastId: string | undefined;
        while (items.length < MAX_ITEMS) {
          const answer = await ctx.http.call(supplyOrderBundle, {
            body: { bundle_ids: [bundleId], limit: 100, ...(lastId ? { last_id: lastId } : {}) },
            ...opts(signal),
          });
          for (const item of answer.items ?? []) {
            items.push({
              sku: item.sku,
              offerId: item.offer_id,
              name: item.name,
              quantity: item.quantity ?? 0,
            });
          }
          if (!answer.has_next || !answer.last_id || answer.last_id === lastId) break;
          lastId = answer.last_id;
        }
      }
      return items.slice(0, MAX_ITEMS);
    },

    /** Orders per state (Ozon's `ORDER_STATE_` prefix taken off). */
    async counts(signal?: AbortSignal): Promise<Map<string, number>> {
      const answer = await ctx.http.call(supplyStatusCounter, { body: {}, ...opts(signal) });
      const out = new Map<string, number>();
      for (const item of answer.items ?? []) {
        const state = item.order_state?.replace(/^ORDER_STATE_/, "");
        if (state && state !== "UNSPECIFIED") out.set(state, item.count ?? 0);
      }
      return out;
    },
  };
}

export type SuppliesApi = ReturnType<typeof createSuppliesApi>;
