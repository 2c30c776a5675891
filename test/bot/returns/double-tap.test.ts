/**
 * An rFBS decision acts once when two processes on one Redis store get it at the same moment:
 * two people confirming different decisions, and one person's confirmation arriving at both
 * processes. Ozon is called once; the other is told who decided.
 */
import { afterAll, expect, it } from "vitest";
import { startSandbox } from "../../../src/sandbox/index.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { command } from "../../support/updates.ts";
import { ADMIN, type AfterSaleEnv, SELLER, SHOP_ID, startAfterSaleEnv } from "../after-sale.ts";
import { press, textOf } from "../harness.ts";

const redis = await redisAvailability();

const lastTo = (e: AfterSaleEnv, chatId: number) =>
  e.fake.calls
    .filter(
      (c) =>
        (c.method === "sendMessage" || c.method === "editMessageText") &&
        Number(c.payload.chat_id) === chatId &&
        c.response?.ok,
    )
    .at(-1) as RecordedCall;

async function twoProcesses(prefix: string) {
  const sandbox = await startSandbox();
  const fake = await FakeBotApi.start();
  const stores = [
    await RedisStore.open({ url: redis.url, prefix }),
    await RedisStore.open({ url: redis.url, prefix }),
  ];
  const a = await startAfterSaleEnv({ store: stores[0], sandbox, fake });
  const b = await startAfterSaleEnv({ store: stores[1], sandbox, fake });
  const close = async () => {
    await a.close();
    await b.close();
    await Promise.all(stores.map((s) => s?.close()));
    await fake.close();
    await sandbox.close();
  };
  return { a, b, sandbox, close };
}

redis.describe("rFBS decisions on Redis", () => {
  const prefix = uniquePrefix("returns-double-tap");
  afterAll(() => removeKeys(redis.url, prefix));

  it("two people confirming at once in two processes: Ozon hears one decision", async () => {
    const { a, b, sandbox, close } = await twoProcesses(`${prefix}1:`);
    try {
      for (const who of [SELLER, ADMIN]) {
        await a.send(command("returns", { from: who }));
        await a.send(press(lastTo(a, who.id), /🔔/, who));
      }
      await a.returns.runOnce(SHOP_ID);
      const filed = sandbox.control.afterSale.addRfbsRequest();
      await a.returns.runOnce(SHOP_ID);
      // B's watcher finds it told already.
      expect(await b.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 0 });

      await a.send(press(lastTo(a, SELLER.id), "Одобрить заявку", SELLER));
      await b.send(press(lastTo(b, ADMIN.id), "Вернуть деньги покупателю", ADMIN));
      const sellerConfirm = lastTo(a, SELLER.id);
      const adminConfirm = lastTo(b, ADMIN.id);
      await Promise.all([
        a.send(press(sellerConfirm, "Yes", SELLER)),
        b.send(press(adminConfirm, "Да", ADMIN)),
      ]);
      expect(sandbox.counters()["POST /v1/returns/rfbs/action/set"]).toBe(1);
      const said = [textOf(lastTo(a, SELLER.id)), textOf(lastTo(b, ADMIN.id))].join("\n");
      expect(said).toMatch(
        /Already decided: Анна — “Вернуть деньги покупателю”|Уже решено: Sergey — «Одобрить заявку»/,
      );
      expect(["approved", "money_returned"]).toContain(
        sandbox.control.afterSale.snapshot().requests.find((r) => r.id === filed.id)?.state,
      );
    } finally {
      await close();
    }
  });

  it("one confirmation reaching both processes acts once", async () => {
    const { a, b, sandbox, close } = await twoProcesses(`${prefix}2:`);
    try {
      await a.send(command("returns", { from: SELLER }));
      await a.send(press(lastTo(a, SELLER.id), /🔔/, SELLER));
      await a.returns.runOnce(SHOP_ID);
      sandbox.control.afterSale.addRfbsRequest();
      await a.returns.runOnce(SHOP_ID);
      await a.send(press(lastTo(a, SELLER.id), "Одобрить заявку", SELLER));
      const confirm = lastTo(a, SELLER.id);
      const tap = press(confirm, "Yes", SELLER);
      await Promise.all([a.send(tap), b.send(structuredClone(tap))]);
      expect(sandbox.counters()["POST /v1/returns/rfbs/action/set"]).toBe(1);
    } finally {
      await close();
    }
  });
});
