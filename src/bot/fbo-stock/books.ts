/**
 * One FBO stock book per store, built from the store's Seller API client of the moment: a store
 * removed and added again (new keys, a new client) gets a new book, never the closed client's.
 * Tests: test/bot/fbo-stock/books.test.ts
 */
import { FboStockBook, sellerFboStockSource } from "../../services/fbo-stock/index.ts";
import type { Shop } from "../../shops/registry.ts";

interface Entry {
  seller: NonNullable<Shop["seller"]>;
  store: Shop["store"];
  book: FboStockBook;
}

export class ShopBooks {
  readonly #books = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The store's book; a new one when its client (or its part of the store) is not the kept one's. */
  of(shop: Shop): FboStockBook {
    const seller = shop.seller;
    if (!seller) throw new Error(`store ${shop.id} has no Seller API keys`);
    const kept = this.#books.get(shop.id);
    if (kept && kept.seller === seller && kept.store === shop.store) return kept.book;
    const book = new FboStockBook(shop.store, sellerFboStockSource(seller, this.#now), this.#now);
    this.#books.set(shop.id, { seller, store: shop.store, book });
    return book;
  }

  /** Forgets a removed store's book (and the client it holds). */
  drop(shopId: string): void {
    this.#books.delete(shopId);
  }
}
