/**
 * A shop registry around clients a test made itself (sandbox clients with no retries, say): one
 * shop by default, named as the sandbox's first store, on the given store.
 */
import type { PerformanceClient, SellerClient } from "../../src/ozon/index.ts";
import type { ShopEntry } from "../../src/shops/entry.ts";
import { type ShopClients, ShopRegistry } from "../../src/shops/registry.ts";
import { SecretBox } from "../../src/shops/secrets.ts";
import type { Store } from "../../src/store/port.ts";

export interface TestShop {
  id?: string;
  name?: string;
  seller?: SellerClient;
  performance?: PerformanceClient;
  /** The Performance client id (report jobs queue per account). */
  performanceAccount?: string;
}

export const TEST_SECRETS = SecretBox.fromKey(Buffer.alloc(32, 7));

export async function testShops(store: Store, shops: TestShop[]): Promise<ShopRegistry> {
  const clients = new Map<string, ShopClients>();
  const entries: ShopEntry[] = shops.map((shop, index) => {
    const id = shop.id ?? (index === 0 ? "sandbox-client" : `sandbox-client-${index + 1}`);
    clients.set(id, {
      ...(shop.seller ? { seller: shop.seller } : {}),
      ...(shop.performance ? { performance: shop.performance } : {}),
    });
    return {
      id,
      name: shop.name ?? (index === 0 ? "Северный" : `Магазин ${index + 1}`),
      ...(shop.seller ? { seller: { clientId: id, apiKey: "test-key" } } : {}),
      ...(shop.performance
        ? {
            performance: {
              clientId: shop.performanceAccount ?? `${id}-performance`,
              clientSecret: "test-secret",
            },
          }
        : {}),
    };
  });
  return ShopRegistry.open({
    store,
    fromEnv: entries,
    clients: (entry) => clients.get(entry.id) ?? {},
    secrets: TEST_SECRETS,
  });
}
