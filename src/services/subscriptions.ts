/**
 * Who hears about postings: one subscriber per Telegram chat (a person's private chat or a group),
 * kept in the store so subscriptions survive restarts and are shared by several processes.
 *
 * Who may subscribe (warehouse role in private, admin in a group) is the bot layer's check; this
 * service only keeps the list.
 * Tests: test/services/subscriptions.test.ts, test/services/chat-moves.test.ts and 7 more
 */
import { moveKey } from "../store/move-key.ts";
import type { Store } from "../store/port.ts";

export type SubscriberKind = "private" | "group";

export interface Subscriber {
  /** Telegram chat id (negative for groups). */
  chatId: number;
  kind: SubscriberKind;
  /** Telegram user id of the person who subscribed the chat. */
  subscribedBy: number;
  /**
   * Warehouses of the legacy shop (the one store of the versions before several stores, whose
   * records keep their unprefixed keys) the chat wants alerts for; absent or empty means every
   * warehouse. So a record written before several stores existed means what it meant.
   */
  warehouseIds?: string[];
  /** Warehouses of every other shop, by shop id (warehouse ids are per seller account). */
  shopWarehouses?: Record<string, string[]>;
  /** Shops (ids) the chat wants alerts of; absent or empty means every shop. */
  shopIds?: string[];
  /** ISO time of the subscription; postings first seen before it are not announced to this chat. */
  createdAt: string;
}

export interface SubscribeInput {
  chatId: number;
  kind: SubscriberKind;
  subscribedBy: number;
  warehouseIds?: readonly string[];
}

export interface SubscriptionServiceOptions {
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  /** The shop whose warehouses a record's legacy `warehouseIds` name (see Subscriber). */
  legacyShopId?: () => string | undefined;
}

const KEY_PREFIX = "subscriber:";

const keyOf = (chatId: number) => `${KEY_PREFIX}${chatId}`;

/** The store key of a chat's subscription (read along with the chat lock by /help and /start). */
export const subscriberKey = keyOf;

function checkChatId(chatId: number): void {
  if (!Number.isSafeInteger(chatId) || chatId === 0) {
    throw new TypeError(`chatId must be a non-zero integer, got ${chatId}`);
  }
}

function normaliseWarehouses(ids: readonly string[] | undefined): string[] | undefined {
  if (ids === undefined) return undefined;
  const clean = [...new Set(ids.map((id) => String(id).trim()).filter((id) => id !== ""))];
  return clean.length > 0 ? clean : undefined;
}

/** True when the subscriber wants postings of this warehouse (no filter: every warehouse). */
export function wantsWarehouse(subscriber: Subscriber, warehouseId: string | undefined): boolean {
  const filter = subscriber.warehouseIds;
  if (filter === undefined || filter.length === 0) return true;
  return warehouseId !== undefined && filter.includes(String(warehouseId));
}

/** True when the subscriber wants alerts of this shop (no shop filter: every shop). */
export function wantsShop(subscriber: Subscriber, shopId: string): boolean {
  const filter = subscriber.shopIds;
  return filter === undefined || filter.length === 0 || filter.includes(shopId);
}

/** The warehouse filter of one shop; `legacyShopId` owns the record's `warehouseIds`. */
export function warehousesOf(
  subscriber: Subscriber,
  shopId: string,
  legacyShopId: string | undefined,
): string[] | undefined {
  const ids =
    shopId === legacyShopId ? subscriber.warehouseIds : subscriber.shopWarehouses?.[shopId];
  return ids?.length ? ids : undefined;
}

/** The subscriber as one shop's watcher sees it: that shop's warehouse filter in `warehouseIds`. */
export function subscriberForShop(
  subscriber: Subscriber,
  shopId: string,
  legacyShopId: string | undefined,
): Subscriber {
  const { warehouseIds: _legacy, shopWarehouses: _all, ...rest } = subscriber;
  const warehouseIds = warehousesOf(subscriber, shopId, legacyShopId);
  return { ...rest, ...(warehouseIds ? { warehouseIds } : {}) };
}

/** At most this many shop ids in a filter (more shops than any seller runs). */
const MAX_FILTER_SHOPS = 200;

export class SubscriptionService {
  readonly #store: Store;
  readonly #now: () => number;
  readonly #legacyShopId: () => string | undefined;

  constructor(store: Store, options: SubscriptionServiceOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
    this.#legacyShopId = options.legacyShopId ?? (() => undefined);
  }

  /**
   * Subscribes a chat. An existing subscription is kept as it is (its `createdAt` matters: it
   * decides which postings are new to the chat); only a given warehouse filter replaces the old one.
   */
  async subscribe(input: SubscribeInput): Promise<{ subscriber: Subscriber; created: boolean }> {
    checkChatId(input.chatId);
    const warehouseIds = normaliseWarehouses(input.warehouseIds);
    const fresh: Subscriber = {
      chatId: input.chatId,
      kind: input.kind,
      subscribedBy: input.subscribedBy,
      ...(warehouseIds ? { warehouseIds } : {}),
      createdAt: new Date(this.#now()).toISOString(),
    };
    if (await this.#store.setIfAbsent(keyOf(input.chatId), fresh)) {
      return { subscriber: fresh, created: true };
    }
    if (input.warehouseIds !== undefined) {
      const updated = await this.setWarehouses(input.chatId, input.warehouseIds);
      if (updated) return { subscriber: updated, created: false };
    }
    const existing = await this.get(input.chatId);
    if (existing) return { subscriber: existing, created: false };
    // Unsubscribed between our two calls: try once more from scratch.
    return this.subscribe(input);
  }

  /** True when the chat was subscribed. */
  async unsubscribe(chatId: number): Promise<boolean> {
    checkChatId(chatId);
    return this.#store.delete(keyOf(chatId));
  }

  /**
   * The group became a supergroup with a new id: its subscription (filters, `createdAt`) follows.
   * A subscription the new chat already has is kept. True when the old chat was subscribed.
   */
  async moveChat(fromChatId: number, toChatId: number): Promise<boolean> {
    checkChatId(fromChatId);
    checkChatId(toChatId);
    return moveKey<Subscriber>(this.#store, keyOf(fromChatId), keyOf(toChatId), (old) => ({
      ...old,
      chatId: toChatId,
    }));
  }

  async get(chatId: number): Promise<Subscriber | undefined> {
    checkChatId(chatId);
    return this.#store.get<Subscriber>(keyOf(chatId));
  }

  async list(): Promise<Subscriber[]> {
    const entries = await this.#store.list<Subscriber>(KEY_PREFIX);
    return entries.map((entry) => entry.value);
  }

  /**
   * Narrows a subscription to some warehouses of one shop (empty: all of them); undefined when the
   * chat is not subscribed. Without a shop, or for the legacy shop, the filter is `warehouseIds`.
   */
  async setWarehouses(
    chatId: number,
    warehouseIds: readonly string[],
    shopId?: string,
  ): Promise<Subscriber | undefined> {
    const clean = normaliseWarehouses(warehouseIds);
    const legacy = shopId === undefined || shopId === this.#legacyShopId();
    return this.#update(chatId, (existing) => {
      if (legacy) {
        const { warehouseIds: _old, ...rest } = existing;
        return { ...rest, ...(clean ? { warehouseIds: clean } : {}) };
      }
      const { shopWarehouses, ...rest } = existing;
      const others = { ...shopWarehouses };
      if (clean) others[shopId] = clean;
      else delete others[shopId];
      return { ...rest, ...(Object.keys(others).length > 0 ? { shopWarehouses: others } : {}) };
    });
  }

  /** Narrows a subscription to some shops (empty: every shop); undefined when not subscribed. */
  async setShops(chatId: number, shopIds: readonly string[]): Promise<Subscriber | undefined> {
    const clean = [...new Set(shopIds.map(String))].slice(0, MAX_FILTER_SHOPS);
    return this.#update(chatId, (existing) => {
      const { shopIds: _old, ...rest } = existing;
      return { ...rest, ...(clean.length > 0 ? { shopIds: clean } : {}) };
    });
  }

  async #update(
    chatId: number,
    change: (existing: Subscriber) => Subscriber,
  ): Promise<Subscriber | undefined> {
    checkChatId(chatId);
    // Compare-and-set so a concurrent unsubscribe is never undone by this write.
    for (;;) {
      const existing = await this.get(chatId);
      if (!existing) return undefined;
      const updated = change(existing);
      if (await this.#store.compareAndSet(keyOf(chatId), existing, updated)) return updated;
    }
  }
}
