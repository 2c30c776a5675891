/**
 * What the posting watcher reads from a posting: the few facts it needs, the posting as one pass
 * sees it, the orders its alerts and reminders go in, and digests cut into parts.
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { KnownPosting } from "./ledger.ts";

export interface PostingFacts {
  postingNumber: string;
  warehouseId?: string | undefined;
  /** Shipping deadline (`shipment_date`), epoch ms. */
  shipmentDeadline?: number | undefined;
  /** When Ozon put it into processing, epoch ms; orders alerts. */
  arrivedAt?: number | undefined;
}

/** A posting listed in the current pass, with what the store knows of it. */
export interface Listed {
  facts: PostingFacts;
  known: KnownPosting;
}

/**
 * A listed posting some subscriber is owed an alert or a reminder for: only these keep the whole
 * posting through a pass (10 000 waiting postings would otherwise all be held at once).
 */
export interface Current extends Listed {
  posting: Posting;
}

function timeOf(iso: string | undefined): number | undefined {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : undefined;
}

export function factsOf(posting: Posting): PostingFacts {
  return {
    postingNumber: posting.postingNumber,
    warehouseId: posting.deliveryMethod?.warehouseId,
    shipmentDeadline: timeOf(posting.shipmentDate),
    arrivedAt: timeOf(posting.inProcessAt),
  };
}

/** Alerts: in the order postings arrived (first seen, when Ozon gave no time). */
export function byArrival(a: Listed, b: Listed): number {
  const at =
    (a.facts.arrivedAt ?? a.known.firstSeenAt) - (b.facts.arrivedAt ?? b.known.firstSeenAt);
  return at !== 0 ? at : a.facts.postingNumber.localeCompare(b.facts.postingNumber);
}

/** Reminders: the nearest deadline first. */
export function byDeadline(a: Listed, b: Listed): number {
  const at = (a.facts.shipmentDeadline ?? 0) - (b.facts.shipmentDeadline ?? 0);
  return at !== 0 ? at : a.facts.postingNumber.localeCompare(b.facts.postingNumber);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
