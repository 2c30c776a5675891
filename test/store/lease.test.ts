import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeLoopLease } from "../../src/store/fenced-store.ts";
import {
  acquireLease,
  createStoreLease,
  holderIdFor,
  isHolderGone,
  LeaseLostError,
  leaseHolder,
  leaseKey,
  releaseLease,
  renewLease,
  type StoreLease,
  THIS_PROCESS,
} from "../../src/store/lease.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { SqliteStore } from "../../src/store/sqlite.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { waitFor } from "../support/wait.ts";

const redis = await redisAvailability();
/** The process id of a child that has exited (not reused this soon). */
const exitedPid = spawnSync(process.execPath, ["-e", ""]).pid as number;

describe("isHolderGone", () => {
  const self = { host: "bot-1", pid: 1, start: "now" };
  const alive = (pid: number) => pid === 7;
  it("knows a holder gone only by this host's name and a process id that is ours or dead", () => {
    expect(isHolderGone("bot-1|1|before|x", self, alive)).toBe(true);
    expect(isHolderGone("bot-1|8|before|x", self, alive)).toBe(true);
    expect(isHolderGone("bot-1|1|now|x", self, alive)).toBe(false);
    expect(isHolderGone("bot-1|7|before|x", self, alive)).toBe(false);
    expect(isHolderGone("bot-2|8|before|x", self, alive)).toBe(false);
    expect(isHolderGone("bot-1|0|before|x", self, alive)).toBe(false);
    expect(isHolderGone("bot-1", self, alive)).toBe(false);
    expect(isHolderGone("bot-1:8:before:x", self, alive)).toBe(false);
  });
});
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
      await waitFor(() => acquireLease(store, "chats", "new", 60_000), {
        message: "the lease to pass to the new holder",
      });
      expect(await renewLease(store, "chats", "old", 60_000)).toBe(false);
      expect(await releaseLease(store, "chats", "old")).toBe(false);
      expect(await acquireLease(store, "chats", "old", 60_000)).toBe(false);
      expect(await leaseHolder(store, "chats")).toBe("new");
    });

    it("renewal keeps the lease past its first TTL", async () => {
      expect(await acquireLease(store, "renewed", "me", 80)).toBe(true);
      expect(await renewLease(store, "renewed", "me", 60_000)).toBe(true);
      expect(await acquireLease(store, "control", "me", 80)).toBe(true);
      await waitFor(async () => (await leaseHolder(store, "control")) === undefined, {
        message: "the control lease to run out",
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

    it("is taken over at once from a holder that is provably gone, and only then", async () => {
      const { host, pid, start } = THIS_PROCESS;
      // Our own previous life: same host and process id (a restarted container), another start.
      await store.set(leaseKey("restarted"), `${host}|${pid}|earlier|abcd`, { ttlMs: 60_000 });
      expect(await acquireLease(store, "restarted", holderIdFor(), 60_000)).toBe(true);
      // A process of this host that has exited.
      await store.set(leaseKey("exited"), `${host}|${exitedPid}|x|abcd`, { ttlMs: 60_000 });
      expect(await acquireLease(store, "exited", "me", 60_000)).toBe(true);
      expect(await leaseHolder(store, "exited")).toBe("me");
      // Alive, or not provably gone: waited out.
      const alive = [
        holderIdFor(), // another loop of this very process
        `${host}|${process.ppid}|x|abcd`, // a live process on this host
        `elsewhere.example|${pid}|${start}|abcd`, // another host
        "process-a", // holder ids in other forms
        `${host}:${pid}:${start}:abcd`,
      ];
      for (const [i, holder] of alive.entries()) {
        await store.set(leaseKey(`alive-${i}`), holder, { ttlMs: 60_000 });
        expect(await acquireLease(store, `alive-${i}`, holderIdFor(), 60_000), holder).toBe(false);
      }
    });

    it("numbers each hold with a growing fencing token; renewals keep it", async () => {
      const a = createStoreLease(store, { name: "fenced", ttlMs: 60_000 });
      const b = createStoreLease(store, { name: "fenced", ttlMs: 60_000 });
      expect(a.token).toBeUndefined();
      expect(await a.acquire()).toBe(true);
      const first = a.token as number;
      expect(await a.acquire()).toBe(true);
      expect(a.token).toBe(first);
      expect(await b.acquire()).toBe(false);
      expect(b.token).toBeUndefined();
      await a.release();
      expect(a.token).toBeUndefined();
      expect(await b.acquire()).toBe(true);
      expect(b.token).toBeGreaterThan(first);
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

describe("storeLoopLease", () => {
  it("runs a watcher without a lease on a store one process owns, or under the one given", () => {
    const store = new MemoryStore();
    expect(storeLoopLease(store, "postings", undefined)).toEqual({
      lease: false,
      store,
      fenced: false,
    });
    const given = { ttlMs: 300 };
    expect(storeLoopLease(store, "postings", given)).toEqual({
      lease: given,
      store,
      fenced: false,
    });
  });
});

redis.describe("storeLoopLease over Redis", () => {
  const prefix = uniquePrefix("loop-lease");
  let store: RedisStore;
  beforeEach(async () => {
    store = await RedisStore.open({ url: redis.url, prefix });
  });
  afterEach(() => store.close());
  afterAll(() => removeKeys(redis.url, prefix));

  it("fences a watcher's writes by its lease where processes share the store", async () => {
    const leased = storeLoopLease(store, "ratings", undefined);
    expect(leased.fenced).toBe(true);
    // Not held yet: a write through the fenced view fails, the store itself is untouched.
    await expect(leased.store.set("cursor", 1)).rejects.toBeInstanceOf(LeaseLostError);
    const lease = leased.lease as StoreLease;
    expect(await lease.acquire()).toBe(true);
    expect(await leaseHolder(store, "ratings")).toBe(lease.holderId);
    await leased.store.set("cursor", 2);
    expect(await store.get("cursor")).toBe(2);
  });

  it("takes a test's lease over the fenced one, unfenced", () => {
    expect(storeLoopLease(store, "ratings", false)).toEqual({ lease: false, store, fenced: false });
  });
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
