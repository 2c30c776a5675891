/**
 * A posting as the Seller API writes it: the v3 and v4 forms of the list and get methods.
 * Tests: none directly
 */
import type { Posting, PostingLine, SandboxState } from "../state.ts";
import { needsOf } from "./exemplar-model.ts";
import { integrationTypeOf } from "./own-delivery.ts";

const DAY = 24 * 3_600_000;

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
  const requiring = (need: (line: PostingLine) => boolean) =>
    p.lines.filter(need).map((l) => String(l.sku));
  return {
    products_requiring_gtd: requiring((l) => needsOf(l).gtd),
    products_requiring_country: [],
    products_requiring_mandatory_mark: requiring((l) => l.markRequired),
    products_requiring_jw_uin: requiring((l) => needsOf(l).jwUin),
    products_requiring_rnpt: requiring((l) => needsOf(l).rnpt),
    products_requiring_weight: requiring((l) => needsOf(l).weight !== null),
    products_requiring_imei: requiring((l) => needsOf(l).imei),
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
    tpl_integration_type: integrationTypeOf(p),
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
          // The get writes the lifting service as an object (FbsPostingDetailPrrOption), the lists
          // as a code; none was ordered.
          prr_option: null,
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
