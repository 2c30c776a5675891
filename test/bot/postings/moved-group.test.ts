/**
 * A subscribed group becomes a supergroup (Telegram gives it a new id and refuses the old one
 * with `migrate_to_chat_id`): its alerts arrive in the new chat once, and what the group was
 * already told (each shop's marks and cards) moves with it, so nothing is told twice.
 */
import type { Chat } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { groupMigrated, messageUpdate } from "../../support/updates.ts";
import { textOf } from "../harness.ts";
import { ADMIN, messagesTo, must, type PostingsHarness, startPostings } from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const OLD = -4201;
const NEW = -1004201;
const basicGroup: Chat.GroupChat = { id: OLD, type: "group", title: "Склад" };

const mug = { products: [{ name: "Mug", quantity: 1, markRequired: false }] };

/** The group subscribed, both shops' first passes done, one alert of each shop in the group. */
async function groupAlertedByBothShops() {
  h = await startPostings({ stores: 2 });
  await h.module.subscriptions.subscribe({ chatId: OLD, kind: "group", subscribedBy: ADMIN.id });
  await h.watcherOf(0).runOnce();
  await h.watcherOf(1).runOnce();
  const [north, south] = h.sandbox.stores.map((store) => must(store.control.addPosting(mug)));
  await h.watcherOf(0).runOnce();
  await h.watcherOf(1).runOnce();
  expect(messagesTo(h, OLD)).toHaveLength(2);
  return { north: must(north), south: must(south) };
}

const shopStore = (index: number) => must(h.shops.all()[index]).store;

describe("a group that became a supergroup", () => {
  it("gets the refused alert in the new chat once; the subscription, marks and cards of both shops move", async () => {
    const { north, south } = await groupAlertedByBothShops();
    h.fake.migrateChat(OLD, NEW);
    const fresh = must(h.sandbox.stores[0]).control.addPosting(mug);
    const since = h.fake.calls.length;

    const pass = await h.watcherOf(0).runOnce();
    expect(pass).toMatchObject({ failed: [], unsubscribed: [], announced: 1 });
    const there = messagesTo(h, NEW, since);
    expect(there).toHaveLength(1);
    expect(textOf(must(there[0]))).toContain(fresh.postingNumber);

    // The other shop's watcher finds the chat at its new id and owes it nothing.
    const other = await h.watcherOf(1).runOnce();
    expect(other).toMatchObject({ failed: [], announced: 0 });
    await h.watcherOf(0).runOnce();
    expect(messagesTo(h, NEW, since)).toHaveLength(1);
    expect(messagesTo(h, OLD, since)).toHaveLength(0);

    expect(await h.module.subscriptions.get(OLD)).toBeUndefined();
    expect(await h.module.subscriptions.get(NEW)).toMatchObject({ chatId: NEW, kind: "group" });
    for (const [index, posting] of [north, south].entries()) {
      const store = shopStore(index);
      expect(await store.get(`postings:announced:${NEW}:${posting.postingNumber}`)).toBeDefined();
      expect(await store.get(`postings:announced:${OLD}:${posting.postingNumber}`)).toBeUndefined();
      // The card's messages stay in the old chat: the moved record has none to edit.
      expect(await store.get(`postings:card:${posting.postingNumber}:${NEW}`)).toMatchObject({
        chatId: NEW,
        messages: [],
      });
    }
  });

  it("a posting the old group was alerted to, cancelled later: the news reaches the new chat once", async () => {
    const { south } = await groupAlertedByBothShops();
    h.fake.migrateChat(OLD, NEW);
    must(h.sandbox.stores[1]).control.cancelByBuyer(south.postingNumber);
    const since = h.fake.calls.length;
    // The refused news moves the chat; it is told there on the next pass.
    await h.watcherOf(1).runOnce();
    await h.watcherOf(1).runOnce();
    await h.watcherOf(1).runOnce();
    const news = messagesTo(h, NEW, since).filter((c) => textOf(c).includes(south.postingNumber));
    expect(news).toHaveLength(1);
    expect(textOf(must(news[0]))).toMatch(/cancel/i);
  });

  it("the service message alone moves it: the next alert goes straight to the new chat", async () => {
    await groupAlertedByBothShops();
    await h.send(groupMigrated(basicGroup, ADMIN, NEW));
    expect(await h.module.subscriptions.get(NEW)).toMatchObject({ chatId: NEW });
    h.fake.migrateChat(OLD, NEW);
    const fresh = must(h.sandbox.stores[1]).control.addPosting(mug);
    const since = h.fake.calls.length;
    await h.watcherOf(1).runOnce();
    expect(messagesTo(h, NEW, since).map(textOf).join("\n")).toContain(fresh.postingNumber);
    expect(h.fake.calls.filter((c) => c.seq >= since && Number(c.payload.chat_id) === OLD)).toEqual(
      [],
    );
  });

  it("the service message in the new supergroup (migrate_from_chat_id) moves it as well", async () => {
    await groupAlertedByBothShops();
    await h.send(
      messageUpdate({
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: NEW, type: "supergroup", title: "Склад" },
        from: ADMIN,
        migrate_from_chat_id: OLD,
      } as never),
    );
    expect(await h.module.subscriptions.get(OLD)).toBeUndefined();
    expect(await h.module.subscriptions.get(NEW)).toMatchObject({ chatId: NEW });
  });
});
