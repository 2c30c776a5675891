/**
 * The seller's own deliveries on their way: postings of the last weeks in each delivery status
 * whose delivery the seller makes, grouped by status in the order they pass them, oldest first.
 */
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { DELIVERY_STATUSES, isOwnDelivery } from "./own-delivery.ts";

/** Deliveries started longer ago than this are not looked for (Ozon's list needs a period). */
export const LOOK_BACK_DAYS = 30;

export interface StatusGroup {
  status: (typeof DELIVERY_STATUSES)[number];
  postings: Posting[];
}

const started = (p: Posting) => Date.parse(p.inProcessAt ?? "") || 0;

export async function deliveriesInProgress(
  seller: Pick<SellerClient, "deliveries">,
  now: number,
): Promise<StatusGroup[]> {
  const since = new Date(now - LOOK_BACK_DAYS * 24 * 60 * 60_000).toISOString();
  const to = new Date(now).toISOString();
  const groups: StatusGroup[] = [];
  for (const status of DELIVERY_STATUSES) {
    const postings = (await seller.deliveries.listByStatus(status, since, to))
      .filter(isOwnDelivery)
      .sort((a, b) => started(a) - started(b));
    if (postings.length > 0) groups.push({ status, postings });
  }
  return groups;
}
