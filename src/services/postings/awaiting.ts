/**
 * The postings awaiting packaging, soonest deadline first: /postings, /subscribe and the chooser.
 * Tests: none directly
 */
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";

/** At most this many are read (the list is for people, not an export). */
export const AWAITING_LIMIT = 1000;

export async function awaitingPostings(
  seller: SellerClient,
  limit = AWAITING_LIMIT,
): Promise<Posting[]> {
  const postings: Posting[] = [];
  for await (const posting of seller.postings.listAwaitingPackaging()) {
    postings.push(posting);
    if (postings.length >= limit) break;
  }
  const deadline = (p: Posting) => (p.shipmentDate ? Date.parse(p.shipmentDate) : Infinity);
  return postings.sort((a, b) => deadline(a) - deadline(b));
}
