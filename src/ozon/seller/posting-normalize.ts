/** Tests: test/ozon/seller/wire-shapes.test.ts */
import type { WirePosting } from "./endpoints/postings.ts";
import type { Posting, PostingCancellation, PostingProduct } from "./types.ts";

type WireProduct = NonNullable<WirePosting["products"]>[number];

function priceOf(product: WireProduct): { price: string; currency: string | undefined } {
  const wire = product.price;
  if (wire === null || wire === undefined) return { price: "0", currency: product.currency_code };
  if (typeof wire === "object") {
    return { price: String(wire.amount), currency: wire.currency ?? product.currency_code };
  }
  return { price: String(wire), currency: product.currency_code };
}

export function normalizeProduct(product: WireProduct): PostingProduct {
  const { price, currency } = priceOf(product);
  return {
    sku: product.sku,
    offerId: product.offer_id,
    name: product.name,
    quantity: product.quantity,
    price,
    currency,
    mandatoryMarks: (product.mandatory_mark ?? []).filter((mark) => mark !== ""),
  };
}

/** Ozon writes an empty cancellation (all "") for a posting nobody cancelled: none then. */
function cancellationOf(wire: WirePosting["cancellation"]): { cancellation?: PostingCancellation } {
  if (!wire) return {};
  const {
    cancellation_type: type,
    cancellation_initiator: initiator,
    cancel_reason: reason,
  } = wire;
  if (!type && !initiator && !reason) return {};
  return { cancellation: { type, initiator, reason } };
}

export function normalizePosting(wire: WirePosting): Posting {
  const method = wire.delivery_method;
  return {
    postingNumber: wire.posting_number,
    orderId: wire.order_id ?? undefined,
    orderNumber: wire.order_number,
    status: wire.status,
    substatus: wire.substatus,
    shipmentDate: wire.shipment_date,
    inProcessAt: wire.in_process_at,
    deliveryMethod: method
      ? {
          id: method.id ?? undefined,
          name: method.name,
          warehouseId: method.warehouse_id ?? undefined,
          warehouse: method.warehouse,
        }
      : undefined,
    products: (wire.products ?? []).map(normalizeProduct),
    ...(wire.tpl_integration_type ? { integration: wire.tpl_integration_type } : {}),
    ...(wire.tracking_number ? { trackingNumber: wire.tracking_number } : {}),
    ...cancellationOf(wire.cancellation),
  };
}
