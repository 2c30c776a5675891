/**
 * One chat Telegram refuses holds up no other chat's stock alert (issue 37, item 3): the sandbox's
 * stock over HTTP, the watcher's passes, the fake Bot API. Groups come first (negative ids), so
 * the failing group is always tried before the person's private chat.
 * - A group that became a supergroup gets the alert at its new id, and so does the next chat.
 * - A group where the bot may no longer post is paused (its settings kept), the admins are told
 *   once, the others are served; /subscribe in the group resumes it.
 * - A chat failing for a while is tried again per chat, never blocking the others.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AlertPauses } from "../../../src/services/alert-pauses.ts";
import { StockAlertChoice } from "../../../src/services/stock/settings.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { command, group } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  type StockHarness,
  startStock,
} from "./harness.ts";

const OFFER = "SNK-NIMBUS-43-BLK";
const MOSCOW = 1020000092835000;
const OLD = -4501;
const NEW = -1004501;

let h: StockHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The keeper turns stock alerts on from /subscribe in private. */
async function keeperWantsStock(harness: StockHarness) {
  const screen = lastScreen(await exchange(harness, command("subscribe", { from: KEEPER })));
  await exchange(harness, press(screen, "Stock alerts", KEEPER));
  expect(buttonsOf(screen).some((b) => b.text.includes("Stock alerts"))).toBe(true);
}

/** A group subscribed by the admin with stock alerts on. */
async function groupWantsStock(harness: StockHarness, chatId: number) {
  await new SubscriptionService(harness.store).subscribe({
    chatId,
    kind: "group",
    subscribedBy: ADMIN.id,
  });
  await new StockAlertChoice(harness.store).set(chatId, true);
}

const stockAlerts = (harness: StockHarness, chatId: number, since: number) =>
  messagesTo(harness, chatId, since).filter((c) => /Running low|Out of stock/.test(textOf(c)));

describe("stock alerts when one chat fails", () => {
  it("a group that became a supergroup gets it at its new id, and the next chat gets it too", async () => {
    h = await startStock();
    await groupWantsStock(h, OLD);
    await keeperWantsStock(h);
    await h.module.runOnce(h.shopId);
    h.fake.migrateChat(OLD, NEW);
    const since = h.fake.calls.length;

    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 2);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    expect(stockAlerts(h, NEW, since)).toHaveLength(1);
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(1);
    // The group's records moved: the next alert goes straight to the new id.
    expect(await new StockAlertChoice(h.store).wants(NEW)).toBe(true);
    expect(await new SubscriptionService(h.store).get(OLD)).toBeUndefined();
    const refusedBefore = h.fake.callsTo("sendMessage").filter((c) => !c.response?.ok).length;
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    expect(stockAlerts(h, NEW, since)).toHaveLength(2);
    expect(h.fake.callsTo("sendMessage").filter((c) => !c.response?.ok).length).toBe(refusedBefore);
  });

  it("a group where the bot may not post is paused, the admins told once, the others served; /subscribe there resumes it", async () => {
    h = await startStock();
    const team = group(OLD, { title: "Склад" });
    await groupWantsStock(h, OLD);
    await keeperWantsStock(h);
    await h.module.runOnce(h.shopId);
    h.fake.refuseChat(OLD, { error_code: 400, description: "Bad Request: CHAT_WRITE_FORBIDDEN" });
    const since = h.fake.calls.length;

    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 2);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 1 });
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(1);
    expect(await new AlertPauses(h.store).isPaused(OLD)).toBe(true);
    // Paused, not dropped: the subscription and the stock choice stay.
    expect(await new SubscriptionService(h.store).get(OLD)).toBeDefined();
    expect(await new StockAlertChoice(h.store).wants(OLD)).toBe(true);
    const told = () =>
      messagesTo(h as StockHarness, ADMIN.id, since).filter((c) => textOf(c).includes("paused"));
    expect(told()).toHaveLength(1);
    expect(textOf(told()[0] as never)).toContain("/subscribe");

    // Later alerts skip the paused group (no refused call) and the admin is not told again.
    const triedThere = () =>
      h?.fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === OLD).length;
    const tries = triedThere();
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 1 });
    expect(triedThere()).toBe(tries);
    expect(told()).toHaveLength(1);

    // The right is given back and /subscribe sent in the group: alerts come again.
    h.fake.refuseChat(OLD, undefined);
    await h.send(command("subscribe", { from: ADMIN, chat: team }));
    expect(await new AlertPauses(h.store).isPaused(OLD)).toBe(false);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 9);
    await h.module.runOnce(h.shopId);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 1);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    expect(stockAlerts(h, OLD, since)).toHaveLength(1);
  });

  it("a group kicked the bot (403) is paused like one without the right to post", async () => {
    h = await startStock();
    await groupWantsStock(h, OLD);
    await keeperWantsStock(h);
    await h.module.runOnce(h.shopId);
    h.fake.refuseChat(OLD, {
      error_code: 403,
      description: "Forbidden: bot was kicked from the group chat",
    });
    const since = h.fake.calls.length;
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 2);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ sent: 1 });
    expect(await new AlertPauses(h.store).isPaused(OLD)).toBe(true);
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(1);
  });

  it("a chat failing for a while is tried again alone; the others are not held up", async () => {
    h = await startStock();
    await groupWantsStock(h, OLD);
    await keeperWantsStock(h);
    await h.module.runOnce(h.shopId);
    h.fake.refuseChat(OLD, { error_code: 502, description: "Bad Gateway" });
    const since = h.fake.calls.length;
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 2);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ sent: 1 });
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(1);
    // A new crossing while the group still fails: the keeper gets it at once.
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ sent: 1 });
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(2);
    // Telegram takes the group's messages again: both alerts it lacks arrive, once each.
    h.fake.refuseChat(OLD, undefined);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ sent: 2 });
    expect(stockAlerts(h, OLD, since)).toHaveLength(2);
    expect(stockAlerts(h, KEEPER.id, since)).toHaveLength(2);
    expect(await new AlertPauses(h.store).isPaused(OLD)).toBe(false);
  });
});
