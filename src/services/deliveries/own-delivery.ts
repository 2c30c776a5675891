/**
 * Which postings the seller delivers itself, and what can be done to each now. Ozon writes how a
 * posting's delivery is integrated (`tpl_integration_type`): `non_integrated` is a delivery the
 * seller makes (its own couriers, or a carrier Ozon does not track), whose tracking number and
 * statuses the seller sets by hand. Every other kind (`ozon`, `3pl_tracking`, `aggregator`…) is
 * tracked by Ozon or the carrier itself.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
import type { Posting } from "../../ozon/seller/types.ts";

export const OWN_DELIVERY_INTEGRATION = "non_integrated";

/** The statuses of an own delivery on its way, in the order it passes them. */
export const DELIVERY_STATUSES = ["awaiting_deliver", "delivering", "driver_pickup"] as const;

/** The status changes a seller makes (Ozon's methods, in their order). */
export type StatusStep = "delivering" | "last-mile" | "delivered";
/** What a delivery card offers: the tracking number, a status step, or a dispute. */
export type DeliveryAction = "tracking" | StatusStep | "dispute";

export function isOwnDelivery(posting: Pick<Posting, "integration">): boolean {
  return posting.integration === OWN_DELIVERY_INTEGRATION;
}

/**
 * What a card offers for the posting as it is now: the next steps in order while it is on its
 * way, a dispute once delivered or cancelled. A step out of order (the card is old, someone moved
 * it in the cabinet) is still sent when tapped: Ozon refuses it in its words.
 */
export function actionsFor(posting: Pick<Posting, "status" | "integration">): DeliveryAction[] {
  const own = isOwnDelivery(posting);
  switch (posting.status) {
    case "awaiting_deliver":
      return own ? ["tracking", "delivering"] : [];
    case "delivering":
      return own ? ["tracking", "last-mile", "delivered"] : [];
    case "driver_pickup":
      return own ? ["tracking", "delivered"] : [];
    case "delivered":
    case "cancelled":
      return ["dispute"];
    default:
      return [];
  }
}
