// The store-backed maps the bot relies on: message links, forum topics, chat context, the relay
// group and audience, delivery marks. Each must survive a restart of a file store.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  RelayGroupSetting,
  resolveRelayAudience,
} from "../../../../src/services/chats/relay/audience.ts";
import { ChatContexts } from "../../../../src/services/chats/relay/context.ts";
import { DeliveryMarks } from "../../../../src/services/chats/relay/delivery-marks.ts";
import { MessageLinks } from "../../../../src/services/chats/relay/links.ts";
import { ReplyRouter } from "../../../../src/services/chats/relay/reply-router.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { RelayTopics } from "../../../../src/services/chats/relay/topics.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "relay-maps-"));
  dirs.push(dir);
  return dir;
}

describe("relay maps", () => {
  it("message links route Telegram messages back to their Ozon chat, and expire", async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now });
    const links = new MessageLinks(store, { ttlMs: 60_000 });
    await links.remember(
      [
        { chatId: -1001234567890, messageId: 17 },
        { chatId: 42, messageId: 5 },
      ],
      { ozonChatId: "chat-a", ozonMessageId: "3000000000817031942" },
    );
    expect(await links.resolve(-1001234567890, 17)).toEqual({
      ozonChatId: "chat-a",
      ozonMessageId: "3000000000817031942",
    });
    expect(await links.resolve(42, 5)).toMatchObject({ ozonChatId: "chat-a" });
    expect(await links.resolve(42, 6)).toBeUndefined();
    now += 60_001;
    expect(await links.resolve(42, 5)).toBeUndefined();
    await store.close();
  });

  it("links, topics, context and the relay group survive a restart of the file store", async () => {
    const dataDir = tempDir();
    let store = await SqliteStore.open({ dataDir });
    await new MessageLinks(store).remember([{ chatId: 7, messageId: 70 }], { ozonChatId: "c-1" });
    await new RelayTopics(store).set(-100500, "c-1", 333, "Заказ 12345-0001");
    await new ChatContexts(store).merge("c-1", { orderNumber: "12345-0001", sku: "998877" });
    await new RelayGroupSetting(store).set({ chatId: -100500, isForum: true, setBy: 1 });
    await store.close();

    store = await SqliteStore.open({ dataDir });
    expect(await new MessageLinks(store).resolve(7, 70)).toEqual({ ozonChatId: "c-1" });
    const topics = new RelayTopics(store);
    expect(await topics.get(-100500, "c-1")).toEqual({
      groupChatId: -100500,
      topicId: 333,
      name: "Заказ 12345-0001",
      touchedAt: expect.any(Number),
    });
    expect(await topics.findOzonChat(-100500, 333)).toBe("c-1");
    expect(await new ChatContexts(store).get("c-1")).toEqual({
      orderNumber: "12345-0001",
      sku: "998877",
    });
    expect((await new RelayGroupSetting(store).list())[0]).toMatchObject({
      chatId: -100500,
      isForum: true,
    });
    await store.close();
  });

  it("topics are per group and can be forgotten both ways", async () => {
    const store = new MemoryStore();
    const topics = new RelayTopics(store);
    await topics.set(-1, "c-1", 10);
    expect(await topics.get(-2, "c-1")).toBeUndefined();
    expect(await topics.findOzonChat(-2, 10)).toBeUndefined();
    await topics.forget(-1, "c-1");
    expect(await topics.get(-1, "c-1")).toBeUndefined();
    expect(await topics.findOzonChat(-1, 10)).toBeUndefined();
    await store.close();
  });

  it("chat context merges newer values and keeps what later messages leave out", async () => {
    const store = new MemoryStore();
    const contexts = new ChatContexts(store);
    await contexts.merge("c", { orderNumber: "1-1", sku: "5" });
    await contexts.merge("c", { postingNumber: "1-1-1" });
    expect(await contexts.merge("c", { sku: "6" })).toEqual({
      orderNumber: "1-1",
      sku: "6",
      postingNumber: "1-1-1",
    });
    expect(await contexts.get("other")).toEqual({});
    await store.close();
  });

  it("audience: the relay group when set, else every seller (deduplicated), group cleared back", async () => {
    const store = new MemoryStore();
    const setting = new RelayGroupSetting(store);
    const sellers = async () => [30, 10, 20, 10];
    expect(
      await resolveRelayAudience({ groups: setting, shopId: "s", listSellerIds: sellers }),
    ).toEqual({
      kind: "people",
      chatIds: [10, 20, 30],
    });
    await setting.set({ chatId: -1009, title: "Покупатели", isForum: false, setBy: 10 });
    let asked = 0;
    const audience = await resolveRelayAudience({
      groups: setting,
      shopId: "s",
      listSellerIds: async () => {
        asked++;
        return [1];
      },
    });
    expect(audience).toMatchObject({
      kind: "groups",
      groups: [{ chatId: -1009, title: "Покупатели" }],
    });
    expect(asked).toBe(0);
    expect(await setting.clear(-1009)).toBe(true);
    expect(
      (await resolveRelayAudience({ groups: setting, shopId: "s", listSellerIds: sellers })).kind,
    ).toBe("people");
    await store.close();
  });

  it("delivery marks remember which recipients got a message", async () => {
    const store = new MemoryStore();
    const marks = new DeliveryMarks(store);
    expect(await marks.wasDelivered("c", "9007199254740993", 5)).toBe(false);
    await marks.markDelivered("c", "9007199254740993", 5, [100, 101]);
    expect(await marks.wasDelivered("c", "9007199254740993", 5)).toBe(true);
    expect(await marks.wasDelivered("c", "9007199254740992", 5)).toBe(false);
    expect(await marks.deliveredIds("c", "9007199254740993", 5)).toEqual([100, 101]);
    await store.close();
  });

  it("routes a Telegram message to a buyer by the message it replies to, else by its topic", async () => {
    const store = new MemoryStore();
    await new MessageLinks(store).remember([{ chatId: -100, messageId: 5 }], {
      ozonChatId: "by-link",
    });
    await new RelayTopics(store).set(-100, "by-topic", 77);
    const router = new ReplyRouter(createRelayRepositories(store));
    expect(await router.resolve({ chatId: -100, replyToMessageId: 5, topicId: 77 })).toEqual({
      ozonChatId: "by-link",
      shopId: undefined,
    });
    // A reply to something else inside a topic (e.g. the topic's first message) goes by topic.
    expect(
      (await router.resolve({ chatId: -100, replyToMessageId: 6, topicId: 77 }))?.ozonChatId,
    ).toBe("by-topic");
    expect(await router.resolve({ chatId: -100, topicId: 78 })).toBeUndefined();
    expect(await router.resolve({ chatId: 42, replyToMessageId: 5 })).toBeUndefined();
    expect(await router.resolve({ chatId: -100 })).toBeUndefined();
    await store.close();
  });
});
