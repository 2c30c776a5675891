/**
 * The start-up repair: an action that reached Ozon is never missing from the trail. When the
 * process died between Ozon's answer and the record, the action's own once-key or ledger still
 * says it happened; the record is written from it now, once (its once-key is the same one the
 * action's own record uses).
 *
 * Repaired here: ship/pack (the packed-by note every confirmed ship writes, kept three days).
 * The areas with ledgers of their own repair theirs at their module's start, the same way:
 * stock and price (services/products/audit.ts), return decisions (services/returns/audit.ts),
 * delivery steps and disputes (services/deliveries/audit.ts).
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import type { PackedBy } from "../postings/packed-by.ts";
import type { AuditTrail } from "./trail.ts";

/** The once-key of one ship: the posting and the time its packed-by note gives. */
export const shipOnceKey = (shopId: string, postingNumber: string, at: string) =>
  `ship:${shopId}:${postingNumber}:${at}`;

const PACKED_BY_PREFIX = "packed-by:";

export interface RepairShop {
  id: string;
  store: Store;
}

/** Writes the records missing for ships noted in each shop's packed-by ledger; returns how many. */
export async function repairTrail(
  trail: AuditTrail,
  shops: readonly RepairShop[],
  logger?: Logger,
): Promise<number> {
  let repaired = 0;
  for (const shop of shops) {
    try {
      // Bounded: the ledger keeps three days of ships.
      for (const { key, value } of await shop.store.list<PackedBy>(PACKED_BY_PREFIX)) {
        const number = key.slice(PACKED_BY_PREFIX.length);
        const at = Date.parse(value?.at ?? "");
        if (!value || !Number.isFinite(at) || typeof value.userId !== "number") continue;
        const once = shipOnceKey(shop.id, number, value.at);
        if (await trail.has(once)) continue;
        const written = await trail.record({
          kind: "ship",
          actor: { id: value.userId, name: String(value.name ?? "") },
          shopId: shop.id,
          objectId: number,
          via: "repaired",
          ...(value.parts?.length ? { to: value.parts.join(", ") } : {}),
          result: { status: "done" },
          onceKey: once,
          at,
        });
        if (written) repaired++;
      }
    } catch (error) {
      logger?.warn({ err: error, shop: shop.id }, "Audit: repairing the trail failed");
    }
  }
  if (repaired > 0) logger?.info({ repaired }, "Audit: ships missing from the trail recorded");
  return repaired;
}
