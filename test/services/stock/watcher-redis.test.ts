/**
 * Two processes on one Redis store, each with its stock watcher of the same store: one holds the
 * lease and watches; every crossing is alerted once in all, whoever passes, also after the
 * holder stops and the other takes over.
 */
import { afterAll, expect, it } from "vitest";
import { BookDesk } from "../../../src/services/stock/book-desk.ts";
import type { StockLevel } from "../../../src/services/stock/crossings.ts";
import {
  STOCK_LEASE_NAME,
  type StockAlert,
  StockWatcher,
} from "../../../src/services/stock/watcher.ts";
import { fencedStore } from "../../../src/store/fenced-store.ts";
import { createStoreLease } from "../../../src/store/lease.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";

const redis = await redisAvailability();
redis.describe("stock watcher on Redis, two processes", () => {
  const prefix = uniquePrefix("stock-watch");
  afterAll(() => removeKeys(redis.url, prefix));

  it("watches from one process at a time and alerts each crossing once in all", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    let stock: StockLevel[] = [{ sku: "1", offerId: "A", warehouseId: "9", free: 8 }];
    const sent: Array<{ by: string; alert: StockAlert }> = [];
    const processOf = (holderId: string) => {
      const lease = createStoreLease(store, { name: STOCK_LEASE_NAME, ttlMs: 2_000, holderId });
      return new StockWatcher({
        shopId: "shop",
        source: async () => stock,
        store: fencedStore(store, lease, STOCK_LEASE_NAME),
        lease,
        notifier: {
          audience: async () => [42],
          send: async (_chat, alert) => {
            sent.push({ by: holderId, alert });
            return "sent";
          },
        },
        threshold: async () => 3,
        pollMinutes: 10,
      });
    };
    const a = processOf("process-a");
    const b = processOf("process-b");
    const first = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(first.filter((r) => r.leader)).toHaveLength(1);

    stock = [{ sku: "1", offerId: "A", warehouseId: "9", free: 1 }];
    const second = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(second.filter((r) => r.leader).length).toBeGreaterThan(0);
    expect(sent.map((s) => s.alert.mark)).toEqual(["low"]);

    // The holder stops (its lease released); the other takes over and remembers the marks.
    const leader = sent[0]?.by === "process-a" ? a : b;
    const other = leader === a ? b : a;
    await leader.stop();
    expect(await other.runOnce()).toMatchObject({ leader: true, crossings: 0 });
    stock = [{ sku: "1", offerId: "A", warehouseId: "9", free: 0 }];
    expect(await other.runOnce()).toMatchObject({ leader: true, crossings: 1, sent: 1 });
    expect(sent.map((s) => s.alert.mark)).toEqual(["low", "zero"]);
    await other.stop();
    await store.close();
  });

  it("makes one workbook job of two Apply presses in two processes at once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    const ozon = {
      catalog: async () => ({ warehouses: [], items: [] }),
      setStocks: async () => [],
      setPrices: async () => [],
    };
    const notifier = {
      progress: async () => 1,
      finished: async () => {},
      stopped: async () => {},
    };
    const deskOf = () => new BookDesk({ shopId: "shop", store, ozon, notifier, lease: false });
    const [a, b] = [deskOf(), deskOf()];
    await a.saveDraft({
      id: "twice",
      shopId: "shop",
      warehouses: [],
      chatId: 1,
      by: 1,
      byName: "Kim",
      locale: "en",
      createdAt: new Date().toISOString(),
      stock: [{ row: 2, offerId: "A", productId: "1", warehouseId: "9", from: 1, to: 5 }],
      prices: [],
    });
    const answers = await Promise.all([a.apply("twice"), b.apply("twice"), a.apply("twice")]);
    expect(answers.map((x) => x.kind).sort()).toEqual(["already", "already", "started"]);
    expect(await store.list("book:job:")).toHaveLength(1);
    await store.close();
  });
});
