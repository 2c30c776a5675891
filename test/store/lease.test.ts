import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireLease,
  leaseHolder,
  leaseKey,
  releaseLease,
  renewLease,
} from "../../src/store/lease.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { SqliteStore } from "../../src/store/sqlite.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { eventually } from "./wait.ts";

const redis = await redisAvailability();
const root = mkdtempSync(join(tmpdir(), "ozon-lease-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Subject {
  /** Handles on the same data: Redis gives one connection per would-be process. */
  stores: Store[];
  dispose(): Promise<void>;
}

function leaseSuite(label: string, open: () => Promise<Subject>) {
  describe(`leases: ${label}`, () => {
    let subject: Subject;
    let store: Store;
    beforeEach(async () => {
      subject = await open();
      store = subject.stores[0] as Store;
    });
    afterEach(() => subject.dispose());

    it("goes to one holder at a time and can be renewed and released only by it", async () => {
      expect(await acquireLease(store, "postings", "a", 60_000)).toBe(true);
      expect(await leaseHolder(store, "postings")).toBe("a");
      expect(await acquireLease(store, "postings", "b", 60_000)).toBe(false);
      expect(await acquireLease(store, "postings", "a", 60_000)).toBe(true);
      expect(await renewLease(store, "postings", "b", 60_000)).toBe(false);
      expect(await releaseLease(store, "postings", "b")).toBe(false);
      expect(await leaseHolder(store, "postings")).toBe("a");
      expect(await renewLease(store, "postings", "a", 60_000)).toBe(true);
      expect(await releaseLease(store, "postings", "a")).toBe(true);
      expect(await leaseHolder(store, "postings")).toBeUndefined();
      expect(await acquireLease(store, "postings", "b", 60_000)).toBe(true);
      expect(await store.get(leaseKey("postings"))).toBe("b");
    });

    it("keeps leases of different streams apart", async () => {
      expect(await acquireLease(store, "chats", "a", 60_000)).toBe(true);
      expect(await acquireLease(store, "reports", "b", 60_000)).toBe(true);
      expect(await leaseHolder(store, "chats")).toBe("a");
      expect(await leaseHolder(store, "reports")).toBe("b");
    });

    it("passes to another holder when it runs out, and the old holder cannot take it back", async () => {
      expect(await acquireLease(store, "chats", "old", 50)).toBe(true);
      await eventually("the lease to pass to the new holder", () =>
        acquireLease(store, "chats", "new", 60_000),
      );
      expect(await renewLease(store, "chats", "old", 60_000)).toBe(false);
      expect(await releaseLease(store, "chats", "old")).toBe(false);
      expect(await acquireLease(store, "chats", "old", 60_000)).toBe(false);
      expect(await leaseHolder(store, "chats")).toBe("new");
    });

    it("renewal keeps the lease past its first TTL", async () => {
      expect(await acquireLease(store, "renewed", "me", 80)).toBe(true);
      expect(await renewLease(store, "renewed", "me", 60_000)).toBe(true);
      expect(await acquireLease(store, "control", "me", 80)).toBe(true);
      await eventually("the control lease to run out", async () => {
        return (await leaseHolder(store, "control")) === undefined;
      });
      expect(await leaseHolder(store, "renewed")).toBe("me");
    });

    it("lets exactly one of many concurrent contenders win", async () => {
      const contenders = Array.from({ length: 12 }, (_, i) => `holder-${i}`);
      const results = await Promise.all(
        contenders.map((id, i) =>
          acquireLease(subject.stores[i % subject.stores.length] as Store, "race", id, 60_000),
        ),
      );
      const winners = contenders.filter((_, i) => results[i]);
      expect(winners).toHaveLength(1);
      expect(await leaseHolder(store, "race")).toBe(winners[0]);
    });

    it("refuses an empty holder id", async () => {
      await expect(acquireLease(store, "x", "", 1_000)).rejects.toThrow(TypeError);
    });
  });
}

leaseSuite("memory", async () => {
  const store = new MemoryStore();
  return { stores: [store], dispose: () => store.close() };
});

let dirs = 0;
leaseSuite("file", async () => {
  const store = await SqliteStore.open({ dataDir: join(root, `d${++dirs}`) });
  return { stores: [store], dispose: () => store.close() };
});

redis.describe("leases over Redis", () => {
  leaseSuite("redis", async () => {
    const prefix = uniquePrefix("lease");
    const stores = await Promise.all(
      [0, 1, 2, 3].map(() => RedisStore.open({ url: redis.url, prefix })),
    );
    return {
      stores,
      dispose: async () => {
        await removeKeys(redis.url, prefix);
        await Promise.all(stores.map((s) => s.close()));
      },
    };
  });
});
