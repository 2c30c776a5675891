/**
 * Money alerts end to end (issue 42): a product sold at a loss yesterday is told once to the
 * store's admins and managers (not to a manager limited to another store), with its numbers, in
 * each one's language; not again on the next pass; turned off in /money, not told; a payout day
 * on which Ozon paid nothing out with a positive balance is told the day after, once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { callback, command } from "../../support/updates.ts";
import { findButton, sentMessage } from "../harness.ts";
import { ADMIN, LIMITED, lastTo, MANAGER, NOW, startWorld, type World } from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const textsTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok)
    .map((c) => String(c.payload.text));

describe("money alerts", () => {
  it("a loss day is told once to who may see the store, with its numbers", async () => {
    world = await startWorld({ start: true });
    const w = world;
    const north = w.shops.all()[0];
    const south = w.shops.all()[1];
    if (!north || !south) throw new Error("no stores");
    // 09:00 in Moscow: yesterday is still settling at Ozon, nothing is judged yet.
    w.setNow(NOW - 3 * 3_600_000);
    expect(await w.money.runAlerts(north.id)).toMatchObject({ losses: 0 });
    expect(textsTo(w, ADMIN.id)).toEqual([]);
    // Noon in Moscow: judged, and told.
    w.setNow(NOW);
    expect(await w.money.runAlerts(north.id)).toMatchObject({ losses: 1 });
    const [ru] = textsTo(w, ADMIN.id);
    // The year is written only when it is not the current one (the test's dates are fixed).
    expect(ru).toMatch(/📉 Продано в минус 7 дек\.( 2026)?:/);
    // 0,20 sold, −0,03 commission, −63,37 delivery; no cost price set.
    expect(ru).toContain(
      `• SKU ${w.skus.kept}: 1 шт., выручка 0,20\u00A0₽, удержания Ozon −63,40\u00A0₽, себестоимость — → −63,20\u00A0₽`,
    );
    const [en] = textsTo(w, MANAGER.id);
    expect(en).toMatch(/📉 Sold at a loss on 7 Dec( 2026)?:/);
    expect(textsTo(w, LIMITED.id)).toEqual([]);
    // Store 2 made money yesterday: nothing to tell.
    expect(await w.money.runAlerts(south.id)).toMatchObject({ losses: 0 });
    // Once.
    await w.money.runAlerts(north.id);
    expect(textsTo(w, ADMIN.id)).toHaveLength(1);
    expect(textsTo(w, MANAGER.id)).toHaveLength(1);
  });

  it("turned off in /money, the alert is not told to that person", async () => {
    world = await startWorld({ start: true });
    const w = world;
    await w.send(command("money", { from: MANAGER }));
    const screen = lastTo(w, MANAGER.id);
    if (!screen) throw new Error("no screen");
    await w.send(
      callback(findButton(screen, "Loss days: on").callback_data ?? "", {
        from: MANAGER,
        message: sentMessage(screen),
      }),
    );
    const redrawn = lastTo(w, MANAGER.id, "editMessageText");
    if (!redrawn) throw new Error("no redraw");
    expect(() => findButton(redrawn, "Loss days: off")).not.toThrow();
    const before = textsTo(w, MANAGER.id).length;
    await w.money.runAlerts(w.shops.all()[0]?.id ?? "");
    expect(textsTo(w, MANAGER.id)).toHaveLength(before);
    expect(textsTo(w, ADMIN.id)).toHaveLength(1);
  });

  it("a payout Ozon skipped is told the day after, once", async () => {
    world = await startWorld({ start: true });
    const w = world;
    const south = w.shops.all()[1];
    if (!south) throw new Error("no store");
    w.sandbox.stores[1]?.control.finance.skipPayout("2026-12-16");
    w.setNow(Date.parse("2026-12-17T09:00:00Z"));
    expect(await w.money.runAlerts(south.id)).toMatchObject({ missedPayout: true });
    const [told] = textsTo(w, LIMITED.id);
    expect(told).toMatch(
      /🏦 Ozon paid nothing out on 16 Dec( 2026)?, a payout day, with RUB\u00A0219\.96 on the balance\./,
    );
    await w.money.runAlerts(south.id);
    expect(textsTo(w, LIMITED.id)).toHaveLength(1);
    // Store 1's balance was below zero: nothing was due, nothing to tell.
    expect(await w.money.runAlerts(w.shops.all()[0]?.id ?? "")).toMatchObject({
      missedPayout: false,
    });
  });
});
