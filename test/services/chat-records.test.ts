/**
 * Every record that names a chat follows a group that became a supergroup (issue 37, item 4).
 * - The key scan: every template literal in src that builds a key with a chat id is a kind of
 *   src/services/chat-records.ts (moved, or left with a reason), so a new kind cannot be added
 *   without deciding what a move does with it.
 * - On real Redis: each moved kind seeded through its own code, the chat moved by ChatMoves, and
 *   no key or value of a moved kind names the old id afterwards.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ScheduleRepository } from "../../src/services/ads/schedules/schedules.ts";
import { AlertPauses } from "../../src/services/alert-pauses.ts";
import { ChatMoves } from "../../src/services/chat-moves.ts";
import { CHAT_RECORDS, CHAT_VALUES } from "../../src/services/chat-records.ts";
import { RelayGroupSetting } from "../../src/services/chats/relay/audience.ts";
import { RelayTopics } from "../../src/services/chats/relay/topics.ts";
import { CardBook } from "../../src/services/postings/cards.ts";
import { DeliveryLedger } from "../../src/services/postings/ledger.ts";
import { ReturnsSubscribers } from "../../src/services/returns/subscribers.ts";
import { SalesSubscribers } from "../../src/services/sales/subscribers.ts";
import { StockAlertChoice } from "../../src/services/stock/settings.ts";
import { SubscriptionService } from "../../src/services/subscriptions.ts";
import { scopedStore, shopKeyPrefix } from "../../src/shops/scoped-store.ts";
import { RedisStore } from "../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";

const ROOT = join(import.meta.dirname, "../..");

/**
 * Templates with a chat id whose start is not a key prefix: what they are. A new one fails the
 * scan until it is named here (with the kinds of CHAT_RECORDS it builds, or why it is no key).
 */
const NOT_A_PREFIX: Record<string, string> = {
  "src/services/postings/ledger.ts `${kind}:${chatId}:${postingNumber}`": "announced: / reminded:",
  "src/services/postings/ledger.ts `${kind}:${fromChatId}:`": "announced: / reminded: (the move)",
  "src/services/postings/ledger.ts `:${fromChatId}`": "summary: (the move)",
  "src/services/postings/ledger.ts `${key.slice(0, at)}:${toChatId}${key.slice(at + from.length)}`":
    "announced: / reminded: (the move)",
  "src/bot/postings/pack-label.ts `${message.chat.id}:${message.message_id}`": "label-press:",
  "src/bot/core/sender/redis-send-budget.ts `${target.kind}:${target.chatId}`":
    "a pace bucket of seconds in Redis, not in the store",
  "src/services/deliveries/card-book.ts `${prefix(postingNumber)}${card.chatId}:${card.messageId}`":
    "delivery-card:",
  "src/services/chats/inbox/inbox.ts `${c.chatId}:${c.messageId}`": "no key: a set of message refs",
  "src/services/chats/relay/chat-relay.ts `${ref.chatId}:${ref.messageId}`":
    "no key: a map of refs",
  "src/bot/deliveries/cards.ts `${card.chatId}:${card.messageId}`": "no key: a map of cards",
  "src/bot/core/sender/memory-send-budget.ts `${target.kind}:${target.chatId}`":
    "no key: an in-memory bucket",
  "src/bot/core/sender/sender.ts `${target.kind}:${target.chatId}`": "no key: a queue's name",
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Each template literal of src with an interpolated chat id: its file, text and key prefix. */
function chatTemplates(): Array<{ where: string; prefix: string | undefined }> {
  const found: Array<{ where: string; prefix: string | undefined }> = [];
  for (const path of sources(join(ROOT, "src"))) {
    const file = relative(ROOT, path);
    // The sandbox is Ozon, whose chats are Ozon's.
    if (file.startsWith("src/sandbox/")) continue;
    const source = readFileSync(path, "utf8");
    const constants = new Map(
      [...source.matchAll(/const\s+([A-Z_]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    for (const [, body = ""] of source.matchAll(/`([^`]*)`/g)) {
      const parts = [...body.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] ?? "");
      if (!parts.some((part) => /chat/i.test(part) && !/ozon/i.test(part))) continue;
      // Messages and log lines are no keys.
      if (/\s/.test(body.replace(/\$\{[^}]*\}/g, ""))) continue;
      let prefix = body.slice(0, body.indexOf("${"));
      const lead = /^\$\{([A-Z_]+)\}/.exec(body);
      if (prefix === "" && lead?.[1] && constants.has(lead[1]))
        prefix = constants.get(lead[1]) ?? "";
      const keyLike = /^[a-z][a-z0-9-]*:([a-z0-9-]+:)*$/.test(prefix);
      found.push({ where: `${file} \`${body}\``, prefix: keyLike ? prefix : undefined });
    }
  }
  return found;
}

describe("records that name a chat", () => {
  it("every store key built with a chat id is a kind the move decides on", () => {
    const templates = chatTemplates();
    // The scan finds what it must (a sanity check of the scan itself).
    expect(templates.map((t) => t.prefix)).toEqual(
      expect.arrayContaining(["subscriber:", "returns-subscriber:", "stock:alerts:", "card:"]),
    );
    const kinds = Object.keys(CHAT_RECORDS);
    const unknown = templates
      .filter((t) =>
        t.prefix === undefined ? !(t.where in NOT_A_PREFIX) : !kinds.includes(t.prefix),
      )
      .map((t) => t.where);
    expect(
      unknown,
      "add these to CHAT_RECORDS (src/services/chat-records.ts) or NOT_A_PREFIX",
    ).toEqual([]);
  });
});

const redis = await redisAvailability();
const OLD = -4701;
const NEW = -1004701;
const OTHER = -4702;
const NOW = Date.parse("2026-06-15T09:00:00Z");
const SHOPS = ["111", "222"];
const POSTINGS = ["1000-1-1", "1000-2-1"];

/** Whether a key (without the shop's part and the postings prefix) is of this kind and names `chatId`. */
function namesChat(key: string, chatId: number): boolean {
  return key.split(":").includes(String(chatId));
}
const kindOf = (key: string) => key.replace(/^shop:[^:]+:/, "").replace(/^postings:/, "");

redis.describe("a move on Redis leaves nothing of a moved kind at the old id", () => {
  const prefix = uniquePrefix("chat-records");
  afterAll(() => removeKeys(redis.url, prefix));

  it("seeds every moved kind through its code, moves the chat, finds none of them at the old id", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    try {
      for (const chatId of [OLD, OTHER]) {
        const subscriptions = new SubscriptionService(store, { now: () => NOW });
        await subscriptions.subscribe({ chatId, kind: "group", subscribedBy: 7 });
        await new StockAlertChoice(store).set(chatId, true);
        await new ReturnsSubscribers(store).on(chatId, 7);
        await new SalesSubscribers(store).toggle(chatId, 7, "111");
        await new AlertPauses(store).pause(chatId, "no_rights");
        for (const shopId of SHOPS) {
          const shopStore = scopedStore(store, shopKeyPrefix(shopId));
          const ledger = new DeliveryLedger(shopStore, { prefix: "postings:", ttlMs: 86_400_000 });
          await ledger.mark("announced", chatId, POSTINGS, NOW);
          await ledger.mark("reminded", chatId, POSTINGS, NOW);
          await ledger.initialize([chatId], NOW);
          const cards = new CardBook(shopStore, { prefix: "postings:" });
          await cards.record(
            POSTINGS[0] ?? "",
            { chatId, kind: "group" },
            { messageId: 5 },
            undefined,
            NOW,
          );
          await new RelayTopics(shopStore, { index: store, shopId }).set(
            chatId,
            "chat-1",
            12,
            "Buyer",
          );
        }
        await new ScheduleRepository(store, { maxPerPerson: 10 }).add({
          owner: 7,
          chatId,
          locale: "ru",
          shop: "111",
          campaigns: [{ id: "1" }],
          period: "yesterday",
          groupBy: "DATE",
          format: "csv",
          rule: { every: "day", time: "09:00" },
        });
      }
      await new RelayGroupSetting(store).set({ chatId: OLD, isForum: false, shops: ["111"] });

      const moved = Object.entries(CHAT_RECORDS).filter(([, fate]) => "moved" in fate);
      const before = (await store.list("")).map((e) => e.key);
      for (const [kind] of moved) {
        const seeded = before.some((key) => kindOf(key).startsWith(kind) && namesChat(key, OLD));
        expect(seeded, `the test seeds no "${kind}" record: seed it through its code`).toBe(true);
      }

      const report = await new ChatMoves({
        store,
        shopStores: () => SHOPS.map((id) => scopedStore(store, shopKeyPrefix(id))),
      }).move(OLD, NEW, async () => ({ isForum: false, title: "Team" }));

      const after = await store.list("");
      const left = Object.keys(CHAT_RECORDS).filter(
        (kind) => "left" in CHAT_RECORDS[kind as keyof typeof CHAT_RECORDS],
      );
      const stale = after
        .filter(
          (e) => namesChat(e.key, OLD) && !left.some((kind) => kindOf(e.key).startsWith(kind)),
        )
        .map((e) => e.key);
      expect(stale).toEqual([]);
      const valueKinds = Object.keys(CHAT_VALUES);
      const namedInValue = after
        .filter((e) => valueKinds.some((kind) => kindOf(e.key).startsWith(kind)))
        .filter((e) => JSON.stringify(e.value).includes(String(OLD)))
        .map((e) => e.key);
      expect(namedInValue).toEqual([]);
      for (const [kind, fate] of [...moved, ...Object.entries(CHAT_VALUES)]) {
        const field = (fate as { moved: keyof typeof report }).moved;
        expect(report[field], `${kind}: report.${field}`).toBeTruthy();
      }
      // The other chat's records stay where they are.
      expect(await new ReturnsSubscribers(store).has(OTHER)).toBe(true);
      expect(await new ReturnsSubscribers(store).has(NEW)).toBe(true);
      expect(await new SalesSubscribers(store).wants(NEW, "111")).toBe(true);
      expect(await new AlertPauses(store).isPaused(NEW)).toBe(true);
      expect(await new StockAlertChoice(store).wants(NEW)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
