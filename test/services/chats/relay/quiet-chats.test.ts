/**
 * Chats gone quiet for months leave nothing behind: relay cursors and forum-topic entries expire
 * 90 days after the last message, and a buyer who writes after that is relayed as usual —
 * only the new message, never the old history again. The sandbox (over HTTP), the store and the
 * relay share one clock moved by hand.
 */
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { ensureRelayTopic } from "../../../../src/bot/chats/relay/notifier.ts";
import { ChatRelay } from "../../../../src/services/chats/relay/chat-relay.ts";
import { CURSOR_TTL_MS, RelayCursors } from "../../../../src/services/chats/relay/cursors.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { RelayTopics, TOPIC_TTL_MS } from "../../../../src/services/chats/relay/topics.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { FakeBotApi } from "../../../support/fake-bot-api.ts";
import {
  openBuyerChats,
  RecordingNotifier,
  type SellerSandbox,
  sellerSandbox,
} from "../support.ts";

const DAY = 24 * 60 * 60 * 1000;
const closing: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (closing.length > 0) await closing.pop()?.close();
});

let now = 0;
const clock = () => now;

describe("chats gone quiet", () => {
  it("lose their cursors after 90 days; a buyer writing again gets only the new message relayed", async () => {
    now = Date.now();
    const env: SellerSandbox = await sellerSandbox({ now: clock });
    const store = new MemoryStore({ now: clock });
    closing.push(env, store);
    const notifier = new RecordingNotifier();
    const relay = new ChatRelay({
      chats: env.seller.chats,
      repositories: createRelayRepositories(store),
      notifier,
      lease: false,
      now: () => new Date(now),
    });
    const cursors = new RelayCursors(store);
    await relay.runOnce(); // the first run: every chat's cursor at its last message
    const [chat, other] = openBuyerChats(env.sandbox);
    if (!chat || !other) throw new Error("sandbox has too few chats");

    now += DAY;
    const first = env.sandbox.control.buyerWrites(chat.id, { text: "Где мой заказ?" });
    await relay.runOnce();
    expect(notifier.idsOf(chat.id)).toEqual([first.id]);

    // A message renews its chat's cursor: the quiet chat's goes, the other one stays a while.
    now += CURSOR_TTL_MS - DAY;
    expect((await cursors.all()).has(other.id)).toBe(false);
    expect(await cursors.get(chat.id)).toBe(first.id);
    now += DAY;
    expect(await cursors.all()).toEqual(new Map());

    // Months later the buyer writes again: read from the start, only the new message goes out.
    const again = env.sandbox.control.buyerWrites(chat.id, { text: "Снова я" });
    const pass = await relay.runOnce();
    expect(pass.failures).toEqual([]);
    expect(notifier.idsOf(chat.id)).toEqual([first.id, again.id]);
    expect(notifier.deliveries).toHaveLength(2);
    expect(await cursors.get(chat.id)).toBe(again.id);
    // The quiet chats were read once and passed over; the next pass reads nothing.
    expect((await relay.runOnce()).historyCalls).toBe(0);
  });

  it("lose their forum topics 90 days after the last message relayed into them", async () => {
    now = Date.now();
    const fake = await FakeBotApi.start();
    const store = new MemoryStore({ now: clock });
    closing.push(fake, store);
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    const group = -1001234;
    const topics = new RelayTopics(store, { now: clock });
    const topicFor = (ozonChatId: string) =>
      ensureRelayTopic({ api, topics, groupChatId: group, ozonChatId, name: `Chat ${ozonChatId}` });

    const topic = await topicFor("busy");
    await topicFor("quiet");
    expect(fake.callsTo("createForumTopic")).toHaveLength(2);

    // "busy" gets a message every 80 days: its topic stays; "quiet" hears nothing.
    for (let i = 0; i < 3; i++) {
      now += 80 * DAY;
      expect(await topicFor("busy")).toBe(topic);
    }
    expect(fake.callsTo("createForumTopic")).toHaveLength(2);
    expect(await topics.findOzonChat(group, topic)).toBe("busy");
    expect(await topics.get(group, "quiet")).toBeUndefined();
    expect((await store.list("relay:topic")).map((e) => e.key).sort()).toEqual([
      `relay:topic-chat:${group}:${topic}`,
      `relay:topic:${group}:busy`,
    ]);

    now += TOPIC_TTL_MS;
    expect(await store.list("relay:topic")).toEqual([]);
    // The buyer writes after all: a new topic.
    expect(await topicFor("busy")).not.toBe(topic);
    expect(fake.callsTo("createForumTopic")).toHaveLength(3);
  });
});
