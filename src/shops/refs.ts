/**
 * Short, stable refs for shops ("1", "2", … "a1"), kept in the store: buttons carry a ref
 * instead of a Client-Id of up to 64 characters. A ref is never given to another shop, so a
 * button of a removed shop cannot act on a new one.
 * Tests: none directly
 */
import type { Store } from "../store/port.ts";

const REFS_KEY = "shops:refs";

interface RefTable {
  next: number;
  byId: Record<string, string>;
}

export class ShopRefs {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async refOf(shopId: string): Promise<string> {
    // Compare-and-set: two processes starting together agree on one table.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const table = await this.#store.get<RefTable>(REFS_KEY);
      const known = table?.byId[shopId];
      if (known) return known;
      const next = table?.next ?? 1;
      const ref = next.toString(36);
      const updated: RefTable = { next: next + 1, byId: { ...table?.byId, [shopId]: ref } };
      const written = table
        ? await this.#store.compareAndSet(REFS_KEY, table, updated)
        : await this.#store.setIfAbsent(REFS_KEY, updated);
      if (written) return ref;
    }
    throw new Error("could not give the store a ref: the ref table keeps changing");
  }
}
