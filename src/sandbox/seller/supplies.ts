/**
 * The sandbox's FBO supply orders of one store: made and moved through their states by the
 * control, answered by `/v3/supply-order/list` (by state, sorted, paged by `last_id`),
 * `/v3/supply-order/get`, `/v1/supply-order/bundle` and `/v1/supply-order/status/counter`.
 * Tests: none directly
 */
import { z } from "zod";
import { SUPPLY_STATES } from "../../ozon/seller/endpoints/supplies.ts";
import { badRequest, jsonReply, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import { FBO_CLUSTERS } from "./fbo-model.ts";

/** Ozon's documented states: the one list the client's endpoint declares. */
const STATES = SUPPLY_STATES;
type State = (typeof STATES)[number];

interface SupplyOrderState {
  orderId: number;
  number: string;
  state: State;
  createdAt: number;
  stateUpdatedAt: number;
  timeslotFrom: number;
  clusterIndex: number;
  /** The order's supplies, each with its own bundle of goods (one unless told). */
  parts: Array<{ supplyId: number; bundleId: string; items: SupplyLine[] }>;
}

interface SupplyLine {
  sku: number;
  offerId: string;
  name: string;
  quantity: number;
  productId: number;
}

interface SuppliesDesk {
  orders: Map<number, SupplyOrderState>;
  seq: number;
}

const desks = new WeakMap<SandboxState, SuppliesDesk>();
function deskOf(state: SandboxState): SuppliesDesk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { orders: new Map(), seq: 0 };
    desks.set(state, desk);
  }
  return desk;
}

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

const addInput = z
  .object({
    state: z.enum(STATES).optional(),
    items: z
      .array(
        z.object({
          offerId: z.string().optional(),
          quantity: z.number().int().min(1).max(100_000),
        }),
      )
      .min(1)
      .max(200)
      .optional(),
    /** Supplies the order is split into, each its own bundle (lines dealt in turn); default 1. */
    supplies: z.number().int().min(1).max(20).optional(),
    /** ISO time of the timeslot's start; default two days on. */
    timeslot: z.string().optional(),
  })
  .optional();

/** Control: a supply order (READY_TO_SUPPLY unless told), of the first products by default. */
export function addSupplyOrder(state: SandboxState, input?: unknown) {
  const seed = addInput.parse(input) ?? {};
  const desk = deskOf(state);
  desk.seq += 1;
  const now = state.now();
  const items = (seed.items ?? [{ quantity: 20 }, { quantity: 12 }]).map((line, i) => {
    const p =
      state.products.find((x) => x.offerId === line.offerId) ??
      state.products[i % state.products.length];
    if (!p) throw new Error("the sandbox store has no products");
    return {
      sku: p.sku,
      offerId: p.offerId,
      name: p.name,
      quantity: line.quantity,
      productId: p.productId,
    };
  });
  const at = seed.timeslot ? Date.parse(seed.timeslot) : now + 2 * DAY_MS;
  const order: SupplyOrderState = {
    orderId: 70_000_000 + desk.seq,
    number: `${2_000_000_000 + desk.seq}`,
    state: seed.state ?? "READY_TO_SUPPLY",
    createdAt: now,
    stateUpdatedAt: now,
    timeslotFrom: Number.isFinite(at) ? at : now + 2 * DAY_MS,
    clusterIndex: desk.seq % FBO_CLUSTERS.length,
    parts: Array.from({ length: seed.supplies ?? 1 }, (_, n) => ({
      supplyId: 80_000_000 + desk.seq * 100 + n,
      bundleId: `b${desk.seq.toString(16).padStart(8, "0")}${n === 0 ? "" : `-${n}`}-sandbox`,
      items: items.filter((_, i) => i % (seed.supplies ?? 1) === n),
    })),
  };
  desk.orders.set(order.orderId, order);
  return snapshotOf(order);
}

/** Control: Ozon moves a supply order to another state. */
export function setSupplyState(state: SandboxState, orderId: number, input: unknown) {
  const { state: next } = z.object({ state: z.enum(STATES) }).parse(input);
  const order = deskOf(state).orders.get(orderId);
  if (!order) throw new Error(`supply order ${orderId} not found`);
  order.state = next;
  order.stateUpdatedAt = state.now();
  return snapshotOf(order);
}

export function suppliesSnapshot(state: SandboxState) {
  return [...deskOf(state).orders.values()].map(snapshotOf);
}

function snapshotOf(o: SupplyOrderState) {
  return {
    orderId: o.orderId,
    number: o.number,
    state: o.state,
    timeslotFrom: iso(o.timeslotFrom),
    bundleId: o.parts[0]?.bundleId ?? "",
    bundleIds: o.parts.map((p) => p.bundleId),
    items: o.parts.flatMap((p) => p.items.map((i) => ({ ...i }))),
  };
}

function orderJson(o: SupplyOrderState) {
  const cluster = FBO_CLUSTERS[o.clusterIndex] ?? FBO_CLUSTERS[0];
  const warehouse = {
    address: `${cluster?.city ?? ""}, склад`,
    name: cluster?.warehouseName ?? "",
    warehouse_id: cluster?.warehouseId ?? 0,
  };
  return {
    created_date: iso(o.createdAt),
    data_filling_deadline_utc: iso(o.createdAt + DAY_MS),
    dropoff_warehouse: warehouse,
    order_id: o.orderId,
    order_number: o.number,
    order_tags: {
      is_econom: false,
      is_pickup: false,
      is_quant: false,
      is_super_fbo: false,
      is_virtual: false,
    },
    state: o.state,
    state_updated_date: iso(o.stateUpdatedAt),
    supplies: o.parts.map((part) => ({
      bundle_id: part.bundleId,
      is_crossdock: false,
      macrolocal_cluster_id: cluster?.id ?? 0,
      state: o.state,
      storage_warehouse: {
        address: warehouse.address,
        name: warehouse.name,
        warehouse_id: warehouse.warehouse_id,
      },
      supply_id: part.supplyId,
      supply_tags: { is_marking_required: false },
    })),
    timeslot: {
      timeslot: { from: iso(o.timeslotFrom), to: iso(o.timeslotFrom + 2 * 60 * 60 * 1000) },
      timezone_info: { iana_name: "Europe/Moscow", offset: "+03:00" },
    },
  };
}

export function supplyRoutes(state: SandboxState): Route[] {
  const desk = deskOf(state);
  const route = (pattern: string, handle: Route["handle"]): Route => ({
    service: "seller",
    auth: "seller",
    method: "POST",
    pattern,
    handle,
  });
  return [
    route("/v3/supply-order/list", (req) => {
      const body = readBody(
        req,
        z.object({
          filter: z.object({ states: z.array(z.enum(STATES)).min(1) }).passthrough(),
          limit: z.number().int(),
          sort_by: z.string(),
          sort_dir: z.enum(["ASC", "DESC"]).optional(),
          last_id: z.string().optional(),
        }),
      );
      if (body.limit < 1 || body.limit > 100) badRequest("seller", "limit must be from 1 to 100");
      const states = new Set<string>(body.filter.states);
      const key = (o: SupplyOrderState) =>
        body.sort_by === "ORDER_STATE_UPDATED_AT" ? o.stateUpdatedAt : o.createdAt;
      const desc = body.sort_dir === "DESC";
      const rows = [...desk.orders.values()]
        .filter((o) => states.has(o.state))
        .sort((a, b) =>
          desc
            ? key(b) - key(a) || b.orderId - a.orderId
            : key(a) - key(b) || a.orderId - b.orderId,
        );
      const start = body.last_id ? Number(body.last_id) : 0;
      if (!Number.isSafeInteger(start) || start < 0) badRequest("seller", "bad last_id");
      const page = rows.slice(start, start + body.limit);
      return jsonReply({
        last_id: start + page.length < rows.length ? String(start + page.length) : "",
        order_ids: page.map((o) => String(o.orderId)),
      });
    }),
    route("/v3/supply-order/get", (req) => {
      const body = readBody(req, z.object({ order_ids: z.array(z.string()) }));
      if (body.order_ids.length === 0 || body.order_ids.length > 50) {
        badRequest("seller", "order_ids: from 1 to 50");
      }
      const orders = body.order_ids.flatMap((id) => {
        const o = desk.orders.get(Number(id));
        return o ? [orderJson(o)] : [];
      });
      return jsonReply({ orders });
    }),
    route("/v1/supply-order/bundle", (req) => {
      const body = readBody(
        req,
        z.object({
          bundle_ids: z.array(z.string()),
          limit: z.number().int(),
          last_id: z.string().optional(),
          is_asc: z.boolean().optional(),
          query: z.string().optional(),
          sort_field: z.string().optional(),
        }),
      );
      // «Одним вызовом метода можно получить состав одной поставки»: one bundle a call.
      if (body.bundle_ids.length !== 1) {
        badRequest("seller", "bundle_ids: one supply's bundle per call");
      }
      if (body.limit < 1 || body.limit > 100) badRequest("seller", "limit must be from 1 to 100");
      const wanted = new Set(body.bundle_ids);
      const all = [...desk.orders.values()]
        .flatMap((o) => o.parts)
        .filter((part) => wanted.has(part.bundleId))
        .flatMap((part) => part.items);
      const start = body.last_id ? Number(body.last_id) : 0;
      const page = all.slice(start, start + body.limit);
      const hasNext = start + page.length < all.length;
      return jsonReply({
        items: page.map((i) => ({
          barcode: "",
          contractor_item_code: "",
          icon_path: "",
          is_quant_editable: false,
          name: i.name,
          offer_id: i.offerId,
          placement_zone: "PRODUCTS",
          product_id: i.productId,
          quant: 1,
          quantity: i.quantity,
          sfbo_attribute: "ITEM_SFBO_ATTRIBUTE_NONE",
          shipment_type: "BUNDLE_ITEM_SHIPMENT_TYPE_BOX",
          sku: i.sku,
          tags: [],
          total_volume_in_litres: i.quantity * 0.5,
          volume_in_litres: 0.5,
        })),
        total_count: all.length,
        has_next: hasNext,
        last_id: hasNext ? String(start + page.length) : "",
      });
    }),
    route("/v1/supply-order/status/counter", () => {
      const counts = new Map<string, number>();
      for (const o of desk.orders.values()) {
        if (o.state === "OVERDUE") continue;
        counts.set(o.state, (counts.get(o.state) ?? 0) + 1);
      }
      return jsonReply({
        items: [...counts.entries()].map(([s, count]) => ({
          count,
          order_state: `ORDER_STATE_${s}`,
        })),
      });
    }),
  ];
}
