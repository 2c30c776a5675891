/**
 * Who turned which money alert off (a loss day, a missed payout), per person: both are on for
 * admins and managers until they turn one off. Kept in the shared store under the person's id.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import type { Store } from "../../store/port.ts";
import type { MoneyAlertKind } from "./alerts.ts";

const KEY = "money:alerts-off:";

type Off = Partial<Record<MoneyAlertKind, true>>;

export class MoneyAlertSettings {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async wants(userId: number, kind: MoneyAlertKind): Promise<boolean> {
    const off = await this.#store.get<Off>(`${KEY}${userId}`);
    return off?.[kind] !== true;
  }

  async set(userId: number, kind: MoneyAlertKind, on: boolean): Promise<void> {
    const key = `${KEY}${userId}`;
    const off: Off = { ...((await this.#store.get<Off>(key)) ?? {}) };
    if (on) delete off[kind];
    else off[kind] = true;
    if (Object.keys(off).length === 0) await this.#store.delete(key);
    else await this.#store.set(key, off);
  }
}
