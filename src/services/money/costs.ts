/**
 * The seller's own cost price of each product, kept by the bot per store (the shop's part of the
 * store) and product (offer_id): set from the stock-and-price workbook's cost column, read back
 * into it and into the margins. Kopecks as decimal text; an empty cell changes nothing.
 * Tests: test/bot/postings/find/earned.test.ts, test/bot/stock/workbook-cost.test.ts
 */
import type { Store } from "../../store/port.ts";
import type { BookCatalog, CostChange } from "../stock/book-plan.ts";

export type { CostChange };

const KEY = "money:cost:";

export interface CostPrice {
  kopecks: string;
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
      const value: CostPrice = { kopecks: change.to, by, at: at.toISOString() };
      await this.#store.set(`${KEY}${change.offerId}`, value);
    }
  }
}
