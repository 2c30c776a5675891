/**
 * A posting's life in the sandbox: made up from a seed (the rest generated), its status moved,
 * shipped as packages; and the plain snapshot tests read. How the API writes it: posting-wire.ts.
 * Tests: none directly
 */
import { CITIES, DELIVERY_TYPES, NO_NEEDS, PAYMENT_TYPES, pickDistinct } from "../data.ts";
import type {
  Cancellation,
  ExemplarNeeds,
  Posting,
  PostingLine,
  PostingStatus,
  Product,
  SandboxState,
} from "../state.ts";
import { postingMoved, reserveForPosting } from "./stock-model.ts";

/** What a test or the control surface may fix about a new posting; the rest is generated. */
export interface PostingSeed {
  postingNumber?: string;
  status?: PostingStatus;
  products?: Array<{
    sku?: number;
    quantity?: number;
    name?: string;
    offerId?: string;
    price?: string;
    markRequired?: boolean;
    /**
     * What else each unit needs before packing (GTD, RNPT, IMEI, UIN, weight). Unset: a catalogue
     * SKU's own needs, nothing for a new product.
     */
    needs?: Partial<ExemplarNeeds>;
  }>;
  warehouseId?: number;
  deliveryMethodId?: number;
  shipmentDate?: string | number | Date;
  inProcessAt?: string | number | Date;
  isExpress?: boolean;
  /** A delivering or delivered posting's tracking number (default 14 random digits). */
  trackingNumber?: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SUBSTATUS_OF: Record<PostingStatus, string> = {
  awaiting_registration: "posting_awaiting_registration",
  acceptance_in_progress: "posting_acceptance_in_progress",
  awaiting_approve: "posting_created",
  awaiting_packaging: "posting_created",
  awaiting_deliver: "posting_transferring_to_delivery",
  arbitration: "posting_in_arbitration",
  client_arbitration: "posting_in_client_arbitration",
  delivering: "posting_on_way_to_city",
  driver_pickup: "posting_driver_pick_up",
  delivered: "posting_delivered",
  cancelled: "posting_canceled",
  not_accepted: "posting_not_in_sort_center",
};

function toMs(value: string | number | Date | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isFinite(ms) ? ms : fallback;
}

/** The next shipment cut-off: 14:00 Moscow (11:00 UTC) one to three days ahead. */
function nextShipmentDate(state: SandboxState, now: number): number {
  const date = new Date(now + state.random.int(1, 3) * DAY);
  date.setUTCHours(11, 0, 0, 0);
  return date.getTime();
}

function newOrderNumber(state: SandboxState): { orderNumber: string; orderId: number } {
  for (;;) {
    const orderNumber = `${state.random.digits(8)}-${String(state.random.int(1, 999)).padStart(4, "0")}`;
    if (!state.orderNumbers.has(orderNumber)) {
      return { orderNumber, orderId: state.random.int(30_000_000_000, 39_999_999_999) };
    }
  }
}

function linesFor(state: SandboxState, seed: PostingSeed): PostingLine[] {
  if (!seed.products || seed.products.length === 0) {
    const count = state.random.chance(0.7) ? 1 : state.random.int(2, 3);
    return pickDistinct(state.random, state.products, count).map((p) =>
      lineOf(p, state.random.chance(0.85) ? 1 : 2),
    );
  }
  return seed.products.map((wanted) => {
    let product = state.products.find((p) => p.sku === wanted.sku);
    if (!product) {
      const base = state.random.pick(state.products);
      product = {
        ...base,
        sku: wanted.sku ?? state.random.int(140_000_000, 1_999_999_999),
        productId: state.random.int(100_000_000, 999_999_999),
        name: wanted.name ?? base.name,
        offerId: wanted.offerId ?? `${base.offerId}-${state.random.digits(3)}`,
        price: wanted.price ?? base.price,
        markRequired: wanted.markRequired ?? base.markRequired,
      };
      delete product.needs;
      if (wanted.needs) product.needs = { ...NO_NEEDS, ...wanted.needs };
      state.products.push(product);
    }
    const line = lineOf(product, wanted.quantity ?? 1);
    if (wanted.name) line.name = wanted.name;
    if (wanted.offerId) line.offerId = wanted.offerId;
    if (wanted.price) line.price = wanted.price;
    if (wanted.markRequired !== undefined) line.markRequired = wanted.markRequired;
    if (wanted.needs) line.needs = { ...(line.needs ?? NO_NEEDS), ...wanted.needs };
    return line;
  });
}

function lineOf(product: Product, quantity: number): PostingLine {
  return {
    sku: product.sku,
    productId: product.productId,
    offerId: product.offerId,
    name: product.name,
    price: product.price,
    oldPrice: product.oldPrice,
    quantity,
    markRequired: product.markRequired,
    ...(product.needs ? { needs: { ...product.needs } } : {}),
    marks: [],
  };
}

export function createPosting(state: SandboxState, seed: PostingSeed = {}): Posting {
  if (seed.postingNumber && state.postings.has(seed.postingNumber)) {
    throw new Error(`posting ${seed.postingNumber} already exists`);
  }
  const now = state.now();
  const random = state.random;
  const { orderNumber, orderId } = newOrderNumber(state);
  const method =
    state.deliveryMethods.find((m) => m.id === seed.deliveryMethodId) ??
    random.pick(
      state.deliveryMethods.filter(
        (m) => seed.warehouseId === undefined || m.warehouseId === seed.warehouseId,
      ),
    );
  const place = random.pick(CITIES);
  const status = seed.status ?? "awaiting_packaging";
  const postingNumber = seed.postingNumber ?? `${orderNumber}-${random.int(1, 3)}`;
  const posting: Posting = {
    seq: ++state.postingSeq,
    postingNumber,
    orderId,
    orderNumber: postingNumber.split("-").slice(0, 2).join("-"),
    status,
    substatus: SUBSTATUS_OF[status],
    previousSubstatus: "",
    inProcessAt: toMs(seed.inProcessAt, now - random.int(1, 180) * 60_000),
    shipmentDate: toMs(seed.shipmentDate, nextShipmentDate(state, now)),
    deliveringDate: null,
    statusChangedAt: now,
    warehouseId: method?.warehouseId ?? seed.warehouseId ?? 0,
    deliveryMethodId: method?.id ?? 0,
    lines: linesFor(state, seed),
    city: place.city,
    region: place.region,
    deliveryType: random.pick(DELIVERY_TYPES),
    isPremium: random.chance(0.2),
    paymentType: random.pick(PAYMENT_TYPES),
    isExpress: seed.isExpress ?? random.chance(0.1),
    trackingNumber: "",
    barcodes: { upper: `%${random.digits(12)}%`, lower: random.digits(14) },
    cancellation: null,
    customerId: random.int(10_000_000, 99_999_999),
    failNextShip: false,
  };
  if (status === "cancelled") {
    posting.cancellation = {
      reasonId: 352,
      reason: "Товар закончился на складе продавца",
      type: "seller",
      initiator: "Продавец",
      afterShip: false,
    };
  }
  if (status === "delivering" || status === "delivered") {
    posting.deliveringDate = now - random.int(1, 48) * HOUR;
    posting.trackingNumber = seed.trackingNumber ?? random.digits(14);
  }
  state.postings.set(posting.postingNumber, posting);
  state.orderNumbers.add(posting.orderNumber);
  reserveForPosting(state, posting);
  if (status === "awaiting_packaging") {
    state.onEvent?.({
      message_type: "TYPE_NEW_POSTING",
      posting_number: posting.postingNumber,
      products: posting.lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
      in_process_at: new Date(now).toISOString(),
      warehouse_id: posting.warehouseId,
    });
  }
  return posting;
}

export function setStatus(state: SandboxState, posting: Posting, status: PostingStatus): void {
  const old = posting.status;
  posting.previousSubstatus = posting.substatus;
  posting.status = status;
  posting.substatus = SUBSTATUS_OF[status];
  posting.statusChangedAt = state.now();
  postingMoved(state, posting, old, status);
  const changedAt = new Date(posting.statusChangedAt).toISOString();
  const reason = posting.cancellation
    ? { reason: { id: posting.cancellation.reasonId, message: posting.cancellation.reason } }
    : {};
  state.onEvent?.(
    status === "cancelled"
      ? {
          message_type: "TYPE_POSTING_CANCELLED",
          posting_number: posting.postingNumber,
          old_state: old,
          new_state: status,
          changed_state_date: changedAt,
          ...reason,
          warehouse_id: posting.warehouseId,
        }
      : {
          message_type: "TYPE_STATE_CHANGED",
          posting_number: posting.postingNumber,
          new_state: status,
          changed_state_date: changedAt,
          warehouse_id: posting.warehouseId,
        },
  );
}

/** A buyer's reason as the live service writes it (v1 cancel-reason list, buyer's side). */
export const BUYER_CANCEL_REASON = { reasonId: 506, reason: "Нашёл дешевле" } as const;

/**
 * Cancelled by someone other than the seller (the buyer by default): the cancellation as live
 * Ozon writes it, then the status (which pushes TYPE_POSTING_CANCELLED).
 */
export function cancelBy(
  state: SandboxState,
  posting: Posting,
  by: { type?: Cancellation["type"]; initiator?: string; reasonId?: number; reason?: string } = {},
): void {
  if (posting.status === "cancelled")
    throw new Error(`posting ${posting.postingNumber} is already cancelled`);
  const type = by.type ?? "customer";
  posting.cancellation = {
    reasonId: by.reasonId ?? BUYER_CANCEL_REASON.reasonId,
    reason: by.reason ?? BUYER_CANCEL_REASON.reason,
    type,
    initiator: by.initiator ?? INITIATORS[type],
    afterShip: posting.status !== "awaiting_packaging" && posting.status !== "awaiting_approve",
  };
  setStatus(state, posting, "cancelled");
}

const INITIATORS: Record<Cancellation["type"], string> = {
  seller: "Продавец",
  customer: "Покупатель",
  client: "Клиент",
  ozon: "Ozon",
  system: "Система",
  delivery: "Служба доставки",
};

/** Ozon moved the shipping deadline (cut-off): pushes TYPE_CUTOFF_DATE_CHANGED. */
export function moveCutoff(state: SandboxState, posting: Posting, to: number): void {
  const old = posting.shipmentDate;
  posting.shipmentDate = to;
  state.onEvent?.({
    message_type: "TYPE_CUTOFF_DATE_CHANGED",
    posting_number: posting.postingNumber,
    new_cutoff_date: new Date(to).toISOString(),
    old_cutoff_date: new Date(old).toISOString(),
    warehouse_id: posting.warehouseId,
  });
}

/**
 * Ships a posting as checked packages (each the lines it holds): the first package stays the
 * posting, each further one becomes a new posting of the same order, `<order number>-<n>`; all of
 * them await delivery. Returns them in package order.
 */
export function shipAsPackages(
  state: SandboxState,
  posting: Posting,
  packages: PostingLine[][],
): Posting[] {
  // Copies are taken while the posting is untouched, so each starts from its packaging state.
  const targets = packages.map((_, index) =>
    index === 0 ? posting : newPostingOfOrder(state, posting),
  );
  targets.forEach((target, index) => {
    target.lines = packages[index] ?? [];
    setStatus(state, target, "awaiting_deliver");
  });
  return targets;
}

/** A new posting of the same order (a split-off package), numbered after the order's others. */
function newPostingOfOrder(state: SandboxState, original: Posting): Posting {
  const used = [...state.postings.values()]
    .filter((p) => p.orderNumber === original.orderNumber)
    .map((p) => Number(p.postingNumber.slice(original.orderNumber.length + 1)))
    .filter(Number.isSafeInteger);
  let n = Math.max(0, ...used) + 1;
  while (state.postings.has(`${original.orderNumber}-${n}`)) n++;
  const copy: Posting = {
    ...original,
    seq: ++state.postingSeq,
    postingNumber: `${original.orderNumber}-${n}`,
    lines: [],
    barcodes: { upper: `%${state.random.digits(12)}%`, lower: state.random.digits(14) },
  };
  delete copy.exemplars;
  state.postings.set(copy.postingNumber, copy);
  return copy;
}

/** A plain snapshot for tests and the control surface. */
export function postingSnapshot(p: Posting) {
  return {
    postingNumber: p.postingNumber,
    orderNumber: p.orderNumber,
    orderId: p.orderId,
    status: p.status,
    substatus: p.substatus,
    warehouseId: p.warehouseId,
    deliveryMethodId: p.deliveryMethodId,
    inProcessAt: new Date(p.inProcessAt).toISOString(),
    shipmentDate: new Date(p.shipmentDate).toISOString(),
    products: p.lines.map((l) => ({
      sku: l.sku,
      productId: l.productId,
      offerId: l.offerId,
      name: l.name,
      price: l.price,
      quantity: l.quantity,
      markRequired: l.markRequired,
      needs: { ...(l.needs ?? NO_NEEDS) },
      marks: [...l.marks],
    })),
    cancellation: p.cancellation ? { ...p.cancellation } : null,
    barcodes: { ...p.barcodes },
    trackingNumber: p.trackingNumber,
    failNextShip: p.failNextShip,
  };
}

export type PostingSnapshot = ReturnType<typeof postingSnapshot>;
