/**
 * Every Ozon store the bot serves, with its clients and its part of the store. Shops from the
 * environment come first, in their order; shops an admin added in the bot follow, oldest first.
 * A shop is an immutable snapshot: renaming or pausing replaces it, so callers look a shop up by
 * id (or by the short ref a button carries) whenever they act, and never keep one for long.
 *
 * Modules follow `onChange` to start a shop's pollers when it is added or resumed and stop them
 * when it is paused or removed.
 * Tests: test/shops/registry.test.ts
 */
import type { Logger } from "../logger.ts";
import type { PerformanceClient, SellerClient } from "../ozon/index.ts";
import type { Store } from "../store/port.ts";
import type { ShopEntry, ShopOrigin } from "./entry.ts";
import { ShopRefs } from "./refs.ts";
import { SavedShops } from "./saved.ts";
import { scopedStore, shopKeyPrefix } from "./scoped-store.ts";
import type { SecretBox } from "./secrets.ts";

export interface Shop {
  /** The Seller Client-Id (the Performance client id for an advertising-only shop). */
  readonly id: string;
  /** A short, stable id for buttons (callback data is 64 bytes). */
  readonly ref: string;
  readonly name: string;
  readonly origin: ShopOrigin;
  /** A paused shop is listed but not polled, and its buttons say it is paused. */
  readonly paused: boolean;
  readonly seller?: SellerClient;
  readonly performance?: PerformanceClient;
  /** The Performance account (client id): report jobs queue per account. */
  readonly performanceAccount?: string;
  /** This shop's records: cursors, announced postings, message links, report jobs, leases. */
  readonly store: Store;
}

export interface ShopClients {
  seller?: SellerClient;
  performance?: PerformanceClient;
}

/** Builds the clients of one shop; `store` is the shop's own part of the store. */
export type ShopClientFactory = (entry: ShopEntry, store: Store) => ShopClients;

export type ShopChange =
  | { kind: "added" | "removed" | "paused" | "resumed"; shop: Shop }
  | { kind: "renamed"; shop: Shop; previousName: string };

/** Follows shop changes; work it returns (stopping a shop's pollers) is waited for by the change. */
export type ShopChangeListener = (change: ShopChange) => unknown;

export type ShopErrorReason = "duplicate-id" | "duplicate-name" | "unknown" | "from-env";

export class ShopError extends Error {
  readonly reason: ShopErrorReason;
  constructor(reason: ShopErrorReason, message: string) {
    super(message);
    this.name = "ShopError";
    this.reason = reason;
  }
}

export interface ShopRegistryOptions {
  store: Store;
  /** Shops from the environment (or the sandbox), in order. */
  fromEnv: readonly ShopEntry[];
  clients: ShopClientFactory;
  /** Opens the keys of shops added in the bot. */
  secrets: SecretBox;
  logger?: Logger;
}

/** Who owned the records before shops existed: that shop keeps the unprefixed keys. */
const LEGACY_OWNER_KEY = "shops:legacy-owner";
/** Name and pause of any shop, as the admins set them in the bot. */
const SETTINGS_PREFIX = "shops:settings:";

interface ShopSettings {
  name?: string;
  paused?: boolean;
}

export class ShopRegistry {
  readonly #options: ShopRegistryOptions;
  readonly #saved: SavedShops;
  readonly #refs: ShopRefs;
  #shops: Shop[] = [];
  #legacyOwner: string | undefined;
  readonly #listeners = new Set<ShopChangeListener>();
  #syncTimer: NodeJS.Timeout | undefined;

  private constructor(options: ShopRegistryOptions) {
    this.#options = options;
    this.#saved = new SavedShops(options.store, options.secrets);
    this.#refs = new ShopRefs(options.store);
  }

  static async open(options: ShopRegistryOptions): Promise<ShopRegistry> {
    const registry = new ShopRegistry(options);
    await registry.#load();
    return registry;
  }

  async #load(): Promise<void> {
    const { store, fromEnv, logger } = this.#options;
    // The first shop of the first start owns what a single-shop version wrote (none on a new store).
    const first = fromEnv[0];
    if (first && (await store.setIfAbsent(LEGACY_OWNER_KEY, first.id)) && fromEnv.length > 1) {
      logger?.info(
        { shop: first.id },
        `Records kept from before several stores were served (cursors, links, announced postings) belong to "${first.name}", the first store listed`,
      );
    }
    this.#legacyOwner = await store.get<string>(LEGACY_OWNER_KEY);

    const saved = await this.#saved.list();
    for (const failure of saved.unreadable) {
      logger?.error(
        { shop: failure.id },
        "The keys of a store added in the bot cannot be opened (SECRETS_KEY or BOT_TOKEN changed?); the store is left out until an admin adds it again",
      );
    }
    const envIds = new Set(fromEnv.map((e) => e.id));
    const entries: Array<{ entry: ShopEntry; origin: ShopOrigin }> = [
      ...fromEnv.map((entry) => ({ entry, origin: "env" as const })),
      // A shop moved into the environment is the environment's now.
      ...saved.shops
        .filter((e) => !envIds.has(e.id))
        .map((entry) => ({ entry, origin: "bot" as const })),
    ];
    for (const { entry, origin } of entries) this.#shops.push(await this.#build(entry, origin));
  }

  async #build(entry: ShopEntry, origin: ShopOrigin): Promise<Shop> {
    const store = scopedStore(
      this.#options.store,
      entry.id === this.#legacyOwner ? "" : shopKeyPrefix(entry.id),
    );
    const settings =
      (await this.#options.store.get<ShopSettings>(SETTINGS_PREFIX + entry.id)) ?? {};
    const ref = await this.#refs.refOf(entry.id);
    return {
      id: entry.id,
      ref,
      name: settings.name ?? entry.name,
      origin,
      paused: settings.paused ?? false,
      ...(entry.performance ? { performanceAccount: entry.performance.clientId } : {}),
      ...this.#options.clients(entry, store),
      store,
    };
  }

  /** Every shop, paused ones included. */
  all(): readonly Shop[] {
    return this.#shops;
  }

  /** The shops to poll and act for. */
  active(): readonly Shop[] {
    return this.#shops.filter((s) => !s.paused);
  }

  get(id: string): Shop | undefined {
    return this.#shops.find((s) => s.id === id);
  }

  byRef(ref: string): Shop | undefined {
    return this.#shops.find((s) => s.ref === ref);
  }

  /**
   * The shop that owned the records before several shops existed (it keeps the unprefixed keys):
   * buttons, links and jobs written then carry no shop and mean this one.
   */
  legacyOwner(): Shop | undefined {
    return this.#legacyOwner === undefined ? undefined : this.get(this.#legacyOwner);
  }

  /** More than one shop: every screen names its shop. */
  get many(): boolean {
    return this.#shops.length > 1;
  }

  onChange(listener: ShopChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Adds a shop whose keys were checked; they are kept encrypted. */
  async add(entry: ShopEntry, addedBy: number): Promise<Shop> {
    if (this.get(entry.id)) {
      throw new ShopError(
        "duplicate-id",
        `a store with Client-Id ${entry.id} is already connected`,
      );
    }
    this.#assertNameFree(entry.name);
    await this.#saved.save(entry, addedBy);
    // Settings of an earlier shop with the same id would rename or pause the new one.
    await this.#options.store.delete(SETTINGS_PREFIX + entry.id);
    const shop = await this.#build(entry, "bot");
    this.#shops.push(shop);
    this.#emit({ kind: "added", shop });
    return shop;
  }

  async rename(id: string, name: string): Promise<Shop> {
    const shop = this.#require(id);
    if (shop.name.toLocaleLowerCase("ru") !== name.toLocaleLowerCase("ru")) {
      this.#assertNameFree(name);
    }
    await this.#saveSettings(id, { name });
    const renamed = this.#replace({ ...shop, name });
    this.#emit({ kind: "renamed", shop: renamed, previousName: shop.name });
    return renamed;
  }

  async setPaused(id: string, paused: boolean): Promise<Shop> {
    const shop = this.#require(id);
    if (shop.paused === paused) return shop;
    await this.#saveSettings(id, { paused });
    const changed = this.#replace({ ...shop, paused });
    // Paused is said only once its pollers stopped (a pass under way ends or is cut off).
    await this.#emit({ kind: paused ? "paused" : "resumed", shop: changed });
    return changed;
  }

  /** Removes a shop added in the bot; its records stay (adding it again picks them up). */
  async remove(id: string): Promise<Shop> {
    const shop = this.#require(id);
    if (shop.origin === "env") {
      throw new ShopError("from-env", "a store from the environment cannot be removed in the bot");
    }
    await this.#saved.delete(id);
    await this.#options.store.delete(SETTINGS_PREFIX + id);
    this.#shops = this.#shops.filter((s) => s.id !== id);
    await this.#emit({ kind: "removed", shop });
    await closeClients(shop, this.#options.logger);
    return shop;
  }

  /**
   * Follows what another process sharing the store changed: shops added or removed in the bot,
   * renamed or paused. Without it, a button of a shop added at one process would find no shop at
   * the other. Changes are told to listeners as local ones are.
   */
  async sync(): Promise<void> {
    const saved = await this.#saved.list();
    const envIds = new Set(this.#options.fromEnv.map((e) => e.id));
    const present = new Set([...saved.shops, ...saved.unreadable].map((e) => e.id));
    for (const entry of saved.shops) {
      if (envIds.has(entry.id) || this.get(entry.id)) continue;
      const shop = await this.#build(entry, "bot");
      // add() in this process may have got there while the shop was built.
      if (this.get(entry.id)) {
        await closeClients(shop, this.#options.logger);
        continue;
      }
      this.#shops.push(shop);
      this.#emit({ kind: "added", shop });
    }
    for (const shop of this.#shops.filter((s) => s.origin === "bot" && !present.has(s.id))) {
      this.#shops = this.#shops.filter((s) => s.id !== shop.id);
      this.#emit({ kind: "removed", shop });
      await closeClients(shop, this.#options.logger);
    }
    for (const shop of [...this.#shops]) {
      const settings =
        (await this.#options.store.get<ShopSettings>(SETTINGS_PREFIX + shop.id)) ?? {};
      const current = this.get(shop.id);
      if (!current) continue;
      if (settings.name !== undefined && settings.name !== current.name) {
        const renamed = this.#replace({ ...current, name: settings.name });
        this.#emit({ kind: "renamed", shop: renamed, previousName: current.name });
      }
      const paused = settings.paused ?? false;
      const latest = this.get(shop.id);
      if (latest && latest.paused !== paused) {
        const changed = this.#replace({ ...latest, paused });
        this.#emit({ kind: paused ? "paused" : "resumed", shop: changed });
      }
    }
  }

  /** Calls `sync` every `everyMs` until close (several processes on one store). */
  followOtherProcesses(everyMs: number): void {
    if (this.#syncTimer) return;
    this.#syncTimer = setInterval(() => {
      this.sync().catch((error: unknown) => {
        this.#options.logger?.warn(
          { err: error },
          "reading the stores other processes changed failed",
        );
      });
    }, everyMs);
    this.#syncTimer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#syncTimer);
    this.#syncTimer = undefined;
    await Promise.all(this.#shops.map((shop) => closeClients(shop, this.#options.logger)));
  }

  #require(id: string): Shop {
    const shop = this.get(id);
    if (!shop) throw new ShopError("unknown", "no such store");
    return shop;
  }

  #assertNameFree(name: string): void {
    const taken = this.#shops.some(
      (s) => s.name.toLocaleLowerCase("ru") === name.toLocaleLowerCase("ru"),
    );
    if (taken) throw new ShopError("duplicate-name", `a store named "${name}" already exists`);
  }

  async #saveSettings(id: string, change: ShopSettings): Promise<void> {
    const key = SETTINGS_PREFIX + id;
    const current = (await this.#options.store.get<ShopSettings>(key)) ?? {};
    await this.#options.store.set(key, { ...current, ...change });
  }

  #replace(next: Shop): Shop {
    this.#shops = this.#shops.map((s) => (s.id === next.id ? next : s));
    return next;
  }

  /** Tells every listener; resolves when the work they return (a poller stopping) has settled. */
  #emit(change: ShopChange): Promise<void> {
    const pending: Promise<unknown>[] = [];
    const failed = (error: unknown) =>
      this.#options.logger?.error(
        { err: error, shop: change.shop.id },
        "a shop change listener failed",
      );
    for (const listener of this.#listeners) {
      try {
        const work = listener(change);
        if (work instanceof Promise) pending.push(work.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    return Promise.all(pending).then(() => undefined);
  }
}

async function closeClients(shop: Shop, logger: Logger | undefined): Promise<void> {
  for (const client of [shop.seller, shop.performance]) {
    try {
      await client?.close();
    } catch (error) {
      logger?.warn({ err: error, shop: shop.id }, "closing a store's Ozon client failed");
    }
  }
}
