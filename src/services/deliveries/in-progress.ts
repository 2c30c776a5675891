/**
 * The seller's own deliveries on their way: postings of the last weeks in each delivery status
 * whose delivery the seller makes, grouped by status in the order they pass them, oldest first.
 * Tests: test/bot/audit/deliveries-audit.test.ts
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

/** A time as Ozon's list writes its period: YYYY-MM-DDThh:mm:ssZ. */
const secondsIso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export async function deliveriesInProgress(
  seller: Pick<SellerClient, "deliveries">,
  now: number,
): Promise<StatusGroup[]> {
  const since = secondsIso(now - LOOK_BACK_DAYS * 24 * 60 * 60_000);
  const to = secondsIso(now);
  // One listing of every status on the way (Ozon's v4 list filters by several at once).
  const all = (await seller.deliveries.listByStatuses(DELIVERY_STATUSES, since, to))
    .filter(isOwnDelivery)
    .sort((a, b) => started(a) - started(b));
  const groups: StatusGroup[] = [];
  for (const status of DELIVERY_STATUSES) {
    const postings = all.filter((p) => p.status === status);
    if (postings.length > 0) groups.push({ status, postings });
  }
  return groups;
}
