/**
 * Fencing (src/store/fenced-store.ts): a poller that lost its lease while paused cannot write
 * cursors or marks after another process took over. Two Redis connections are two processes.
 */
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { fencedLease } from "../../src/store/fenced-store.ts";
import { LeaseLostError, leaseKey } from "../../src/store/lease.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { waitFor } from "../support/wait.ts";

const redis = await redisAvailability();

redis.describe("fenced writes of a poller (Redis)", () => {
  const prefix = uniquePrefix("fenced");
  let one: RedisStore;
  let two: RedisStore;
  beforeEach(async () => {
    one = await RedisStore.open({ url: redis.url, prefix });
    two = await RedisStore.open({ url: redis.url, prefix });
  });
  afterEach(async () => {
    await one.close();
    await two.close();
  });
  afterAll(() => removeKeys(redis.url, prefix));

  it("the old holder's writes fail once the lease passed on; the new holder's stand", async () => {
    const old = fencedLease(one, "postings", 300);
    const next = fencedLease(two, "postings", 300);
    expect(await old.lease.acquire()).toBe(true);
    await old.store.set("cursor", 1);
    expect(await old.store.setIfAbsent("mark:a", { at: 1 }, { ttlMs: 60_000 })).toBe(true);
    expect(await next.lease.acquire()).toBe(false);

    // The old holder is paused past its TTL; the other process takes over and writes.
    await waitFor(() => next.lease.acquire(), { message: "the takeover after the TTL" });
    await next.store.set("cursor", 5);

    // The old holder wakes up mid-round, still believing it leads.
    await expect(old.store.set("cursor", 2)).rejects.toBeInstanceOf(LeaseLostError);
    await expect(old.store.setIfAbsent("mark:b", { at: 2 })).rejects.toBeInstanceOf(LeaseLostError);
    await expect(old.store.delete("mark:a")).rejects.toBeInstanceOf(LeaseLostError);
    await expect(old.store.compareAndSet("cursor", 5, 3)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await one.get("cursor")).toBe(5);
    expect(await one.get("mark:a")).toEqual({ at: 1 });
    expect(await one.get("mark:b")).toBeUndefined();
    expect(String(await one.get(leaseKey("postings")))).toBe(next.lease.holderId);
  });

  it("the holder's writes behave as the store's: TTLs, set-if-absent, delete, take", async () => {
    const held = fencedLease(one, "relay", 5_000);
    expect(await held.lease.acquire()).toBe(true);
    await held.store.set("c", { n: 1 }, { ttlMs: 200 });
    expect(await held.store.get("c")).toEqual({ n: 1 });
    expect(await held.store.setIfAbsent("c", { n: 2 })).toBe(false);
    expect(await held.store.take("c")).toEqual({ n: 1 });
    expect(await held.store.delete("c")).toBe(false);
    await held.store.set("d", 1, { ttlMs: 100 });
    expect(await held.store.get("d")).toBe(1);
    await waitFor(async () => (await held.store.get("d")) === undefined, {
      message: "the TTL to run out",
    });
    expect(await held.store.increment("n", 2)).toBe(2);
  });
});
