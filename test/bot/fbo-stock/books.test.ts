/**
 * FBO stock books per store: kept while the store's Seller API client is the same; a store added
 * again with new keys (a new client) gets a new book, and a removed store's book is forgotten.
 */
import { describe, expect, it } from "vitest";
import { ShopBooks } from "../../../src/bot/fbo-stock/books.ts";
import type { Shop } from "../../../src/shops/registry.ts";

const shop = (seller: object, store: object = {}): Shop =>
  ({ id: "x", ref: "x", name: "X", seller, store }) as unknown as Shop;

describe("FBO stock books", () => {
  it("rebuilds a store's book when its client changes, and forgets it on removal", () => {
    const books = new ShopBooks();
    const store = {};
    const first = shop({}, store);
    const book = books.of(first);
    expect(books.of(first)).toBe(book);
    expect(books.of({ ...first } as Shop)).toBe(book);
    // Removed and added again with new keys: a new client, a new book.
    const again = shop({}, store);
    const rebuilt = books.of(again);
    expect(rebuilt).not.toBe(book);
    expect(books.of(again)).toBe(rebuilt);
    books.drop("x");
    expect(books.of(again)).not.toBe(rebuilt);
    expect(() => books.of({ ...again, seller: undefined } as Shop)).toThrow(/no Seller API/);
  });
});
