/**
 * A store that fails where a test says: every call goes to `inner` unless `refuse` returns true
 * for its operation and keys, and then it throws before `inner` sees it — as if the process
 * died at that moment (nothing of the call reaches the store).
 */
import type { Store } from "../../src/store/port.ts";

export type StoreOperation = Exclude<keyof Store, "kind">;

export function faultyStore(
  inner: Store,
  refuse: (operation: StoreOperation, keys: readonly string[]) => boolean,
): Store {
  const check = (operation: StoreOperation, ...keys: string[]) => {
    if (refuse(operation, keys)) throw new Error(`store unavailable (${operation} refused)`);
  };
  return {
    kind: inner.kind,
    async get(key) {
      check("get", key);
      return inner.get(key);
    },
    async set(key, value, options) {
      check("set", key);
      return inner.set(key, value, options);
    },
    async setIfAbsent(key, value, options) {
      check("setIfAbsent", key);
      return inner.setIfAbsent(key, value, options);
    },
    async delete(key) {
      check("delete", key);
      return inner.delete(key);
    },
    async take(key) {
      check("take", key);
      return inner.take(key);
    },
    async list(prefix) {
      check("list", prefix);
      return inner.list(prefix);
    },
    async listPage(prefix, options) {
      check("listPage", prefix);
      return inner.listPage(prefix, options);
    },
    async increment(key, by) {
      check("increment", key);
      return inner.increment(key, by);
    },
    async compareAndSet(key, expected, next, options) {
      check("compareAndSet", key);
      return inner.compareAndSet(key, expected, next, options);
    },
    async compareAndSetMany(changes) {
      check("compareAndSetMany", ...changes.map((c) => c.key));
      return inner.compareAndSetMany(changes);
    },
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}
