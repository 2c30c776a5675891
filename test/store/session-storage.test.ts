import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Conversation,
  type ConversationFlavor,
  conversations,
  createConversation,
} from "@grammyjs/conversations";
import { Bot, type Context, type SessionFlavor, session } from "grammy";
import type { Update } from "grammy/types";
import { afterAll, describe, expect, it } from "vitest";
import { conversationStorage, storeAdapter } from "../../src/bot/core/session-storage.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { SqliteStore } from "../../src/store/sqlite.ts";
import { botInfoFor } from "../support/bot-info.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { command, person, text } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const redis = await redisAvailability();

const root = mkdtempSync(join(tmpdir(), "ozon-session-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BOT_INFO = botInfoFor(42, "store_test_bot", "Store test bot");
const TOKEN = "42:test-token-not-used-because-no-api-call-is-made";

/** A private message from the buyer whose chat is `chatId`; "/name" is sent as that command. */
function message(chatId: number, body: string): Update {
  const from = person(chatId, { first_name: "Buyer" });
  return body.startsWith("/") ? command(body.slice(1), { from }) : text(body, { from });
}

describe("storeAdapter", () => {
  it("reads, writes and deletes under its prefix", async () => {
    const store = new MemoryStore();
    const adapter = storeAdapter<{ n: number }>(store, { prefix: "s:" });
    expect(await adapter.read("7")).toBeUndefined();
    await adapter.write("7", { n: 1 });
    expect(await store.get("s:7")).toEqual({ n: 1 });
    expect(await adapter.read("7")).toEqual({ n: 1 });
    await adapter.delete("7");
    expect(await store.get("s:7")).toBeUndefined();
    await store.close();
  });

  it("uses session: by default and forgets entries after the TTL", async () => {
    const store = new MemoryStore();
    const adapter = storeAdapter<string>(store, { ttlMs: 40 });
    await adapter.write("9", "x");
    expect(await store.get("session:9")).toBe("x");
    await waitFor(async () => !(await adapter.read("9")), {
      message: "the session entry to expire",
    });
    await store.close();
  });
});

type SessionContext = Context & SessionFlavor<{ seen: number }>;

function counterBot(store: Store) {
  const bot = new Bot<SessionContext>(TOKEN, { botInfo: BOT_INFO });
  bot.use(session({ initial: () => ({ seen: 0 }), storage: storeAdapter(store) }));
  bot.on("message", (ctx) => {
    ctx.session.seen++;
  });
  return bot;
}

describe("grammY sessions over the store", () => {
  it("keep their data per chat across a restart with the file store", async () => {
    const dataDir = join(root, "sessions");
    const first = await SqliteStore.open({ dataDir });
    const bot = counterBot(first);
    await bot.handleUpdate(message(1, "a"));
    await bot.handleUpdate(message(1, "b"));
    await bot.handleUpdate(message(2, "c"));
    await first.close();

    const second = await SqliteStore.open({ dataDir });
    const restarted = counterBot(second);
    await restarted.handleUpdate(message(1, "d"));
    expect(await second.get("session:1")).toEqual({ seen: 3 });
    expect(await second.get("session:2")).toEqual({ seen: 1 });
    await second.close();
  });
});

type OuterContext = ConversationFlavor<Context>;

/** A two-question dialog that saves the answers; it makes no Bot API call, so needs no server. */
function dialogBot(store: Store, version?: number) {
  const bot = new Bot<OuterContext>(TOKEN, { botInfo: BOT_INFO });
  bot.use(conversations({ storage: conversationStorage<OuterContext>(store, { version }) }));
  async function survey(conversation: Conversation<OuterContext, Context>) {
    const name = await conversation.waitFor("message:text");
    const city = await conversation.waitFor("message:text");
    await conversation.external(() =>
      store.set("survey:result", [name.message.text, city.message.text]),
    );
  }
  bot.use(createConversation(survey, "survey"));
  bot.command("start", (ctx) => ctx.conversation.enter("survey"));
  return bot;
}

describe("conversation storage over the store", () => {
  it("continues a conversation at its step after a restart with the file store", async () => {
    const dataDir = join(root, "conversations");
    const first = await SqliteStore.open({ dataDir });
    const bot = dialogBot(first);
    await bot.handleUpdate(message(5, "/start"));
    await bot.handleUpdate(message(5, "Anna"));
    expect(await first.list("conversation:")).toHaveLength(1);
    await first.close();

    const second = await SqliteStore.open({ dataDir });
    await dialogBot(second).handleUpdate(message(5, "Kazan"));
    expect(await second.get("survey:result")).toEqual(["Anna", "Kazan"]);
    // A finished conversation leaves no state behind.
    expect(await second.list("conversation:")).toEqual([]);
    await second.close();
  });

  it("drops state saved under another version", async () => {
    const store = new MemoryStore();
    await dialogBot(store, 1).handleUpdate(message(6, "/start"));
    await dialogBot(store, 1).handleUpdate(message(6, "Boris"));
    // New code, new version: the half-done dialog is not resumed.
    await dialogBot(store, 2).handleUpdate(message(6, "Omsk"));
    expect(await store.get("survey:result")).toBeUndefined();
    await store.close();
  });
});

redis.describe("conversation storage over Redis", () => {
  it("continues a conversation at its step with a new connection (a restart)", async () => {
    const prefix = uniquePrefix("conversation");
    try {
      const first = await RedisStore.open({ url: redis.url, prefix });
      await dialogBot(first).handleUpdate(message(7, "/start"));
      await dialogBot(first).handleUpdate(message(7, "Vera"));
      await first.close();

      const second = await RedisStore.open({ url: redis.url, prefix });
      await dialogBot(second).handleUpdate(message(7, "Perm"));
      expect(await second.get("survey:result")).toEqual(["Vera", "Perm"]);
      await second.close();
    } finally {
      await removeKeys(redis.url, prefix);
    }
  });
});
