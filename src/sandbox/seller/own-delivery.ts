/**
 * Which sandbox postings the seller delivers itself: those made as such (`addOwnDelivery`, on the
 * rFBS own-delivery method). Generated postings keep Ozon's integration, whatever their method,
 * so the sandbox's random postings behave as before.
 * Tests: none directly
 */
import type { Posting } from "../state.ts";

/** The delivery provider of the rFBS method the seller drives itself (warehouse-data.ts). */
export const OWN_DELIVERY_PROVIDER = "Собственная доставка";

/** How the posting's delivery is integrated (`tpl_integration_type`), from its delivery method. */
export function integrationTypeOf(posting: Posting): string {
  return posting.ownDelivery ? "non_integrated" : "ozon";
}
