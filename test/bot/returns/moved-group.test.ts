/**
 * A group that chose returns alerts becomes a supergroup (issue 37, item 4): Telegram refuses the
 * old id with `migrate_to_chat_id`; the alert reaches the new chat, the group's switch moves with
 * it, and the pass does not fail. A chat where the bot may no longer post is paused, not retried.
 */
import type { Chat } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { AlertPauses } from "../../../src/services/alert-pauses.ts";
import { ReturnsSubscribers } from "../../../src/services/returns/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { ADMIN, type AfterSaleEnv, SELLER, SHOP_ID, startAfterSaleEnv } from "../after-sale.ts";
import { press, textOf } from "../harness.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const OLD = -4601;
const NEW = -1004601;
const basicGroup: Chat.GroupChat = { id: OLD, type: "group", title: "Склад" };

const returnAlerts = (e: AfterSaleEnv, chatId: number) =>
  e.fake
    .callsTo("sendMessage")
    .filter(
      (c) =>
        Number(c.payload.chat_id) === chatId &&
        c.response?.ok &&
        /едет к вам на склад|on its way to your warehouse/.test(textOf(c)),
    );

/** The admin turns returns alerts on in the group, and the seller in private. */
async function groupAndSellerChoseReturns(e: AfterSaleEnv) {
  await e.send(command("returns", { from: ADMIN, chat: basicGroup }));
  const inGroup = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
  await e.send(press(inGroup, /🔔/, ADMIN));
  await e.send(command("returns", { from: SELLER }));
  const inPrivate = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
  await e.send(press(inPrivate, /🔔/, SELLER));
  const chats = (await new ReturnsSubscribers(e.store).list()).map((s) => s.chatId);
  expect(chats.sort()).toEqual([OLD, SELLER.id].sort());
}

describe("returns alerts of a group that became a supergroup", () => {
  it("reach the new chat; the switch moves; the pass does not fail", async () => {
    env = await startAfterSaleEnv();
    await groupAndSellerChoseReturns(env);
    await env.returns.runOnce(SHOP_ID);
    env.fake.migrateChat(OLD, NEW);
    env.sandbox.control.afterSale.addReturn();

    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 1 });
    expect(returnAlerts(env, NEW)).toHaveLength(1);
    expect(returnAlerts(env, SELLER.id)).toHaveLength(1);
    const subscribers = new ReturnsSubscribers(env.store);
    expect(await subscribers.has(OLD)).toBe(false);
    expect(await subscribers.has(NEW)).toBe(true);

    // The next return goes straight to the new id, with no refused call on the way.
    const refused = env.fake.callsTo("sendMessage").filter((c) => !c.response?.ok).length;
    env.sandbox.control.afterSale.addReturn();
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 1 });
    expect(returnAlerts(env, NEW)).toHaveLength(2);
    expect(env.fake.callsTo("sendMessage").filter((c) => !c.response?.ok)).toHaveLength(refused);
  });

  it("a group where the bot may not post is paused, the admins told once; others are told", async () => {
    env = await startAfterSaleEnv();
    await groupAndSellerChoseReturns(env);
    await env.returns.runOnce(SHOP_ID);
    env.fake.refuseChat(OLD, {
      error_code: 403,
      description: "Forbidden: not enough rights to send text messages to the chat",
    });
    const since = env.fake.calls.length;
    env.sandbox.control.afterSale.addReturn();
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 1 });
    expect(returnAlerts(env, SELLER.id)).toHaveLength(1);
    expect(await new AlertPauses(env.store).isPaused(OLD)).toBe(true);
    expect(await new ReturnsSubscribers(env.store).has(OLD)).toBe(true);
    const told = env.fake
      .callsTo("sendMessage")
      .filter((c) => c.seq >= since && Number(c.payload.chat_id) === ADMIN.id && c.response?.ok);
    expect(told.map(textOf).filter((t) => t.includes("приостановлены"))).toHaveLength(1);
  });
});
