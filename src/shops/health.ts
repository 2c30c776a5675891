/**
 * Whether each shop's keys work, per API (Seller, Performance), as its Ozon clients find out on
 * every call (the outcome observer of src/ozon/http.ts): any 2xx = the keys work, 401/403 = Ozon
 * refused them. /stores shows it; admins are told once when a shop's keys are refused and once
 * again when they work again.
 *
 * "Once" holds across restarts and processes: the last state told is kept in the store and moved
 * with compare-and-set, so only the process whose move succeeded tells the admins. Each process
 * remembers the state it saw last, so a poll that finds nothing new costs no store call; the time
 * of the last success is written at most once a minute.
 * Tests: none directly
 */
import { type Clock, systemClock } from "../clock.ts";
import type { Logger } from "../logger.ts";
import type { KeysVerdict, KeysVerdictObserver } from "../ozon/index.ts";
import type { Store } from "../store/port.ts";

export type ShopApi = "seller" | "performance";

export type KeysState = "ok" | "refused";

export interface ApiHealth {
  /** Unknown until the first call of this API ended one way or the other. */
  keys?: KeysState;
  /** When a call of this API last succeeded (at most a minute behind). */
  lastOkAt?: Date;
}

/** A change the admins are told about. */
export interface HealthChange {
  shopId: string;
  api: ShopApi;
  /** "refused": the keys stopped working; "recovered": they work again. */
  kind: "refused" | "recovered";
}

export interface ShopHealthOptions {
  store: Store;
  clock?: Clock;
  logger?: Logger;
  /** The last success is written at most this often per shop and API (default 60 s). */
  okWriteEveryMs?: number;
}

const stateKey = (shopId: string, api: ShopApi) => `shops:health:${shopId}:${api}:keys`;
const lastOkKey = (shopId: string, api: ShopApi) => `shops:health:${shopId}:${api}:last-ok`;
const APIS: readonly ShopApi[] = ["seller", "performance"];

export class ShopHealth {
  readonly #options: ShopHealthOptions;
  readonly #clock: Clock;
  /** The state this process saw last, per `<shop>:<api>`. */
  readonly #seen = new Map<string, KeysState>();
  readonly #okWrittenAt = new Map<string, number>();
  /** One store update at a time per shop and API, in the order the outcomes came. */
  readonly #chains = new Map<string, Promise<void>>();
  readonly #listeners = new Set<(change: HealthChange) => void>();

  constructor(options: ShopHealthOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  /** The observer to give the `api` client of shop `shopId`. */
  observer(shopId: string, api: ShopApi): KeysVerdictObserver {
    return (outcome) => this.record(shopId, api, outcome);
  }

  /** Takes one call's outcome; returns at once, the store is updated behind. */
  record(shopId: string, api: ShopApi, outcome: KeysVerdict): void {
    const id = `${shopId}:${api}`;
    const now = this.#clock.now();
    const writeOk =
      outcome === "ok" &&
      now - (this.#okWrittenAt.get(id) ?? Number.NEGATIVE_INFINITY) >=
        (this.#options.okWriteEveryMs ?? 60_000);
    if (this.#seen.get(id) === outcome && !writeOk) return;
    this.#seen.set(id, outcome);
    if (writeOk) this.#okWrittenAt.set(id, now);
    const previous = this.#chains.get(id) ?? Promise.resolve();
    const next = previous
      .then(() => this.#settle(shopId, api, outcome, writeOk ? now : undefined))
      .catch((error: unknown) => {
        // Seen again at the next call: forget what we saw so it is tried once more.
        this.#seen.delete(id);
        this.#options.logger?.warn(
          { err: error, shop: shopId, api },
          "recording shop health failed",
        );
      });
    this.#chains.set(id, next);
    void next.finally(() => {
      if (this.#chains.get(id) === next) this.#chains.delete(id);
    });
  }

  /** Resolves once every outcome recorded so far is in the store (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#chains.size > 0) await Promise.all(this.#chains.values());
  }

  onChange(listener: (change: HealthChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What is known of a shop's keys, per API, as the store has it. */
  async of(shopId: string): Promise<Record<ShopApi, ApiHealth>> {
    const { store } = this.#options;
    const read = async (api: ShopApi): Promise<ApiHealth> => {
      const [keys, lastOk] = await Promise.all([
        store.get<KeysState>(stateKey(shopId, api)),
        store.get<number>(lastOkKey(shopId, api)),
      ]);
      return {
        ...(keys === "ok" || keys === "refused" ? { keys } : {}),
        ...(typeof lastOk === "number" ? { lastOkAt: new Date(lastOk) } : {}),
      };
    };
    const [seller, performance] = await Promise.all(APIS.map(read));
    return { seller: seller ?? {}, performance: performance ?? {} };
  }

  /** Forgets a removed shop: added again later, it starts with nothing known. */
  async forget(shopId: string): Promise<void> {
    await this.settled();
    for (const api of APIS) {
      this.#seen.delete(`${shopId}:${api}`);
      this.#okWrittenAt.delete(`${shopId}:${api}`);
      await this.#options.store.delete(stateKey(shopId, api));
      await this.#options.store.delete(lastOkKey(shopId, api));
    }
  }

  async #settle(
    shopId: string,
    api: ShopApi,
    outcome: KeysVerdict,
    okAt: number | undefined,
  ): Promise<void> {
    const { store } = this.#options;
    if (okAt !== undefined) await store.set(lastOkKey(shopId, api), okAt);
    const key = stateKey(shopId, api);
    for (;;) {
      const stored = await store.get<KeysState>(key);
      if (stored === outcome) return; // told already, here or by another process
      const moved =
        stored === undefined
          ? await store.setIfAbsent(key, outcome)
          : await store.compareAndSet(key, stored, outcome);
      if (!moved) continue; // another process moved it meanwhile: look again
      // The first outcome ever of a shop whose keys work is no news.
      if (outcome === "refused") this.#emit({ shopId, api, kind: "refused" });
      else if (stored === "refused") this.#emit({ shopId, api, kind: "recovered" });
      return;
    }
  }

  #emit(change: HealthChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.#options.logger?.error(
          { err: error, shop: change.shopId },
          "a health listener failed",
        );
      }
    }
  }
}
