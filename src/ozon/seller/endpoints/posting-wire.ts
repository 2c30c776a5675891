/**
 * A posting as Ozon's FBS lists and get write it (v3 and v4 alike), checked by zod.
 * Tests: none directly
 */
import { z } from "zod";
import { idString, intLike, optionalId, optionalText } from "../../wire.ts";

/** A price: v3 writes "1390.0000" (or a number), v4 writes {amount, currency}. */
const price = z.union([
  z.string(),
  z.number(),
  z.object({ amount: z.union([z.string(), z.number()]), currency: z.string().nullish() }),
]);

export const wirePostingProduct = z.object({
  sku: idString,
  name: z.string(),
  offer_id: optionalText,
  quantity: intLike,
  price: price.nullish(),
  currency_code: optionalText,
  mandatory_mark: z.array(z.string()).nullish(),
});

export const wirePosting = z.object({
  posting_number: z.string().min(1),
  order_id: optionalId,
  order_number: optionalText,
  status: z.string(),
  substatus: optionalText,
  shipment_date: optionalText,
  in_process_at: optionalText,
  /** How the delivery is integrated: `non_integrated` is the seller's own (issue 26). */
  tpl_integration_type: optionalText,
  tracking_number: optionalText,
  delivery_method: z
    .object({
      id: optionalId,
      name: optionalText,
      warehouse_id: optionalId,
      warehouse: optionalText,
    })
    .nullish(),
  products: z.array(wirePostingProduct).nullish(),
  /** Who cancelled it and why (`cancellation_type`: seller, client/customer, ozon, system, delivery). */
  cancellation: z
    .object({
      cancellation_type: optionalText,
      cancellation_initiator: optionalText,
      cancel_reason: optionalText,
    })
    .nullish(),
});

export type WirePosting = z.output<typeof wirePosting>;
