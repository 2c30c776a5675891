/**
 * The capabilities whose store lacks today's Ozon method and fell back to the seed's form, kept in
 * the store under `ozon:fallback:<service>:<capability>`: after a restart, and in every process
 * that shares the store, the missing method is not asked again. (The older
 * `ozon:successor:*` keys said the opposite — a move away from the seed's forms — and are ignored.)
 * Tests: test/ozon/fallback-memory.test.ts
 */
import type { Store } from "../store/port.ts";
import type { FallbackMemory } from "./successors.ts";

export function storedFallbacks(store: Store, service: "seller" | "performance"): FallbackMemory {
  const prefix = `ozon:fallback:${service}:`;
  return {
    recall: async () => (await store.list(prefix)).map(({ key }) => key.slice(prefix.length)),
    remember: (capability) =>
      store.set(`${prefix}${capability}`, { since: new Date().toISOString() }),
    forget: async (capability) => {
      await store.delete(`${prefix}${capability}`);
    },
  };
}
