/**
 * Chats that chose "🛒 Sales" alerts, per store: one record per chat naming the stores (ids) whose
 * FBO orders it hears about and who turned each of them on.
 * Tests: test/bot/fbo-stock/fbo-stock.test.ts, test/bot/sales/audience.test.ts and 2 more
 */
import { moveKey } from "../../store/move-key.ts";
import type { Store } from "../../store/port.ts";

export interface SalesSubscriber {
  chatId: number;
  /** Telegram user id of who first turned the alerts on (records before `byShop`). */
  by: number;
  /** Who turned each store on (Telegram user id by store id). */
  byShop?: Record<string, number>;
  /** ISO time the chat chose each store: orders before it are not told there. */
  shops: Record<string, string>;
}

export const SALES_SUBSCRIBER_PREFIX = "sales-subscriber:";
const keyOf = (chatId: number) => `${SALES_SUBSCRIBER_PREFIX}${chatId}`;
/** More chats than any team has; a list beyond it is damage, not choice. */
const MAX_SUBSCRIBERS = 1000;
const MAX_SHOPS = 200;

function checkChatId(chatId: number): void {
  if (!Number.isSafeInteger(chatId) || chatId === 0) throw new TypeError("bad chat id");
}

export class SalesSubscribers {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async get(chatId: number): Promise<SalesSubscriber | undefined> {
    checkChatId(chatId);
    const found = await this.#store.get<SalesSubscriber>(keyOf(chatId));
    return found && typeof found.shops === "object" && found.shops !== null ? found : undefined;
  }

  /** True when the chat hears about this store's sales. */
  async wants(chatId: number, shopId: string): Promise<boolean> {
    return (await this.get(chatId))?.shops[shopId] !== undefined;
  }

  /** Turns one store on or off for the chat; resolves with whether it is on now. */
  async toggle(chatId: number, by: number, shopId: string, now = new Date()): Promise<boolean> {
    checkChatId(chatId);
    const key = keyOf(chatId);
    for (;;) {
      const old = await this.#store.get<SalesSubscriber>(key);
      const shops = { ...(old?.shops ?? {}) };
      const byShop = { ...(old?.byShop ?? {}) };
      const on = shops[shopId] === undefined;
      if (on) {
        if (Object.keys(shops).length >= MAX_SHOPS) return false;
        shops[shopId] = now.toISOString();
        byShop[shopId] = by;
      } else {
        delete shops[shopId];
        delete byShop[shopId];
      }
      const next: SalesSubscriber = { chatId, by: old?.by ?? by, shops, byShop };
      if (old === undefined) {
        if (await this.#store.setIfAbsent(key, next)) return on;
        continue;
      }
      if (Object.keys(shops).length === 0) {
        if (await this.#store.compareAndSet(key, old, undefined)) return on;
        continue;
      }
      if (await this.#store.compareAndSet(key, old, next)) return on;
    }
  }

  async off(chatId: number): Promise<boolean> {
    checkChatId(chatId);
    return this.#store.delete(keyOf(chatId));
  }

  /** The group became a supergroup: its choice follows it (true when it had one). */
  moveChat(fromChatId: number, toChatId: number): Promise<boolean> {
    return moveKey<SalesSubscriber>(this.#store, keyOf(fromChatId), keyOf(toChatId), (s) => ({
      ...s,
      chatId: toChatId,
    }));
  }

  /** The chats that hear about this store, with who turned it on there and when. */
  async of(shopId: string): Promise<Array<{ chatId: number; by: number; since: string }>> {
    const entries = await this.#store.list<SalesSubscriber>(SALES_SUBSCRIBER_PREFIX);
    return entries
      .map((e) => e.value)
      .filter((s) => Number.isSafeInteger(s?.chatId) && Number.isSafeInteger(s?.by))
      .slice(0, MAX_SUBSCRIBERS)
      .flatMap((s) => {
        const since = s.shops?.[shopId];
        if (typeof since !== "string") return [];
        const turnedOnBy = s.byShop?.[shopId];
        const by = Number.isSafeInteger(turnedOnBy) ? (turnedOnBy as number) : s.by;
        return [{ chatId: s.chatId, by, since }];
      });
  }
}
