/**
 * Two processes on one Redis notice at the same moment that a group became a supergroup (one
 * from a refused alert, the other from the service message) and both move its records: each
 * record moves exactly once, nothing is left at the old id, nothing is lost or doubled.
 */
import { afterAll, expect, it } from "vitest";
import { ScheduleRepository } from "../../src/services/ads/schedules/schedules.ts";
import { ChatMoves } from "../../src/services/chat-moves.ts";
import { RelayGroupSetting } from "../../src/services/chats/relay/audience.ts";
import { RelayTopics } from "../../src/services/chats/relay/topics.ts";
import { CardBook } from "../../src/services/postings/cards.ts";
import { DeliveryLedger } from "../../src/services/postings/ledger.ts";
import { SubscriptionService } from "../../src/services/subscriptions.ts";
import { scopedStore, shopKeyPrefix } from "../../src/shops/scoped-store.ts";
import type { Store } from "../../src/store/port.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";

const redis = await redisAvailability();
const OLD = -4401;
const NEW = -1004401;
const OTHER = -4402;
const NOW = Date.parse("2026-06-15T09:00:00Z");
const POSTINGS = Array.from({ length: 40 }, (_, i) => `1000-${i}-1`);
const SHOPS = ["111", "222"];

/** What the bot keeps of the group, in both shops' parts of the store and the shared one. */
async function seed(store: Store) {
  const subscriptions = new SubscriptionService(store, { now: () => NOW });
  await subscriptions.subscribe({ chatId: OLD, kind: "group", subscribedBy: 7 });
  await subscriptions.setShops(OLD, ["222"]);
  await subscriptions.subscribe({ chatId: OTHER, kind: "group", subscribedBy: 7 });
  for (const shopId of SHOPS) {
    const shopStore = scopedStore(store, shopKeyPrefix(shopId));
    const ledger = new DeliveryLedger(shopStore, { prefix: "postings:", ttlMs: 86_400_000 });
    await ledger.mark("announced", OLD, POSTINGS, NOW);
    await ledger.mark("reminded", OLD, POSTINGS.slice(0, 10), NOW);
    await ledger.mark("announced", OTHER, POSTINGS, NOW);
    await ledger.initialize([OLD], NOW);
    const cards = new CardBook(shopStore, { prefix: "postings:" });
    for (const number of POSTINGS.slice(0, 15)) {
      await cards.record(number, { chatId: OLD, kind: "group" }, { messageId: 5 }, undefined, NOW);
    }
    await new RelayTopics(shopStore, { index: store, shopId }).set(OLD, "chat-1", 12, "Buyer");
  }
  await new RelayGroupSetting(store).set({ chatId: OLD, isForum: false, shops: ["111"] });
  const schedules = new ScheduleRepository(store, { maxPerPerson: 10 });
  for (const chatId of [OLD, OLD, OLD, OTHER]) {
    await schedules.add({
      owner: 7,
      chatId,
      locale: "ru",
      shop: "111",
      campaigns: [{ id: "1" }],
      period: "yesterday",
      groupBy: "DATE",
      format: "csv",
      rule: { every: "day", time: "09:00" },
    });
  }
}

redis.describe("ChatMoves across two processes", () => {
  const prefix = uniquePrefix("chat-moves");
  afterAll(() => removeKeys(redis.url, prefix));

  it("moves every record once when both move it at the same moment", async () => {
    const stores = await Promise.all([0, 1].map(() => RedisStore.open({ url: redis.url, prefix })));
    try {
      const [one, two] = stores as [RedisStore, RedisStore];
      await seed(one);
      const movesOf = (store: Store) =>
        new ChatMoves({
          store,
          shopStores: () => SHOPS.map((id) => scopedStore(store, shopKeyPrefix(id))),
        });
      const reports = await Promise.all([
        movesOf(one).move(OLD, NEW, async () => ({ isForum: true, title: "Team" })),
        movesOf(two).move(OLD, NEW, async () => ({ isForum: true, title: "Team" })),
      ]);
      const sum = (field: "marks" | "cards" | "schedules") =>
        reports.reduce((total, report) => total + report[field], 0);
      // Per shop: 40 announced + 10 reminded + the owed summary; 15 cards.
      expect(sum("marks")).toBe(2 * 51);
      expect(sum("cards")).toBe(2 * 15);
      expect(sum("schedules")).toBe(3);
      expect(reports.filter((r) => r.subscription)).toHaveLength(1);

      const keys = (await one.list("")).map((e) => e.key);
      // Only the marker that says where it went still names the old id.
      expect(keys.filter((key) => key.includes(String(OLD)))).toEqual([`chat-moved:${OLD}`]);
      const moved = await new SubscriptionService(one).get(NEW);
      expect(moved).toMatchObject({ chatId: NEW, kind: "group", shopIds: ["222"] });
      expect(moved?.createdAt).toBe(new Date(NOW).toISOString());
      expect(await new RelayGroupSetting(one).list()).toMatchObject([
        { chatId: NEW, isForum: true, title: "Team", shops: ["111"] },
      ]);
      for (const shopId of SHOPS) {
        const shopStore = scopedStore(one, shopKeyPrefix(shopId));
        const announced = await shopStore.list(`postings:announced:${NEW}:`);
        expect(announced.map((e) => e.key.split(":").at(-1)).sort()).toEqual([...POSTINGS].sort());
        expect(await shopStore.list(`postings:reminded:${NEW}:`)).toHaveLength(10);
        expect(await shopStore.get(`postings:summary:${NEW}`)).toBeDefined();
        expect(
          await new CardBook(shopStore, { prefix: "postings:" }).cardsOf(POSTINGS[0] ?? ""),
        ).toEqual([{ chatId: NEW, kind: "group", messages: [] }]);
        // Another chat's records stay where they are.
        expect(await shopStore.list(`postings:announced:${OTHER}:`)).toHaveLength(40);
      }
      const aimed = (await new ScheduleRepository(one, { maxPerPerson: 10 }).all()).map(
        (s) => s.chatId,
      );
      expect(aimed.sort()).toEqual([NEW, NEW, NEW, OTHER].sort());

      // Later callers (a third notice) find it done and touch nothing.
      expect(await movesOf(two).move(OLD, NEW)).toMatchObject({ moved: false, marks: 0 });
      expect(await movesOf(one).movedTo(OLD)).toBe(NEW);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
