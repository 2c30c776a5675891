/**
 * The per-chat lock across processes (src/bot/core/chat-lock.ts), on real Redis: two stores stand for
 * two processes.
 */
import { Composer } from "grammy";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { ChatBusyError, ChatLocks, chatLockKey } from "../../src/bot/core/chat-lock.ts";
import { profileOf } from "../../src/bot/core/screen-text.ts";
import { type BotContext, createBot } from "../../src/bot/index.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/logger.ts";
import { AccessService } from "../../src/services/access/index.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { command, person, text } from "../support/updates.ts";
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

  it("takes the lock and reads a key in one step on Redis; elsewhere the read is left to the caller", async () => {
    await one.set("session:5", { step: 2 });
    const locks = new ChatLocks({ store: two });
    const seen = await locks.around("chat:5", async (read) => read, ["session:5"]);
    expect(seen).toEqual([{ step: 2 }]);
    expect(await locks.around("chat:6", async (read) => read, ["session:6"])).toEqual([undefined]);
    // Several keys in one step, each value in its key's place.
    await one.set("person:5", { id: 5, roles: ["admin"] });
    expect(
      await locks.around("chat:5", async (read) => read, ["session:5", "nobody:5", "person:5"]),
    ).toEqual([{ step: 2 }, undefined, { id: 5, roles: ["admin"] }]);
    // Taken by another: nothing is handed over before the lock is.
    let inner: unknown = "not run";
    await locks.around("chat:5", async () => {
      inner = await new ChatLocks({ store: one, waitMs: 30 })
        .around("chat:5", async (read) => read, ["session:5"])
        .catch((error: unknown) => (error as Error).name);
    });
    expect(inner).toBe("ChatBusyError");
    // The lock is a plain key (no index entry), read and released like the others.
    let holder: unknown;
    await locks.around("chat:5", async () => {
      holder = await one.get(chatLockKey("chat:5"));
    });
    expect(typeof holder).toBe("string");
    expect(await one.get(chatLockKey("chat:5"))).toBeUndefined();
    expect((await one.list("chat-lock:")).length).toBe(0);

    const memory = new ChatLocks({ store: new MemoryStore() });
    expect(await memory.around("chat:5", async (read) => read, ["session:5"])).toBeUndefined();
  });

  it("two bots on one Redis: a chat's session read along with its lock loses no update", async () => {
    const fake = await FakeBotApi.start();
    try {
      const config = loadConfig({
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        STORE: "memory",
        DEFAULT_LOCALE: "en",
      });
      const silent = createLogger({ level: "silent" });
      // Each update of the chat adds one to a count in the session, after a pause, so that
      // without the lock (or with a session read before the other process wrote it back) two
      // updates would read the same count and one addition would be lost.
      const counting = () => {
        const composer = new Composer<BotContext>();
        composer.on("message:text", async (ctx) => {
          const session = ctx.session as { n?: number };
          const n = session.n ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 5));
          session.n = n + 1;
        });
        return composer;
      };
      const bots = [one, two].map((store) =>
        createBot({
          config,
          logger: silent,
          store,
          access: new AccessService({ store, adminIds: [] }),
          botInfo: fake.botInfo,
          features: [counting],
          chatLock: true,
        }),
      );
      const alice = person(9301, { language_code: "en" });
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          bots[i % 2]?.handleUpdate(text(`hello ${i}`, { from: alice })),
        ),
      );
      expect(await one.get(`session:${alice.id}`)).toMatchObject({ n: 16 });
      expect(await one.get(chatLockKey(`chat:${alice.id}`))).toBeUndefined();
    } finally {
      await fake.close();
    }
  });

  it("the person acting is read along with the lock: no store read of their own, roles stay fresh", async () => {
    const fake = await FakeBotApi.start();
    try {
      const config = loadConfig({
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        STORE: "memory",
        DEFAULT_LOCALE: "en",
      });
      const silent = createLogger({ level: "silent" });
      let now = 1_000_000;
      const clock = { now: () => now, cacheTtlMs: 2_000 };
      const seen: Array<readonly string[] | undefined> = [];
      const roles = () => {
        const composer = new Composer<BotContext>();
        composer.on("message:text", (ctx) => {
          seen.push(ctx.person?.roles);
        });
        return composer;
      };
      const bot = createBot({
        config,
        logger: silent,
        store: two,
        access: new AccessService({ store: two, adminIds: [], ...clock }),
        botInfo: fake.botInfo,
        features: [roles],
        chatLock: true,
      });
      const alice = person(9401, { language_code: "en" });
      // Another process grants the role.
      const other = new AccessService({ store: one, adminIds: [], ...clock });
      await other.grant(alice.id, "warehouse");
      // Their language and name known already (else the first update writes them, read-modify-write).
      await other.setLocale(profileOf(alice), "en");
      const reads = vi.spyOn(two, "get");

      await bot.handleUpdate(text("first", { from: alice }));
      await bot.handleUpdate(text("cached", { from: alice }));
      await other.grant(alice.id, "seller");
      now += 2_000; // the cache ran out: the next update reads the record along with the lock
      await bot.handleUpdate(text("after the grant", { from: alice }));

      expect(seen).toEqual([["warehouse"], ["warehouse"], ["seller", "warehouse"]]);
      const personReads = reads.mock.calls.filter(([key]) => String(key).startsWith("person:"));
      expect(personReads).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it("/help reads the chat's subscription along with the lock, and still shows the one that applies", async () => {
    const fake = await FakeBotApi.start();
    try {
      const config = loadConfig({
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        STORE: "memory",
        DEFAULT_LOCALE: "en",
      });
      const alice = person(9501, { language_code: "en" });
      const bob = person(9502, { language_code: "en" });
      const access = new AccessService({ store: two, adminIds: [alice.id, bob.id] });
      for (const who of [alice, bob]) await access.setLocale(profileOf(who), "en");
      const bot = createBot({
        config,
        logger: createLogger({ level: "silent" }),
        store: two,
        access,
        botInfo: fake.botInfo,
        chatLock: true,
      });
      // Alice's chat is subscribed (by another process), Bob's is not.
      await one.set(`subscriber:${alice.id}`, {
        chatId: alice.id,
        kind: "private",
        subscribedBy: alice.id,
        createdAt: new Date(0).toISOString(),
      });
      const reads = vi.spyOn(two, "get");
      const buttons = async (who: typeof alice) => {
        await bot.handleUpdate(command("help", { from: who }));
        const sent = await fake.waitForCall("sendMessage", (c) => c.payload.chat_id === who.id);
        const markup = sent.payload.reply_markup as {
          inline_keyboard: Array<Array<{ text: string }>>;
        };
        return markup.inline_keyboard.flat().map((button) => button.text);
      };
      const subscribed = await buttons(alice);
      const unsubscribed = await buttons(bob);

      const keys = reads.mock.calls.map(([key]) => String(key));
      expect(keys.filter((key) => /^(subscriber|person|session):/.test(key))).toEqual([]);
      const subscribe = "🔔 Subscribe";
      const unsubscribe = "🔕 Unsubscribe";
      expect(subscribed).toContain(unsubscribe);
      expect(subscribed).not.toContain(subscribe);
      expect(unsubscribed).toContain(subscribe);
      expect(unsubscribed).not.toContain(unsubscribe);
    } finally {
      await fake.close();
    }
  });
});
