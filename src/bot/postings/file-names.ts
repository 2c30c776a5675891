/**
 * Names of the files the postings area sends (labels, acts, cargo labels). With several shops
 * the shop's name follows the prefix, cleaned as report files clean it, so a folder of downloads
 * from two stores stays apart: `act_Южный_123.pdf`; with one shop the names stay as they were
 * (`act-123.pdf`).
 * Tests: none directly
 */
import { safeShopName } from "../../services/ads/reports/name.ts";
import type { ShopRegistry } from "../../shops/registry.ts";

export function shopFileName(
  shops: ShopRegistry,
  shopId: string,
  prefix: string,
  rest: string,
  extension = "pdf",
): string {
  const name = shops.many ? shops.get(shopId)?.name : undefined;
  // A name of symbols only cleans to nothing: the file goes without it.
  const shop = name === undefined ? "" : safeShopName(name);
  return shop ? `${prefix}_${shop}_${rest}.${extension}` : `${prefix}-${rest}.${extension}`;
}
