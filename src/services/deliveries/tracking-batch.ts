/**
 * Tracking numbers waiting for ✅ Apply: the preview's pairs kept in the shop's store under a
 * random id its buttons carry, for their owner only. Apply takes the batch (one atomic take), so a
 * double tap, or a tap in another process, sends it once; the second is told it went already.
 *
 * Store layout: `tracking-batch:<id>` → TrackingBatch, TTL BATCH_TTL_MS.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
import { randomBytes } from "node:crypto";
import type { SellerClient } from "../../ozon/index.ts";
import type { DeliveryResult } from "../../ozon/seller/deliveries.ts";
import type { Store } from "../../store/port.ts";
import type { TrackingPair } from "./tracking-lines.ts";

export interface TrackingBatch {
  /** Telegram id of the person who sent the lines: only they may apply them. */
  owner: number;
  pairs: TrackingPair[];
}

export const BATCH_TTL_MS = 30 * 60_000;

const key = (id: string) => `tracking-batch:${id}`;
export const BATCH_ID = /^[0-9a-f]{12}$/;

export class TrackingBatches {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async save(batch: TrackingBatch): Promise<string> {
    const id = randomBytes(6).toString("hex");
    await this.#store.set(key(id), batch, { ttlMs: BATCH_TTL_MS });
    return id;
  }

  peek(id: string): Promise<TrackingBatch | undefined> {
    return this.#store.get<TrackingBatch>(key(id));
  }

  /** The batch, once: undefined when it was applied, dropped or is too old. */
  take(id: string): Promise<TrackingBatch | undefined> {
    return this.#store.take<TrackingBatch>(key(id));
  }
}

/** Sets the pairs' tracking numbers; each posting's outcome in Ozon's words. */
export function applyTracking(
  seller: Pick<SellerClient, "deliveries">,
  pairs: readonly TrackingPair[],
): Promise<DeliveryResult[]> {
  return seller.deliveries.setTrackingNumbers(pairs);
}
