import { CITIES, DELIVERY_TYPES, PAYMENT_TYPES, pickDistinct } from "../data.ts";
import type { Posting, PostingLine, PostingStatus, Product, SandboxState } from "../state.ts";

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
  }>;
  warehouseId?: number;
  deliveryMethodId?: number;
  shipmentDate?: string | number | Date;
  inProcessAt?: string | number | Date;
  isExpress?: boolean;
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
      state.products.push(product);
    }
    const line = lineOf(product, wanted.quantity ?? 1);
    if (wanted.name) line.name = wanted.name;
    if (wanted.offerId) line.offerId = wanted.offerId;
    if (wanted.price) line.price = wanted.price;
    if (wanted.markRequired !== undefined) line.markRequired = wanted.markRequired;
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
    posting.trackingNumber = random.digits(14);
  }
  state.postings.set(posting.postingNumber, posting);
  state.orderNumbers.add(posting.orderNumber);
  return posting;
}

export function setStatus(state: SandboxState, posting: Posting, status: PostingStatus): void {
  posting.previousSubstatus = posting.substatus;
  posting.status = status;
  posting.substatus = SUBSTATUS_OF[status];
  posting.statusChangedAt = state.now();
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
  state.postings.set(copy.postingNumber, copy);
  return copy;
}

// ---- Wire rendering ---------------------------------------------------------------------------

export interface WithFlags {
  analytics_data?: boolean;
  barcodes?: boolean;
  financial_data?: boolean;
  legal_info?: boolean;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function deliveryMethodOf(state: SandboxState, p: Posting) {
  const method = state.deliveryMethods.find((m) => m.id === p.deliveryMethodId);
  const warehouse = state.warehouses.find((w) => w.id === p.warehouseId);
  return {
    id: p.deliveryMethodId,
    name: method?.name ?? "",
    warehouse_id: p.warehouseId,
    warehouse: warehouse?.name ?? "",
    tpl_provider_id: method?.tplProviderId ?? 0,
    tpl_provider: method?.tplProvider ?? "",
  };
}

function cancellationOf(p: Posting) {
  const c = p.cancellation;
  return {
    cancel_reason_id: c?.reasonId ?? 0,
    cancel_reason: c?.reason ?? "",
    cancellation_type: c?.type ?? "",
    cancelled_after_ship: c?.afterShip ?? false,
    affect_cancellation_rating: c ? c.type === "seller" : false,
    cancellation_initiator: c?.initiator ?? "",
  };
}

function analyticsOf(state: SandboxState, p: Posting) {
  const dm = deliveryMethodOf(state, p);
  return {
    region: p.region,
    city: p.city,
    delivery_type: p.deliveryType,
    is_premium: p.isPremium,
    payment_type_group_name: p.paymentType,
    warehouse_id: p.warehouseId,
    warehouse: dm.warehouse,
    tpl_provider_id: dm.tpl_provider_id,
    tpl_provider: dm.tpl_provider,
    delivery_date_begin: iso(p.shipmentDate + DAY),
    delivery_date_end: iso(p.shipmentDate + 3 * DAY),
    client_delivery_date_begin: iso(p.shipmentDate + DAY),
    client_delivery_date_end: iso(p.shipmentDate + 3 * DAY),
    is_legal: false,
  };
}

function money(line: PostingLine) {
  const price = Number(line.price);
  const old = Number(line.oldPrice);
  const commissionPercent = 12;
  const commission = Math.round(price * line.quantity * commissionPercent) / 100;
  return { price, old, commissionPercent, commission, payout: price * line.quantity - commission };
}

function requirementsOf(p: Posting) {
  const marked = p.lines.filter((l) => l.markRequired).map((l) => String(l.sku));
  return {
    products_requiring_gtd: [],
    products_requiring_country: [],
    products_requiring_mandatory_mark: marked,
    products_requiring_jw_uin: [],
    products_requiring_rnpt: [],
    products_requiring_weight: [],
    products_requiring_imei: [],
    products_requiring_change_country: [],
  };
}

function availableActions(p: Posting): string[] {
  if (p.status === "awaiting_packaging") return ["cancel", "ship", "split", "pick_up_code_verify"];
  if (p.status === "awaiting_deliver") return ["cancel", "package_label", "act"];
  return [];
}

function commonFields(state: SandboxState, p: Posting, flags: WithFlags) {
  return {
    posting_number: p.postingNumber,
    order_id: p.orderId,
    order_number: p.orderNumber,
    status: p.status,
    substatus: p.substatus,
    delivery_method: deliveryMethodOf(state, p),
    tracking_number: p.trackingNumber,
    tpl_integration_type: "ozon",
    in_process_at: iso(p.inProcessAt),
    shipment_date: iso(p.shipmentDate),
    shipment_date_without_delay: iso(p.shipmentDate),
    delivering_date: iso(p.deliveringDate),
    cancellation: cancellationOf(p),
    customer: null,
    addressee: null,
    barcodes: flags.barcodes
      ? { upper_barcode: p.barcodes.upper, lower_barcode: p.barcodes.lower }
      : null,
    analytics_data: flags.analytics_data ? analyticsOf(state, p) : null,
    legal_info: flags.legal_info ? { company_name: "", inn: "", kpp: "" } : null,
    is_express: p.isExpress,
    is_multibox: false,
    multi_box_qty: 1,
    parent_posting_number: "",
    pickup_code_verified_at: null,
    requirements: requirementsOf(p),
    available_actions: availableActions(p),
    optional: { products_with_possible_mandatory_mark: [] },
    prr_option: "",
  };
}

/** A posting as /v3/posting/fbs/unfulfilled/list and /v3/posting/fbs/get write it. */
export function postingV3(state: SandboxState, p: Posting, flags: WithFlags, forGet: boolean) {
  return {
    ...commonFields(state, p, flags),
    products: p.lines.map((line) => {
      const product = state.products.find((x) => x.sku === line.sku);
      return {
        price: line.price,
        currency_code: "RUB",
        offer_id: line.offerId,
        name: line.name,
        sku: line.sku,
        quantity: line.quantity,
        mandatory_mark: line.marks,
        is_blr_traceable: false,
        is_marketplace_buyout: false,
        imei: [],
        ...(forGet && product
          ? {
              dimensions: {
                height: String(product.dimensionsMm.height),
                length: String(product.dimensionsMm.length),
                width: String(product.dimensionsMm.width),
                weight: String(product.weightGrams),
              },
            }
          : {}),
      };
    }),
    financial_data: flags.financial_data
      ? {
          cluster_from: "Москва, Московская и Тульская области",
          cluster_to: p.region,
          products: p.lines.map((line) => {
            const m = money(line);
            return {
              product_id: line.productId,
              price: m.price,
              old_price: m.old,
              customer_price: m.price,
              currency_code: "RUB",
              customer_currency_code: "RUB",
              commissions_currency_code: "RUB",
              commission_amount: m.commission,
              commission_percent: m.commissionPercent,
              payout: m.payout,
              quantity: line.quantity,
              total_discount_value: Math.round((m.old - m.price) * 100) / 100,
              total_discount_percent: Math.round(((m.old - m.price) / m.old) * 10_000) / 100,
              actions: [],
            };
          }),
        }
      : null,
    ...(forGet
      ? {
          additional_data: [],
          delivery_price: "0.00",
          provider_status: "",
          previous_substatus: p.previousSubstatus,
          courier: null,
          related_postings: { related_posting_numbers: [] },
        }
      : {}),
  };
}

/** A posting as /v4/posting/fbs/unfulfilled/list writes it: prices are {amount, currency}. */
export function postingV4(state: SandboxState, p: Posting, flags: WithFlags) {
  return {
    ...commonFields(state, p, flags),
    products: p.lines.map((line) => ({
      price: { amount: line.price, currency: "RUB" },
      offer_id: line.offerId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      is_blr_traceable: false,
      is_marketplace_buyout: false,
      imei: [],
      weight: 0,
      product_color: "",
    })),
    financial_data: flags.financial_data
      ? {
          cluster_from: "Москва, Московская и Тульская области",
          cluster_to: p.region,
          products: p.lines.map((line) => {
            const m = money(line);
            return {
              product_id: line.productId,
              price: m.price,
              old_price: m.old,
              customer_price: { amount: line.price, currency: "RUB" },
              commission: { amount: m.commission, currency: "RUB", percent: m.commissionPercent },
              payout: m.payout,
              quantity: line.quantity,
              total_discount_value: Math.round((m.old - m.price) * 100) / 100,
              total_discount_percent: Math.round(((m.old - m.price) / m.old) * 10_000) / 100,
              actions: [],
            };
          }),
        }
      : null,
    delivery_schema: "FBS",
  };
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
      marks: [...l.marks],
    })),
    cancellation: p.cancellation ? { ...p.cancellation } : null,
    failNextShip: p.failNextShip,
  };
}

export type PostingSnapshot = ReturnType<typeof postingSnapshot>;
