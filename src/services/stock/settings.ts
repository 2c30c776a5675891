/**
 * What people chose about stock alerts: whether a subscribed chat wants them (they come with the
 * chat's /subscribe filters of stores and warehouses), and a store's own threshold (admins set it
 * in /stores; none: LOW_STOCK).
 * Tests: test/services/stock/watcher.test.ts, test/bot/stock/chat-failures.test.ts and 1 more
 */
import { moveKey } from "../../store/move-key.ts";
import type { Store } from "../../store/port.ts";

const CHOICE_PREFIX = "stock:alerts:";
const THRESHOLD_KEY = "stock:threshold";
/** The thresholds an admin may pick; more would be a number of the order's size, not "low". */
export const MAX_THRESHOLD = 1_000;

export class StockAlertChoice {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async wants(chatId: number): Promise<boolean> {
    return (await this.#store.get<boolean>(`${CHOICE_PREFIX}${chatId}`)) === true;
  }

  /** Every chat that turned stock alerts on. */
  async chats(): Promise<Set<number>> {
    const entries = await this.#store.list<boolean>(CHOICE_PREFIX);
    const ids = entries
      .filter((entry) => entry.value === true)
      .map((entry) => Number(entry.key.slice(entry.key.lastIndexOf(":") + 1)));
    return new Set(ids.filter(Number.isSafeInteger));
  }

  /** The group became a supergroup: its choice follows it (true when it had stock alerts on). */
  async moveChat(fromChatId: number, toChatId: number): Promise<boolean> {
    return moveKey<boolean>(
      this.#store,
      `${CHOICE_PREFIX}${fromChatId}`,
      `${CHOICE_PREFIX}${toChatId}`,
      (on) => on,
    );
  }

  async set(chatId: number, on: boolean): Promise<void> {
    if (on) await this.#store.set(`${CHOICE_PREFIX}${chatId}`, true);
    else await this.#store.delete(`${CHOICE_PREFIX}${chatId}`);
  }
}

/** A store's threshold, kept in that store's part of the store. */
export class StockThreshold {
  readonly #store: Store;
  readonly #fallback: number;

  constructor(shopStore: Store, fallback: number) {
    this.#store = shopStore;
    this.#fallback = fallback;
  }

  async get(): Promise<number> {
    const own = await this.#store.get<number>(THRESHOLD_KEY);
    return typeof own === "number" && isThreshold(own) ? own : this.#fallback;
  }

  /** True for the store's own value, false when it follows LOW_STOCK. */
  async isOwn(): Promise<boolean> {
    return (await this.#store.get(THRESHOLD_KEY)) !== undefined;
  }

  /** `undefined` goes back to LOW_STOCK. */
  async set(value: number | undefined): Promise<void> {
    if (value === undefined) {
      await this.#store.delete(THRESHOLD_KEY);
      return;
    }
    if (!isThreshold(value)) throw new RangeError(`threshold out of range: ${value}`);
    await this.#store.set(THRESHOLD_KEY, value);
  }
}

export function isThreshold(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_THRESHOLD;
}
