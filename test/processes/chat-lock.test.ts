/**
 * The per-chat lock across processes (src/bot/core/chat-lock.ts), on real Redis: two stores stand for
 * two processes.
 */
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { ChatBusyError, ChatLocks, chatLockKey } from "../../src/bot/core/chat-lock.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { waitFor, withDeadline } from "../support/wait.ts";

const redis = await redisAvailability();

redis.describe("chat lock across processes (Redis)", () => {
  const prefix = uniquePrefix("chat-lock");
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

  it("two processes never handle one chat at the same time; other chats go side by side", async () => {
    const a = new ChatLocks({ store: one });
    const b = new ChatLocks({ store: two });
    let inside = 0;
    let most = 0;
    const spans: Array<[number, number]> = [];
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 15));
      spans.push([start, performance.now()]);
      inside -= 1;
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).around("chat:1", work)));
    expect(most).toBe(1);
    expect(spans).toHaveLength(10);
    // Another chat is not held up by chat 1: chat 1 is held until chat 2's work has run.
    let otherDone: () => void = () => {};
    const other = new Promise<void>((resolve) => (otherDone = resolve));
    await withDeadline(
      Promise.all([a.around("chat:1", () => other), b.around("chat:2", async () => otherDone())]),
      5_000,
      "chat 2's work while chat 1 is held",
    );
    expect(await one.get(chatLockKey("chat:1"))).toBeUndefined(); // released
  });

  it("a lock left by a dead process on this host is taken at once; one of another host runs out", async () => {
    const locks = new ChatLocks({ store: two, ttlMs: 600, waitMs: 2_000 });
    // A pid that cannot exist: the holder is provably gone.
    await one.set(
      chatLockKey("chat:7"),
      `${(await import("node:os")).hostname()}|999999999|dead|x`,
      {
        ttlMs: 60_000,
      },
    );
    // The lock's TTL is a minute and the wait 2 s: getting it at all means it was taken at once.
    await expect(locks.around("chat:7", async () => "taken")).resolves.toBe("taken");

    await one.set(chatLockKey("chat:8"), "elsewhere|1|live|x", { ttlMs: 600 });
    const started = performance.now();
    // Within the 2 s wait, and not before the 600 ms TTL ran out.
    await expect(locks.around("chat:8", async () => "taken")).resolves.toBe("taken");
    expect(performance.now() - started).toBeGreaterThan(400);
  });

  it("a holder that is still working keeps the lock past its TTL; a waiter gives up at its deadline", async () => {
    const holder = new ChatLocks({ store: one, ttlMs: 300 });
    const waiter = new ChatLocks({ store: two, ttlMs: 300, waitMs: 700 });
    let release: () => void = () => {};
    const held = holder.around("chat:9", () => new Promise<void>((r) => (release = r)));
    await waitFor(() => one.get(chatLockKey("chat:9")), { message: "the holder's lock" });
    await expect(waiter.around("chat:9", async () => "acted")).rejects.toBeInstanceOf(
      ChatBusyError,
    );
    release();
    await held;
    await expect(waiter.around("chat:9", async () => "acted")).resolves.toBe("acted");
  });
});
