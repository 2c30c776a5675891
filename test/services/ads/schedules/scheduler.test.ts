/**
 * The scheduler over the store alone (no bot): one slot is one report job however many
 * schedulers look at it at once — two instances on one memory store, and two processes' worth
 * of connections on real Redis, with the lease and with the per-slot claim alone.
 */
import { afterAll, describe, expect, it } from "vitest";
import { DigestScheduler } from "../../../../src/services/ads/digest/digest.ts";
import { DigestSettings } from "../../../../src/services/ads/digest/settings.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { waitFor } from "../../../support/wait.ts";
import {
  closing,
  HOUR,
  instance,
  MORNING,
  ONE_STORE,
  raceRounds,
  saveDaily,
  twoConnections,
  ZONE,
} from "./support.ts";

describe("two schedulers on one store", () => {
  it("memory store: the slot becomes one job", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(MORNING);
    const a = instance(store, clock);
    const b = instance(store, clock);
    await saveDaily(a.schedules);
    await raceRounds(a.scheduler, b.scheduler);
    expect(await a.jobs.repository.all()).toEqual([]);
    await clock.advance(HOUR);
    await raceRounds(a.scheduler, b.scheduler);
    const jobs = await a.jobs.repository.all();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      format: "xlsx",
      period: { from: "2026-06-14", to: "2026-06-14" },
    });
  });

  it("a shop that is gone: told with the reason, retried once after the pause, then left for the next slot", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(MORNING);
    const a = instance(store, clock);
    const saved = await saveDaily(a.schedules);
    await a.schedules.update(saved.id, (s) => ({ ...s, shop: "removed" }));
    await clock.advance(HOUR);
    await a.scheduler.runOnce();
    expect(a.told.failures).toEqual([{ failure: { code: "shop_gone" }, retrying: true }]);
    await clock.advance(5 * 60 * 1000);
    await a.scheduler.runOnce();
    await a.scheduler.runOnce();
    expect(a.told.failures).toEqual([
      { failure: { code: "shop_gone" }, retrying: true },
      { failure: { code: "shop_gone" }, retrying: false },
    ]);
    expect((await a.scheduler.runsOf(saved.id)).map((r) => r.state)).toEqual(["done"]);
  });
});

const redis = await redisAvailability();
redis.describe("two schedulers on real Redis", () => {
  const prefix = uniquePrefix("schedules");
  afterAll(() => removeKeys(redis.url, prefix));

  for (const [name, leaseTtlMs] of [
    ["with the lease", undefined],
    ["with the per-slot claim alone", 0],
  ] as const) {
    it(`${name}: the slot becomes one job`, async () => {
      const [first, second] = await twoConnections(redis.url, `${prefix}${name.length}:`);
      const clock = new ManualClock(MORNING);
      const options = leaseTtlMs === undefined ? {} : { leaseTtlMs };
      const a = instance(first, clock, options);
      const b = instance(second, clock, options);
      await saveDaily(a.schedules);
      await clock.advance(HOUR);
      await raceRounds(a.scheduler, b.scheduler);
      expect(await a.jobs.repository.all()).toHaveLength(1);
      // A day later, the next slot: again one.
      await clock.advance(24 * HOUR);
      await raceRounds(b.scheduler, a.scheduler);
      expect(await b.jobs.repository.all()).toHaveLength(2);
    });
  }
});

describe("two digest schedulers on one store", () => {
  it("a person's digest of the day goes out once; a missed day goes out once at start", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(MORNING);
    const sent: Array<{ user: number; day: string; stores: number }> = [];
    const make = () => {
      const settings = new DigestSettings(store);
      const digests = new DigestScheduler({
        store,
        settings,
        zone: ZONE,
        now: clock.now,
        source: {
          entitled: async () => true,
          storesFor: async () => [
            {
              id: "s1",
              name: "Север",
              sales: async () => ({ orderedUnits: 3, revenueKopecks: 100 }),
              ads: async () => {
                throw new Error("Ozon is down");
              },
            },
          ],
        },
        sender: {
          send: async (setting, digest) => {
            sent.push({
              user: setting.userId,
              day: digest.period.from,
              stores: digest.stores.length,
            });
            expect(digest.stores[0]?.ads).toEqual({ error: "Ozon is down" });
          },
          isPermanent: () => false,
        },
      });
      closing.push(() => digests.stop());
      return { settings, digests };
    };
    const a = make();
    const b = make();
    await a.settings.set({
      userId: 7,
      chatId: 7,
      locale: "ru",
      enabled: true,
      time: "09:00",
      since: clock.now(),
    });
    await Promise.all([a.digests.runOnce(), b.digests.runOnce()]);
    expect(sent).toEqual([]);
    await clock.advance(HOUR);
    for (let i = 0; i < 3; i++) await Promise.all([a.digests.runOnce(), b.digests.runOnce()]);
    expect(sent).toEqual([{ user: 7, day: "2026-06-14", stores: 1 }]);
    // Three days down: one digest, for the latest day.
    await clock.advance(3 * 24 * HOUR);
    await Promise.all([b.digests.runOnce(), a.digests.runOnce()]);
    expect(sent.map((s) => s.day)).toEqual(["2026-06-14", "2026-06-17"]);
  });

  it("a long digest whose second message failed: the retry sends only what is left, same numbers", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(MORNING);
    const delivered: string[] = [];
    let failNext = true;
    let revenue = 100;
    const settings = new DigestSettings(store);
    const digests = new DigestScheduler({
      store,
      settings,
      zone: ZONE,
      now: clock.now,
      source: {
        entitled: async () => true,
        // Ozon's numbers move between tries: the retry must still send the first try's digest.
        storesFor: async () =>
          ["Север", "Юг"].map((name) => ({
            id: name,
            name,
            sales: async () => ({ orderedUnits: 1, revenueKopecks: revenue++ }),
          })),
      },
      sender: {
        // One message per store, as a digest too long for one message is split.
        send: async (_setting, digest, progress) => {
          let part = progress.from;
          for (const store of digest.stores.slice(part)) {
            if (part === 1 && failNext) {
              failNext = false;
              throw new Error("Telegram 502");
            }
            const sales = store.sales && "revenueKopecks" in store.sales ? store.sales : undefined;
            delivered.push(`${store.name} ${sales?.revenueKopecks}`);
            await progress.sent(++part);
          }
        },
        isPermanent: () => false,
      },
    });
    closing.push(() => digests.stop());
    await settings.set({
      userId: 7,
      chatId: 7,
      locale: "ru",
      enabled: true,
      time: "09:00",
      since: clock.now(),
    });
    await clock.advance(HOUR);
    expect(await digests.runOnce()).toBe(0);
    expect(delivered).toEqual(["Север 100"]);
    await clock.advance(5 * 60_000);
    expect(await digests.runOnce()).toBe(1);
    expect(delivered).toEqual(["Север 100", "Юг 101"]);
    await clock.advance(HOUR);
    expect(await digests.runOnce()).toBe(0);
    expect(delivered).toHaveLength(2);
  });
});

/** Three processes, each on its own connection to one store; the first dies inside its send. */
async function diedMidSend(stores: [Store, Store, Store]): Promise<void> {
  const clock = new ManualClock(MORNING);
  const sent: string[] = [];
  let unblock: ((error: Error) => void) | undefined;
  const make = (store: Store, name: string, hang = false) => {
    const settings = new DigestSettings(store);
    const digests = new DigestScheduler({
      store,
      // The claims alone: the stuck process would hold a lease until it expires in real time.
      leaseTtlMs: 0,
      settings,
      zone: ZONE,
      now: clock.now,
      source: ONE_STORE,
      sender: {
        send: (_setting, digest) => {
          if (hang) {
            // The process "dies" inside the send: it never comes back with an answer.
            return new Promise<void>((_resolve, reject) => {
              unblock = reject;
            });
          }
          sent.push(`${name} ${digest.period.from}`);
          return Promise.resolve();
        },
        isPermanent: () => false,
      },
    });
    closing.push(() => digests.stop());
    return { settings, digests };
  };
  const [first, second, third] = stores;
  const dying = make(first, "dying", true);
  const b = make(second, "b");
  const c = make(third, "c");
  await b.settings.set({
    userId: 7,
    chatId: 7,
    locale: "ru",
    enabled: true,
    time: "09:00",
    since: clock.now(),
  });
  await clock.advance(HOUR);
  const stuck = dying.digests.runOnce();
  await waitFor(() => unblock !== undefined, { message: "the first process inside its send" });
  await Promise.all([b.digests.runOnce(), c.digests.runOnce()]);
  expect(sent).toEqual([]);
  await clock.advance(10 * 60_000);
  await Promise.all([b.digests.runOnce(), c.digests.runOnce()]);
  await Promise.all([b.digests.runOnce(), c.digests.runOnce()]);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[bc] 2026-06-14$/);
  // Coming back late, the old holder does not undo the newer one's "sent".
  unblock?.(new Error("gone"));
  await stuck;
  await clock.advance(HOUR);
  await Promise.all([b.digests.runOnce(), c.digests.runOnce()]);
  expect(sent).toHaveLength(1);
}

describe("a digest whose process died mid-send", () => {
  it("is taken over once by one of the others (memory store)", async () => {
    const store = new MemoryStore();
    await diedMidSend([store, store, store]);
  });
});

redis.describe("a digest whose process died mid-send, on real Redis", () => {
  const prefix = uniquePrefix("digest-takeover");
  afterAll(() => removeKeys(redis.url, prefix));
  it("is taken over once by one of the others", async () => {
    const open = () => RedisStore.open({ url: redis.url, prefix });
    const stores: [Store, Store, Store] = [await open(), await open(), await open()];
    for (const store of stores) closing.unshift(() => store.close());
    await diedMidSend(stores);
  });
});
