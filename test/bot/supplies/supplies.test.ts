/**
 * FBO supplies end to end (sandbox over HTTP, fake Bot API): /supplies lists the orders by state
 * with timeslot and warehouse, an order's card shows its contents; a state change (accepted,
 * accepted with discrepancies, cancelled) is told once to the chats that chose the store's 🛒
 * Sales, also across a restart; a move to an untold state (in transit) is not told.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TRIES } from "../../../src/services/sales/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import {
  chooseSales,
  type SalesEnv,
  SHOP_ID,
  sentTo,
  startSalesEnv,
  WAREHOUSE,
} from "../sales/harness.ts";

let env: SalesEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const changesTo = (e: SalesEnv, chatId: number) =>
  sentTo(e.fake, chatId).filter((c) => /🚛 Supply No\./.test(String(c.payload.text)));

describe("FBO supplies", () => {
  it("tells a state change once, also across a restart", async () => {
    env = await startSalesEnv();
    const fbo = env.sandbox.control.fbo;
    const first = fbo.addSupply();
    const second = fbo.addSupply({ state: "IN_TRANSIT" });
    await chooseSales(env, WAREHOUSE);
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ firstRun: true, told: 0 });
    fbo.setSupplyState(first.orderId, { state: "IN_TRANSIT" });
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    fbo.setSupplyState(first.orderId, { state: "COMPLETED" });
    fbo.setSupplyState(second.orderId, { state: "REPORTS_CONFIRMATION_AWAITING" });
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 2 });
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    await env.restart();
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    const told = changesTo(env, WAREHOUSE.id).map((c) => textOf(c));
    expect(told).toHaveLength(2);
    expect(told.find((text) => text.includes(first.number))).toMatch(/accepted\nWas: in transit/);
    expect(told.find((text) => text.includes(second.number))).toContain(
      "accepted with discrepancies",
    );
    // Cancelled later: told once more.
    const third = fbo.addSupply();
    await env.supplies.runOnce(SHOP_ID);
    fbo.setSupplyState(third.orderId, { state: "CANCELLED" });
    await env.supplies.runOnce(SHOP_ID);
    await env.supplies.runOnce(SHOP_ID);
    expect(changesTo(env, WAREHOUSE.id)).toHaveLength(3);
    expect(textOf(changesTo(env, WAREHOUSE.id).at(-1) as RecordedCall)).toContain("cancelled");
  });

  it("says there are none, without an empty keyboard, when the store has no supply orders", async () => {
    env = await startSalesEnv();
    await env.send(command("supplies", { from: WAREHOUSE }));
    const screen = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    expect(textOf(screen)).toContain("No supply orders");
    expect(screen.payload.reply_markup).toBeUndefined();
  });

  it("lists supplies by state and opens one with its contents", async () => {
    env = await startSalesEnv();
    const [a, b] = env.sandbox.control.products();
    if (!a || !b) throw new Error("products");
    const order = env.sandbox.control.fbo.addSupply({
      items: [
        { offerId: a.offerId, quantity: 24 },
        { offerId: b.offerId, quantity: 6 },
      ],
      timeslot: "2026-12-10T07:00:00Z",
    });
    env.sandbox.control.fbo.addSupply({ state: "COMPLETED" });
    await env.send(command("supplies", { from: WAREHOUSE }));
    const screen = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    const text = textOf(screen);
    expect(text).toContain("ready to supply: 1");
    expect(text).toContain("accepted: 1");
    // The year shows only when the timeslot is not in the current one (the date is fixed).
    expect(text).toMatch(
      new RegExp(`No\\. ${order.number} — ready to supply, 10 Dec( 2026)?, 10:00–12:00`),
    );
    await env.send(press(screen, new RegExp(order.number), WAREHOUSE));
    const card = textOf(sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall);
    expect(card).toContain("Contents: 2 lines, 30 pcs in all");
    expect(card).toContain("— 24 pcs");
    expect(card).toContain(a.name.slice(0, 20));
  });

  it("reads an order of several supplies one bundle a call, at most ten, and says so", async () => {
    env = await startSalesEnv();
    const products = env.sandbox.control.products();
    const order = env.sandbox.control.fbo.addSupply({
      supplies: 12,
      items: Array.from({ length: 12 }, (_, i) => ({
        offerId: products[i % products.length]?.offerId,
        quantity: i + 1,
      })),
    });
    await env.send(command("supplies", { from: WAREHOUSE }));
    const screen = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    const before = env.sandbox.requests.length;
    await env.send(press(screen, new RegExp(order.number), WAREHOUSE));
    const card = textOf(sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall);
    // Ten supplies' contents, one line each: 1 + 2 + … + 10 = 55 units.
    expect(card).toContain("Contents: 10 lines, 55 pcs in all");
    expect(card).toContain("Contents of the first 10 of 12 supplies only.");
    const bundleCalls = env.sandbox.requests
      .slice(before)
      .filter((r) => r.path === "/v1/supply-order/bundle");
    expect(bundleCalls).toHaveLength(10);
  });

  it("gives a chat that keeps refusing up after MAX_TRIES passes, and keeps the state", async () => {
    env = await startSalesEnv();
    const fbo = env.sandbox.control.fbo;
    const order = fbo.addSupply();
    await chooseSales(env, WAREHOUSE);
    await env.supplies.runOnce(SHOP_ID);
    fbo.setSupplyState(order.orderId, { state: "COMPLETED" });
    env.fake.refuseChat(WAREHOUSE.id, { error_code: 500, description: "Internal Server Error" });
    const tries = () =>
      env?.fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === WAREHOUSE.id)
        .length ?? 0;
    const before = tries();
    for (let pass = 1; pass < MAX_TRIES; pass++) {
      await expect(env.supplies.runOnce(SHOP_ID)).rejects.toThrow();
    }
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 1 });
    expect(tries() - before).toBe(MAX_TRIES);
    env.fake.refuseChat(WAREHOUSE.id, undefined);
    await env.restart();
    expect(await env.supplies.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    expect(tries() - before).toBe(MAX_TRIES);
  });
});
