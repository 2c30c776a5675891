/**
 * The seller's own cost price of each product, kept by the bot per store (the shop's part of the
 * store) and product (offer_id): set from the stock-and-price workbook's cost column, read back
 * into it and into the margins. Kopecks as decimal text; an empty cell changes nothing.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import type { Store } from "../../store/port.ts";
import type { BookCatalog, CostChange } from "../stock/book-plan.ts";

export type { CostChange };

const KEY = "money:cost:";

export interface CostPrice {
  kopecks: string;
  /** The product's SKU when the workbook knew it (accruals name products by SKU). */
  sku?: string;
  /** Who set it and when (ISO). */
  by: number;
  at: string;
}

export class CostPrices {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Every product's cost price, by offer_id. */
  async all(): Promise<Map<string, bigint>> {
    const entries = await this.#store.list<CostPrice>(KEY);
    return new Map(entries.map(({ key, value }) => [key.slice(KEY.length), BigInt(value.kopecks)]));
  }

  /** Cost prices by SKU, with the product's offer_id (those set without a SKU are left out). */
  async bySku(): Promise<Map<string, { offerId: string; kopecks: bigint }>> {
    const entries = await this.#store.list<CostPrice>(KEY);
    const found = new Map<string, { offerId: string; kopecks: bigint }>();
    for (const { key, value } of entries) {
      if (value.sku)
        found.set(value.sku, { offerId: key.slice(KEY.length), kopecks: BigInt(value.kopecks) });
    }
    return found;
  }

  /** The catalog with each product's kept cost price. */
  async onto(catalog: BookCatalog): Promise<BookCatalog> {
    const costs = await this.all();
    if (costs.size === 0) return catalog;
    return {
      ...catalog,
      items: catalog.items.map((item) => {
        const cost = costs.get(item.offerId);
        return cost === undefined ? item : { ...item, cost };
      }),
    };
  }

  async set(changes: readonly CostChange[], by: number, at: Date): Promise<void> {
    for (const change of changes) {
      const value: CostPrice = {
        kopecks: change.to,
        ...(change.sku ? { sku: change.sku } : {}),
        by,
        at: at.toISOString(),
      };
      await this.#store.set(`${KEY}${change.offerId}`, value);
    }
  }
}
