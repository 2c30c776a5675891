/**
 * The inbox records: a claim stands against others until it ends (CHAT_CLAIM_MINUTES without an
 * answer), its taker's answer renews it, and digests keep the buyer's last words and copies.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ChatInbox, snippetOf } from "../../../../src/services/chats/inbox/inbox.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";

const ANNA = { userId: 1, name: "Anna" };
const BORIS = { userId: 2, name: "Boris" };
const MINUTE = 60_000;

function inboxWithClock() {
  const clock = new ManualClock();
  const store = new MemoryStore({ now: clock.now });
  return { clock, inbox: new ChatInbox(store, { claimMs: 15 * MINUTE, now: clock.now }) };
}

describe("chat claims", () => {
  it("stand against another seller until they end without an answer", async () => {
    const { clock, inbox } = inboxWithClock();
    expect(await inbox.take("c1", ANNA)).toMatchObject({ ok: true, claim: { name: "Anna" } });
    expect(await inbox.take("c1", BORIS)).toMatchObject({ ok: false, claim: { name: "Anna" } });
    await clock.advance(14 * MINUTE);
    expect((await inbox.claim("c1"))?.name).toBe("Anna");
    await clock.advance(2 * MINUTE);
    expect(await inbox.claim("c1")).toBeUndefined();
    expect(await inbox.claims()).toEqual(new Map());
    expect(await inbox.take("c1", BORIS)).toMatchObject({ ok: true, claim: { name: "Boris" } });
  });

  it("run again from the taker's answer; another seller's answer changes nothing", async () => {
    const { clock, inbox } = inboxWithClock();
    await inbox.take("c1", ANNA);
    await clock.advance(10 * MINUTE);
    expect(await inbox.renew("c1", BORIS.userId)).toMatchObject({ name: "Anna" });
    await inbox.renew("c1", ANNA.userId);
    await clock.advance(10 * MINUTE);
    expect((await inbox.claim("c1"))?.name).toBe("Anna");
    await clock.advance(6 * MINUTE);
    expect(await inbox.claim("c1")).toBeUndefined();
  });

  it("is taken by one of two sellers pressing at once", async () => {
    const { inbox } = inboxWithClock();
    const results = await Promise.all([inbox.take("c1", ANNA), inbox.take("c1", BORIS)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("chat digests", () => {
  it("keep the newest buyer words, every copy, and what was handled", async () => {
    const { inbox } = inboxWithClock();
    const copy = (messageId: number) => ({ chatId: 5, messageId, locale: "en" });
    await inbox.recordRelayed("c1", { id: "20", createdAt: "t2", snippet: "new" }, [copy(2)]);
    await inbox.recordRelayed("c1", { id: "10", createdAt: "t1", snippet: "old" }, [copy(1)]);
    await inbox.markHandled("c1", "20");
    expect(await inbox.digest("c1")).toEqual({
      lastBuyerId: "20",
      lastBuyerAt: "t2",
      snippet: "new",
      copies: [copy(2), copy(1)],
      handledUpTo: "20",
    });
    await inbox.recordRelayed("c1", { id: "30", createdAt: "t3", snippet: "again" }, []);
    expect((await inbox.digests()).get("c1")).toMatchObject({
      lastBuyerId: "30",
      handledUpTo: "20",
    });
  });

  it("cut a long message to one short line", () => {
    expect(snippetOf("a\n b   c")).toBe("a b c");
    expect(Array.from(snippetOf("я".repeat(500)))).toHaveLength(120);
  });
});

const redis = await redisAvailability();
redis.describe("chat claims in Redis, seen by every process", () => {
  const prefix = uniquePrefix("inbox-claims");
  afterAll(() => removeKeys(redis.url, prefix));

  it("one process's claim stands in another; one of two at once wins", async () => {
    const [one, two] = await Promise.all([
      RedisStore.open({ url: redis.url, prefix }),
      RedisStore.open({ url: redis.url, prefix }),
    ]);
    try {
      const here = new ChatInbox(one, { claimMs: 15 * MINUTE });
      const there = new ChatInbox(two, { claimMs: 15 * MINUTE });
      expect((await here.take("c1", ANNA)).ok).toBe(true);
      expect(await there.take("c1", BORIS)).toMatchObject({ ok: false, claim: { name: "Anna" } });
      expect((await there.claims()).get("c1")?.name).toBe("Anna");
      const race = await Promise.all([here.take("c2", ANNA), there.take("c2", BORIS)]);
      expect(race.filter((r) => r.ok)).toHaveLength(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("a relayed copy and an answer's read mark, written at once from two processes, both stay", async () => {
    const [one, two] = await Promise.all([
      RedisStore.open({ url: redis.url, prefix }),
      RedisStore.open({ url: redis.url, prefix }),
    ]);
    try {
      const poller = new ChatInbox(one);
      const bot = new ChatInbox(two);
      const at = "2026-11-24T10:00:00Z";
      await poller.recordRelayed("d1", { id: "10", createdAt: at, snippet: "hi" }, [
        { chatId: 1, messageId: 1, locale: "ru" },
      ]);
      for (let round = 2; round < 12; round++) {
        await Promise.all([
          poller.recordRelayed("d1", { id: String(round * 10), createdAt: at, snippet: "more" }, [
            { chatId: 1, messageId: round, locale: "ru" },
          ]),
          bot.markHandled("d1", String(round * 10 - 10)),
        ]);
        const digest = await poller.digest("d1");
        expect(digest?.copies.map((c) => c.messageId)).toContain(round);
        expect(digest?.handledUpTo).toBe(String(round * 10 - 10));
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
