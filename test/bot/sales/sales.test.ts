/**
 * FBO sales end to end (sandbox over HTTP, fake Bot API): a chat that chose 🛒 Sales in
 * /subscribe hears of each new FBO order once — product, units, price, the buyer's city and
 * cluster — also across a restart and when Telegram refused it once; a burst comes as one digest; a cancelled order is told by
 * editing the same card; the first pass ever tells nothing old.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { press, sentMessage, textOf } from "../harness.ts";
import {
  chooseSales,
  MANAGER,
  type SalesEnv,
  SHOP_ID,
  salesTo,
  sentTo,
  startSalesEnv,
  WAREHOUSE,
} from "./harness.ts";

let env: SalesEnv | undefined;

const messageIdOf = (call: RecordedCall | undefined) =>
  (sentMessage(call as RecordedCall) as { message_id?: number }).message_id;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("FBO sales alerts", () => {
  it("tells a new order once, with product, units, price and cluster, also across a restart", async () => {
    env = await startSalesEnv();
    env.sandbox.control.fbo.addOrder({ at: Date.now() - 60_000 });
    await chooseSales(env, WAREHOUSE);
    // The first pass only notes where it is: the old order is not told.
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ firstRun: true, told: 0 });
    const product = env.sandbox.control.products()[0];
    if (!product) throw new Error("no product");
    const order = env.sandbox.control.fbo.addOrder({
      lines: [{ offerId: product.offerId, quantity: 2, price: "1290.50" }],
      clusterId: 17,
    });
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 1, cards: 1 });
    const cards = salesTo(env.fake, WAREHOUSE.id);
    expect(cards).toHaveLength(1);
    const text = textOf(cards[0] as never);
    expect(text).toContain("New FBO order");
    expect(text).toContain(product.name.slice(0, 30));
    expect(text).toContain("— 2 pcs ·");
    expect(text).toContain("1,290.50");
    expect(text).toContain("Екатеринбург");
    expect(text).toContain("Урал");
    expect(text).toContain(order.postingNumber);
    // Again, and after a restart: nothing twice.
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    await env.restart();
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 0, firstRun: false });
    // An order placed while the bot was down is told after the start.
    await env.restart();
    env.sandbox.control.fbo.addOrder();
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 1 });
    expect(salesTo(env.fake, WAREHOUSE.id)).toHaveLength(2);
    // A chat that did not choose sales hears nothing.
    expect(salesTo(env.fake, MANAGER.id)).toHaveLength(0);
  });

  it("tells a burst as one digest and a cancelled order on the same card", async () => {
    env = await startSalesEnv({ sales: { watcher: { burstThreshold: 5, cancelCheckMs: 0 } } });
    await chooseSales(env, WAREHOUSE);
    await env.sales.runOnce(SHOP_ID);
    const burst = Array.from({ length: 8 }, () => env?.sandbox.control.fbo.addOrder());
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 8, digests: 1, cards: 0 });
    const digests = salesTo(env.fake, WAREHOUSE.id);
    expect(digests).toHaveLength(1);
    expect(textOf(digests[0] as never)).toContain("New FBO orders: 8");
    // One order of the burst is cancelled: the digest is edited in place.
    const cancelled = burst[3]?.postingNumber as string;
    env.sandbox.control.fbo.cancelOrder(cancelled);
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ cancelled: 1, told: 0 });
    const edits = env.fake.callsTo("editMessageText").filter((c) => c.response?.ok);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.payload.message_id).toBe(messageIdOf(digests[0]));
    expect(textOf(edits[0] as never)).toMatch(/❌ .*cancelled/);
    // A single order's card, cancelled later: the same card says so; told once.
    const single = env.sandbox.control.fbo.addOrder();
    await env.sales.runOnce(SHOP_ID);
    const card = salesTo(env.fake, WAREHOUSE.id).at(-1);
    env.sandbox.control.fbo.cancelOrder(single.postingNumber);
    await env.sales.runOnce(SHOP_ID);
    await env.sales.runOnce(SHOP_ID);
    const cardEdits = env.fake
      .callsTo("editMessageText")
      .filter((c) => c.response?.ok && c.payload.message_id === messageIdOf(card));
    expect(cardEdits).toHaveLength(1);
    expect(textOf(cardEdits[0] as never)).toContain("FBO order cancelled");
    expect(salesTo(env.fake, WAREHOUSE.id)).toHaveLength(2);
  });

  it("loses nothing when Telegram refuses: the order is told on the next pass, once", async () => {
    env = await startSalesEnv();
    await chooseSales(env, WAREHOUSE);
    await env.sales.runOnce(SHOP_ID);
    env.sandbox.control.fbo.addOrder();
    env.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" });
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    expect(salesTo(env.fake, WAREHOUSE.id)).toHaveLength(0);
    // After a restart, too: the cursor did not pass it.
    await env.restart();
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 1 });
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    expect(salesTo(env.fake, WAREHOUSE.id)).toHaveLength(1);
  });

  it("a manager, who has no /subscribe, turns sales on from /stock", async () => {
    env = await startSalesEnv();
    await env.sales.runOnce(SHOP_ID);
    await env.send(command("stock", { from: MANAGER }));
    const screen = sentTo(env.fake, MANAGER.id).at(-1) as RecordedCall;
    await env.send(press(screen, /🛒/, MANAGER));
    env.sandbox.control.fbo.addOrder();
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 1 });
    expect(textOf(salesTo(env.fake, MANAGER.id)[0] as RecordedCall)).toContain("New FBO order");
  });

  it("turns sales off again from the same row", async () => {
    env = await startSalesEnv();
    await chooseSales(env, WAREHOUSE);
    await chooseSales(env, WAREHOUSE);
    await env.sales.runOnce(SHOP_ID);
    env.sandbox.control.fbo.addOrder();
    expect(await env.sales.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
  });
});
