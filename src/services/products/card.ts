/**
 * What a product card shows, read from Ozon at once: stock per FBS warehouse (present, reserved),
 * FBO stock, prices, and units ordered in the last 14 days with "enough for ~N days" at that pace.
 * Plain JSON-safe data (money as decimal strings of kopecks), so a dialog may record it.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
import { DateTime } from "luxon";
import type { ProductRef, SellerClient } from "../../ozon/index.ts";
import { kopecksOf } from "./money.ts";

export const SALES_DAYS = 14;

export interface WarehouseUnits {
  id: string;
  name: string;
  present: number;
  reserved: number;
}

export interface ProductCard {
  productId: string;
  offerId?: string;
  sku?: string;
  name: string;
  /** Kopecks as decimal strings; absent when Ozon shows none. */
  price?: string;
  oldPrice?: string;
  minPrice?: string;
  warehouses: WarehouseUnits[];
  fbo: number;
  /** Units ordered over the last SALES_DAYS days; absent when Ozon did not say. */
  sold?: number;
  /** Days the FBS units available last at that pace; absent without sales. */
  daysLeft?: number;
}

type CardSource = Pick<SellerClient, "stock" | "analytics" | "warehouses">;

export async function loadCard(
  seller: CardSource,
  ref: ProductRef,
  options: { now: number; timezone: string; signal?: AbortSignal },
): Promise<ProductCard> {
  const { signal } = options;
  const by = ref.sku ? { skus: [ref.sku] } : { offerIds: [ref.offerId ?? ""] };
  const today = DateTime.fromMillis(options.now, { zone: options.timezone });
  const period = {
    from: today.minus({ days: SALES_DAYS - 1 }).toISODate() ?? "",
    to: today.toISODate() ?? "",
  };
  const [rows, stocks, prices, sold] = await Promise.all([
    seller.stock.stocksByWarehouse(by, signal),
    seller.stock.stocks([ref.productId], signal),
    seller.stock.prices([ref.productId], signal),
    ref.sku
      ? seller.analytics.orderedUnitsBySku(period, [ref.sku], signal).then(
          (units) => units.get(ref.sku ?? ""),
          () => undefined, // sales are a hint: the card shows without them
        )
      : Promise.resolve(undefined),
  ]);
  const warehouses = rows
    .filter((r) => r.productId === ref.productId)
    .map((r) => ({
      id: r.warehouseId,
      name: r.warehouseName ?? r.warehouseId,
      present: r.present,
      reserved: r.reserved,
    }));
  const price = prices.get(ref.productId);
  const card: ProductCard = {
    productId: ref.productId,
    ...(ref.offerId ? { offerId: ref.offerId } : {}),
    ...(ref.sku ? { sku: ref.sku } : {}),
    name: ref.name,
    warehouses,
    fbo: stocks.get(ref.productId)?.fbo.present ?? 0,
  };
  const money = (text: string | undefined) => kopecksOf(text)?.toString();
  const [p, o, m] = [money(price?.price), money(price?.oldPrice), money(price?.minPrice)];
  if (p !== undefined) card.price = p;
  if (o !== undefined) card.oldPrice = o;
  if (m !== undefined) card.minPrice = m;
  if (sold !== undefined) {
    card.sold = sold;
    const available = warehouses.reduce((t, w) => t + Math.max(0, w.present - w.reserved), 0);
    if (sold > 0) card.daysLeft = Math.floor((available * SALES_DAYS) / sold);
  }
  return card;
}

/** Units a seller may still sell at a warehouse (present minus reserved). */
export function available(w: Pick<WarehouseUnits, "present" | "reserved">): number {
  return Math.max(0, w.present - w.reserved);
}
