/**
 * The Ozon clients' moves to successor methods, kept in the store under
 * `ozon:successor:<service>:<capability>`: after a restart, and in every process that shares the
 * store, a retired form is not asked again.
 */
import type { SuccessorMemory } from "../ozon/index.ts";
import type { Store } from "./port.ts";

export function storedSuccessors(store: Store, service: "seller" | "performance"): SuccessorMemory {
  const prefix = `ozon:successor:${service}:`;
  return {
    recall: async () => (await store.list(prefix)).map(({ key }) => key.slice(prefix.length)),
    remember: (capability) =>
      store.set(`${prefix}${capability}`, { since: new Date().toISOString() }),
  };
}
