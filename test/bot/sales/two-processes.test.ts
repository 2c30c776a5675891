/**
 * Two processes on one Redis, each running the sales watcher of the same store: only the lease
 * holder tells, so a new FBO order reaches the chat once; when the holder stops, the other takes
 * the store over, repeats nothing told and tells the orders that came meanwhile once; a supply's
 * state change is told once too.
 */
import { afterAll, expect, it } from "vitest";
import { startSandbox } from "../../../src/sandbox/index.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { chooseSales, SHOP_ID, salesTo, startSalesEnv, WAREHOUSE } from "./harness.ts";

const redis = await redisAvailability();
redis.describe("FBO sales with two processes on Redis", () => {
  const prefix = uniquePrefix("sales-two");
  afterAll(() => removeKeys(redis.url, prefix));

  it("tells each new order once, also when the other process takes over", async () => {
    const sandbox = await startSandbox();
    const fake = await FakeBotApi.start();
    const storeA = await RedisStore.open({ url: redis.url, prefix });
    const storeB = await RedisStore.open({ url: redis.url, prefix });
    const a = await startSalesEnv({ sandbox, fake, store: storeA });
    const b = await startSalesEnv({ sandbox, fake, store: storeB });
    try {
      await chooseSales(a, WAREHOUSE);
      const first = await Promise.all([a.sales.runOnce(SHOP_ID), b.sales.runOnce(SHOP_ID)]);
      // One of them noted where it starts; the other was not the leader.
      expect(first.filter((r) => r.leader)).toHaveLength(1);
      expect(first.filter((r) => r.firstRun)).toHaveLength(1);
      sandbox.control.fbo.addOrder();
      sandbox.control.fbo.addOrder();
      for (let i = 0; i < 3; i++) {
        await Promise.all([a.sales.runOnce(SHOP_ID), b.sales.runOnce(SHOP_ID)]);
      }
      expect(salesTo(fake, WAREHOUSE.id)).toHaveLength(2);
      // A supply's state change, both processes passing: told once.
      const supply = sandbox.control.fbo.addSupply();
      await Promise.all([a.supplies.runOnce(SHOP_ID), b.supplies.runOnce(SHOP_ID)]);
      sandbox.control.fbo.setSupplyState(supply.orderId, { state: "CANCELLED" });
      for (let i = 0; i < 3; i++) {
        await Promise.all([a.supplies.runOnce(SHOP_ID), b.supplies.runOnce(SHOP_ID)]);
      }
      const supplyNews = fake
        .callsTo("sendMessage")
        .filter((c) => c.response?.ok && String(c.payload.text).includes(supply.number));
      expect(supplyNews).toHaveLength(1);
      // Whichever held the lease stops; the other takes over.
      const holder = first[0]?.leader ? a : b;
      const other = holder === a ? b : a;
      await holder.close();
      sandbox.control.fbo.addOrder();
      let report = await other.sales.runOnce(SHOP_ID);
      for (let i = 0; i < 20 && !report.leader; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        report = await other.sales.runOnce(SHOP_ID);
      }
      expect(report).toMatchObject({ leader: true, firstRun: false, told: 1 });
      await other.sales.runOnce(SHOP_ID);
      expect(salesTo(fake, WAREHOUSE.id)).toHaveLength(3);
      await other.close();
    } finally {
      await fake.close();
      await sandbox.close();
      await storeA.close();
      await storeB.close();
    }
  });
});
