/**
 * Checks a new shop's keys with one cheap Ozon call each before they are saved: the warehouse
 * list for the Seller keys, the token request for the Performance keys. The clients are built
 * the container's way (src/container.ts) but only for this check, and closed after it.
 * Tests: none directly
 */
import { ozonFailureKind } from "../ozon/index.ts";
import type { ShopEntry } from "./entry.ts";
import type { ShopClients } from "./registry.ts";

/** ok: Ozon took the keys; refused: 401/403; unavailable: no verdict now (5xx, network...). */
export type KeyVerdict = "ok" | "refused" | "unavailable";

export interface KeyCheck {
  seller?: KeyVerdict;
  performance?: KeyVerdict;
}

/** Clients made only to check keys (no health, no successor memory kept). */
export type CheckClientFactory = (entry: ShopEntry) => ShopClients;

export async function checkShopKeys(
  entry: ShopEntry,
  clients: CheckClientFactory,
  onError?: (error: unknown) => void,
): Promise<KeyCheck> {
  const made = clients(entry);
  const verdict = async (check: () => Promise<unknown>): Promise<KeyVerdict> => {
    try {
      await check();
      return "ok";
    } catch (error) {
      if (ozonFailureKind(error) === "keys_refused") return "refused";
      onError?.(error);
      return "unavailable";
    }
  };
  try {
    const { seller, performance } = made;
    const [sellerVerdict, performanceVerdict] = await Promise.all([
      seller ? verdict(() => seller.warehouses.list()) : undefined,
      performance ? verdict(() => performance.token.token()) : undefined,
    ]);
    return {
      ...(sellerVerdict ? { seller: sellerVerdict } : {}),
      ...(performanceVerdict ? { performance: performanceVerdict } : {}),
    };
  } finally {
    await Promise.allSettled([made.seller?.close(), made.performance?.close()]);
  }
}
