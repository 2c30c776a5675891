/**
 * The durable queue between Ozon's push and the pollers. A push is answered `{"result": true}`
 * only after its hint is written here (Ozon never resends an acknowledged event); a hint is
 * removed only after the shop's poller finished a pass that started after it arrived, so a crash
 * in between repeats a pass, never loses one. Hints expire after two days: polling has long
 * since caught up by then.
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../../store/port.ts";
import type { PushArea, PushHint } from "./events.ts";

const PREFIX = "push:queue:";
const TTL_MS = 2 * 24 * 3_600_000;
/** An exact repeat of a push (Ozon's retry) within this time is a duplicate. */
const SEEN_TTL_MS = 24 * 3_600_000;

export interface QueuedHint {
  key: string;
  hint: PushHint;
}

export class PushQueue {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  /** False when this exact push (by its digest) was queued before. */
  async add(hint: Omit<PushHint, "receivedAt">, digest: string): Promise<boolean> {
    const fresh = await this.#store.setIfAbsent(`push:seen:${digest}`, 1, { ttlMs: SEEN_TTL_MS });
    if (!fresh) return false;
    const at = this.#now();
    // Time first, so the list comes out oldest first; the random part keeps keys apart.
    const key = `${PREFIX}${hint.shopId}:${hint.area}:${String(at).padStart(15, "0")}-${randomBytes(4).toString("hex")}`;
    await this.#store.set(
      key,
      { ...hint, receivedAt: new Date(at).toISOString() },
      { ttlMs: TTL_MS },
    );
    return true;
  }

  /** Hints waiting for one shop's area, oldest first. */
  async pending(shopId: string, area: PushArea): Promise<QueuedHint[]> {
    const entries = await this.#store.list<PushHint>(`${PREFIX}${shopId}:${area}:`);
    return entries.map(({ key, value }) => ({ key, hint: value }));
  }

  /** Every shop and area with hints waiting. */
  async areasWaiting(): Promise<Array<{ shopId: string; area: PushArea }>> {
    const seen = new Map<string, { shopId: string; area: PushArea }>();
    for (const { value } of await this.#store.list<PushHint>(PREFIX)) {
      seen.set(`${value.shopId}\n${value.area}`, { shopId: value.shopId, area: value.area });
    }
    return [...seen.values()];
  }

  async done(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.#store.delete(key)));
  }
}
