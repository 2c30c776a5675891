// The relay's shared records with several shops: links and the topic index name their shop
// (records of the single-shop version go to the legacy owner), relay groups are per-shop targets
// (the single-shop version's one group takes every shop and moves into the list on a change).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  RELAY_GROUP_KEY,
  RelayGroupSetting,
  resolveRelayAudience,
} from "../../../../src/services/chats/relay/audience.ts";
import { ReplyRouter } from "../../../../src/services/chats/relay/reply-router.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { scopedStore, shopKeyPrefix } from "../../../../src/shops/scoped-store.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("relay records of several shops", () => {
  it("links and topics name their shop; those of the single-shop version go to the legacy owner", async () => {
    const store = new MemoryStore();
    const shopB = createRelayRepositories(scopedStore(store, shopKeyPrefix("B")), {
      shared: store,
      shopId: "B",
    });
    await shopB.links.remember([{ chatId: 5, messageId: 1 }], { ozonChatId: "chat-b" });
    await shopB.topics.set(-100, "chat-b", 40);
    // As the previous version wrote them: unprefixed, no shop.
    await store.set("relay:link:5:2", { ozonChatId: "chat-a" });
    await store.set("relay:topic-chat:-100:41", "chat-a");

    const router = new ReplyRouter(shopB, { legacyShopId: () => "A" });
    expect(await router.resolve({ chatId: 5, replyToMessageId: 1 })).toEqual({
      ozonChatId: "chat-b",
      shopId: "B",
    });
    expect(await router.resolve({ chatId: 5, replyToMessageId: 2 })).toEqual({
      ozonChatId: "chat-a",
      shopId: "A",
    });
    expect(await router.resolve({ chatId: -100, topicId: 40 })).toEqual({
      ozonChatId: "chat-b",
      shopId: "B",
    });
    expect(await router.resolve({ chatId: -100, topicId: 41 })).toEqual({
      ozonChatId: "chat-a",
      shopId: "A",
    });
    // The forward entry is shop B's own; forgetting the topic drops the shared reverse entry.
    expect(await store.get("shop:B:relay:topic:-100:chat-b")).toMatchObject({ topicId: 40 });
    await shopB.topics.forget(-100, "chat-b");
    expect(await router.resolve({ chatId: -100, topicId: 40 })).toBeUndefined();
    await store.close();
  });

  it("relay groups per shop; the old single group takes every shop and survives a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "relay-groups-"));
    dirs.push(dir);
    let store = await SqliteStore.open({ dataDir: dir });
    await store.set(RELAY_GROUP_KEY, { chatId: -1, isForum: false, setAt: "2026-01-01T00:00:00Z" });
    let groups = new RelayGroupSetting(store);
    expect((await groups.forShop("A")).map((g) => g.chatId)).toEqual([-1]);
    expect((await groups.forShop("B")).map((g) => g.chatId)).toEqual([-1]);

    await groups.set({ chatId: -2, isForum: true, shops: ["B", "B"] });
    expect(await store.get(RELAY_GROUP_KEY)).toBeUndefined();
    await store.close();
    store = await SqliteStore.open({ dataDir: dir });
    groups = new RelayGroupSetting(store);
    expect((await groups.forShop("A")).map((g) => g.chatId)).toEqual([-1]);
    expect((await groups.forShop("B")).map((g) => g.chatId)).toEqual([-1, -2]);
    expect((await groups.inChat(-2))?.shops).toEqual(["B"]);

    // A group upgraded to a supergroup keeps its shops.
    expect(await groups.move(-2, -3, { isForum: true, title: "Юг" })).toMatchObject({
      chatId: -3,
      shops: ["B"],
      title: "Юг",
    });
    expect(await groups.inChat(-2)).toBeUndefined();
    expect(await groups.clear(-1)).toBe(true);
    const sellersOfA = async () => [7];
    expect(await resolveRelayAudience({ groups, shopId: "A", listSellerIds: sellersOfA })).toEqual({
      kind: "people",
      chatIds: [7],
    });
    expect(
      (await resolveRelayAudience({ groups, shopId: "B", listSellerIds: sellersOfA })).kind,
    ).toBe("groups");
    await store.close();
  });
});
