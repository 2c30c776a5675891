/**
 * The sandbox's FBO of one store: orders Ozon ships from its own warehouses (created by the
 * control, cancelled by the buyer) and the stock of each product per cluster with its sales pace,
 * from which the stock analytics are derived as Ozon describes them (days of stock, turnover
 * grade). Kept beside the store's state, as the ratings desk is.
 * Tests: none directly
 */
import { z } from "zod";
import type { Product, SandboxState } from "../state.ts";

export interface FboCluster {
  id: number;
  name: string;
  warehouseId: number;
  warehouseName: string;
  city: string;
}

export const FBO_CLUSTERS: readonly FboCluster[] = [
  {
    id: 4,
    name: "Москва, МО и Дальние регионы",
    warehouseId: 1020000000001,
    warehouseName: "ХОРУГВИНО_РФЦ",
    city: "Москва",
  },
  {
    id: 2,
    name: "Санкт-Петербург и СЗО",
    warehouseId: 1020000000002,
    warehouseName: "СПБ_ШУШАРЫ_РФЦ",
    city: "Санкт-Петербург",
  },
  {
    id: 17,
    name: "Урал",
    warehouseId: 1020000000003,
    warehouseName: "ЕКАТЕРИНБУРГ_РФЦ",
    city: "Екатеринбург",
  },
];

export interface FboLineState {
  sku: number;
  offerId: string;
  name: string;
  quantity: number;
  /** Roubles as Ozon writes them ("1290.00"). */
  price: string;
}

export interface FboPostingState {
  postingNumber: string;
  orderNumber: string;
  orderId: number;
  status: "awaiting_packaging" | "awaiting_deliver" | "delivering" | "delivered" | "cancelled";
  /** Epoch ms. */
  inProcessAt: number;
  clusterId: number;
  lines: FboLineState[];
  cancelReason?: string;
}

export interface FboStockState {
  available: number;
  transit: number;
  /** Average units sold a day over 28 days in the cluster. */
  dailySales: number;
}

interface FboDesk {
  postings: Map<string, FboPostingState>;
  seq: number;
  /** By `${sku}:${clusterId}`. */
  stock: Map<string, FboStockState>;
}

const desks = new WeakMap<SandboxState, FboDesk>();

export function fboDeskOf(state: SandboxState): FboDesk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { postings: new Map(), seq: 0, stock: new Map() };
    desks.set(state, desk);
  }
  return desk;
}

export function clusterOf(id: number): FboCluster {
  return FBO_CLUSTERS.find((c) => c.id === id) ?? (FBO_CLUSTERS[0] as FboCluster);
}

const lineInput = z.object({
  offerId: z.string().max(100).optional(),
  sku: z.number().int().optional(),
  quantity: z.number().int().min(1).max(1000).optional(),
  price: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .optional(),
});

const orderInput = z
  .object({
    lines: z.array(lineInput).min(1).max(50).optional(),
    clusterId: z.number().int().optional(),
    /** ISO time or epoch ms; default now. */
    at: z.union([z.string(), z.number()]).optional(),
  })
  .optional();

function productFor(state: SandboxState, line: z.output<typeof lineInput>, i: number): Product {
  const found = state.products.find(
    (p) => (line.offerId !== undefined && p.offerId === line.offerId) || p.sku === line.sku,
  );
  const product = found ?? state.products[i % state.products.length];
  if (!product) throw new Error("the sandbox store has no products");
  return product;
}

/** Control: a buyer orders from Ozon's warehouse (one product by default). */
export function addFboOrder(state: SandboxState, input?: unknown): FboPostingState {
  const seed = orderInput.parse(input) ?? {};
  const desk = fboDeskOf(state);
  desk.seq += 1;
  const orderId = 90_000_000 + desk.seq;
  const orderNumber = `${orderId}-${state.settings.credentials.sellerClientId.slice(-4).padStart(4, "0")}`;
  const at =
    seed.at === undefined
      ? state.now()
      : typeof seed.at === "number"
        ? seed.at
        : Date.parse(seed.at);
  const lines = (seed.lines ?? [{}]).map((line, i) => {
    const p = productFor(state, line, desk.seq + i);
    return {
      sku: p.sku,
      offerId: p.offerId,
      name: p.name,
      quantity: line.quantity ?? 1,
      price: line.price ?? p.price,
    };
  });
  const posting: FboPostingState = {
    postingNumber: `${orderNumber}-1`,
    orderNumber,
    orderId,
    status: "awaiting_packaging",
    inProcessAt: Number.isFinite(at) ? at : state.now(),
    clusterId: seed.clusterId ?? (FBO_CLUSTERS[desk.seq % FBO_CLUSTERS.length] as FboCluster).id,
    lines,
  };
  desk.postings.set(posting.postingNumber, posting);
  return posting;
}

/** Control: the buyer cancels an FBO order. */
export function cancelFboOrder(state: SandboxState, postingNumber: string): FboPostingState {
  const posting = fboDeskOf(state).postings.get(postingNumber);
  if (!posting) throw new Error(`FBO posting ${postingNumber} not found`);
  posting.status = "cancelled";
  posting.cancelReason = "Покупатель отменил заказ";
  return posting;
}

const stockInput = z.object({
  sku: z.number().int(),
  clusterId: z.number().int(),
  available: z.number().int().min(0).max(1_000_000).optional(),
  transit: z.number().int().min(0).max(1_000_000).optional(),
  dailySales: z.number().min(0).max(100_000).optional(),
});

/** Control: a product's FBO stock and sales pace in a cluster (what the analytics derive from). */
export function setFboStock(
  state: SandboxState,
  input: unknown,
): FboStockState & { sku: number; clusterId: number } {
  const seed = stockInput.parse(input);
  const desk = fboDeskOf(state);
  const key = `${seed.sku}:${seed.clusterId}`;
  const old = desk.stock.get(key) ?? { available: 0, transit: 0, dailySales: 0 };
  const next = {
    available: seed.available ?? old.available,
    transit: seed.transit ?? old.transit,
    dailySales: seed.dailySales ?? old.dailySales,
  };
  desk.stock.set(key, next);
  return { sku: seed.sku, clusterId: seed.clusterId, ...next };
}

/** Days the stock lasts at the pace, to a tenth (Ozon's `idc`); 0 without sales. */
export function daysOfStock(s: FboStockState): number {
  return s.dailySales > 0 ? Math.round((s.available / s.dailySales) * 10) / 10 : 0;
}

/** Ozon's turnover grade for days of stock, as its documents define the bands. */
export function turnoverGrade(s: FboStockState): string {
  if (s.dailySales <= 0) return s.available > 0 ? "NO_SALES" : "WAITING_FOR_SUPPLY";
  const days = daysOfStock(s);
  if (days < 28) return "DEFICIT";
  if (days < 56) return "POPULAR";
  if (days < 120) return "ACTUAL";
  return "SURPLUS";
}

export function fboSnapshot(state: SandboxState) {
  const desk = fboDeskOf(state);
  return {
    postings: [...desk.postings.values()].map((p) => ({
      ...p,
      inProcessAt: new Date(p.inProcessAt).toISOString(),
      lines: p.lines.map((l) => ({ ...l })),
    })),
    stock: [...desk.stock.entries()].map(([key, s]) => {
      const [sku, clusterId] = key.split(":").map(Number);
      return { sku, clusterId, ...s, days: daysOfStock(s), grade: turnoverGrade(s) };
    }),
  };
}
