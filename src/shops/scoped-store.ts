/**
 * One shop's part of the store: the same port with every key under `shop:<id>:`. Services that
 * keep per-shop records (cursors, announced postings, message links, report jobs, leases) get
 * this view and stay unaware of shops. The shop that owned the data before several shops existed
 * keeps the unprefixed keys (src/shops/registry.ts), so an upgrade moves nothing.
 * Tests: test/services/audit/trail.test.ts, test/services/chat-moves.test.ts and 2 more
 */
import type { Change, PageOptions, SetOptions, Store } from "../store/port.ts";

export function scopedStore(store: Store, prefix: string): Store {
  if (prefix === "") return store;
  const key = (k: string) => prefix + k;
  const strip = <T>(entries: Array<{ key: string; value: T }>) =>
    entries.map((e) => ({ key: e.key.slice(prefix.length), value: e.value }));
  return {
    kind: store.kind,
    get: <T>(k: string) => store.get<T>(key(k)),
    set: (k: string, value: unknown, options?: SetOptions) => store.set(key(k), value, options),
    setIfAbsent: (k: string, value: unknown, options?: SetOptions) =>
      store.setIfAbsent(key(k), value, options),
    delete: (k: string) => store.delete(key(k)),
    take: <T>(k: string) => store.take<T>(key(k)),
    list: async <T>(p: string) => strip(await store.list<T>(key(p))),
    listPage: async <T>(p: string, options: PageOptions) =>
      strip(
        await store.listPage<T>(key(p), {
          ...options,
          ...(options.after === undefined ? {} : { after: key(options.after) }),
        }),
      ),
    increment: (k: string, by?: number) => store.increment(key(k), by),
    compareAndSet: (k: string, expected: unknown, next: unknown, options?: SetOptions) =>
      store.compareAndSet(key(k), expected, next, options),
    compareAndSetMany: (changes: readonly Change[]) =>
      store.compareAndSetMany(changes.map((c) => ({ ...c, key: key(c.key) }))),
    ping: () => store.ping(),
    // The view does not own the connection: the container closes the store once.
    close: async () => {},
  };
}

/** The prefix of a shop's keys. */
export function shopKeyPrefix(shopId: string): string {
  return `shop:${shopId}:`;
}
