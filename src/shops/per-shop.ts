/**
 * One background worker per shop (a posting watcher, a chat relay, a report runner): started for
 * every active shop that has what the worker needs, started when a shop is added or resumed,
 * stopped when it is paused or removed. Each shop's worker runs on its own loop, so one shop
 * whose Ozon is slow or refuses the keys never holds up another.
 * Tests: none directly
 */
import type { Logger } from "../logger.ts";
import type { Shop, ShopChange, ShopRegistry } from "./registry.ts";
import { runForShop } from "./shop-scope.ts";

export interface ShopWorker {
  stop(deadline?: AbortSignal): Promise<unknown>;
}

export interface PerShopOptions<W extends ShopWorker> {
  shops: ShopRegistry;
  /** Which shops get a worker (say, those with a Seller client). */
  wants(shop: Shop): boolean;
  /** Builds and starts the worker of one shop. */
  start(shop: Shop): W;
  logger?: Logger;
}

export class PerShop<W extends ShopWorker> {
  readonly #options: PerShopOptions<W>;
  readonly #workers = new Map<string, W>();
  #unsubscribe: (() => void) | undefined;

  constructor(options: PerShopOptions<W>) {
    this.#options = options;
  }

  start(): void {
    if (this.#unsubscribe) return;
    for (const shop of this.#options.shops.active()) this.#startFor(shop);
    this.#unsubscribe = this.#options.shops.onChange((change) => this.#follow(change));
  }

  /** The running worker of a shop. */
  get(shopId: string): W | undefined {
    return this.#workers.get(shopId);
  }

  /** Every running worker, with its shop id. */
  entries(): Array<[string, W]> {
    return [...this.#workers.entries()];
  }

  async stop(deadline?: AbortSignal): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const workers = [...this.#workers.values()];
    this.#workers.clear();
    await Promise.all(workers.map((worker) => worker.stop(deadline)));
  }

  /** Starts or stops a shop's worker; a stop is returned so the pause or removal waits for it. */
  #follow(change: ShopChange): Promise<void> | undefined {
    const { shop } = change;
    if (change.kind === "added" || change.kind === "resumed") this.#startFor(shop);
    if (change.kind !== "paused" && change.kind !== "removed") return undefined;
    const worker = this.#workers.get(shop.id);
    this.#workers.delete(shop.id);
    return worker?.stop().then(
      () => undefined,
      (error: unknown) => {
        this.#options.logger?.warn(
          { err: error, shop: shop.id },
          "stopping a store's worker failed",
        );
      },
    );
  }

  #startFor(shop: Shop): void {
    if (shop.paused || this.#workers.has(shop.id) || !this.#options.wants(shop)) return;
    // Loops the worker starts carry the store (the health of /status and /metrics).
    this.#workers.set(
      shop.id,
      runForShop(shop.id, () => this.#options.start(shop)),
    );
  }
}
