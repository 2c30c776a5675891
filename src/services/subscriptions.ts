/**
 * Who hears about postings: one subscriber per Telegram chat (a person's private chat or a group),
 * kept in the store so subscriptions survive restarts and are shared by several processes.
 *
 * Who may subscribe (warehouse role in private, admin in a group) is the bot layer's check; this
 * service only keeps the list.
 */
import type { Store } from "../store/port.ts";

export type SubscriberKind = "private" | "group";

export interface Subscriber {
  /** Telegram chat id (negative for groups). */
  chatId: number;
  kind: SubscriberKind;
  /** Telegram user id of the person who subscribed the chat. */
  subscribedBy: number;
  /** Warehouses the chat wants alerts for; absent or empty means every warehouse. */
  warehouseIds?: string[];
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
}

const KEY_PREFIX = "subscriber:";

const keyOf = (chatId: number) => `${KEY_PREFIX}${chatId}`;

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

export class SubscriptionService {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, options: SubscriptionServiceOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
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

  async get(chatId: number): Promise<Subscriber | undefined> {
    checkChatId(chatId);
    return this.#store.get<Subscriber>(keyOf(chatId));
  }

  async list(): Promise<Subscriber[]> {
    const entries = await this.#store.list<Subscriber>(KEY_PREFIX);
    return entries.map((entry) => entry.value);
  }

  /** Narrows a subscription to some warehouses (empty: all); undefined when the chat is not subscribed. */
  async setWarehouses(
    chatId: number,
    warehouseIds: readonly string[],
  ): Promise<Subscriber | undefined> {
    const clean = normaliseWarehouses(warehouseIds);
    // Compare-and-set so a concurrent unsubscribe is never undone by this write.
    for (;;) {
      const existing = await this.get(chatId);
      if (!existing) return undefined;
      const { warehouseIds: _old, ...rest } = existing;
      const updated: Subscriber = { ...rest, ...(clean ? { warehouseIds: clean } : {}) };
      if (await this.#store.compareAndSet(keyOf(chatId), existing, updated)) return updated;
    }
  }
}
