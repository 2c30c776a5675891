// A restart in the middle of a burst: Telegram refuses message k, the process is replaced by a
// fresh relay on the same store, and the next pass delivers exactly the rest, in order, once.
// Run against the memory store, the SQLite file store (closed and reopened) and real Redis.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ChatRelay } from "../../../../src/services/chats/relay/chat-relay.ts";
import { MessageLinks } from "../../../../src/services/chats/relay/links.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { holderIdFor, THIS_PROCESS } from "../../../../src/store/lease.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import {
  bytesOf,
  openBuyerChats,
  RecordingNotifier,
  type SellerSandbox,
  sellerSandbox,
  TELEGRAM_GROUP,
} from "../support.ts";

interface StoreKind {
  open(): Promise<Store>;
  /** What a new process gets: the same data through a new connection (the old one is gone). */
  reopen(old: Store): Promise<Store>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function burstAcrossRestart(kind: StoreKind, failAt: number) {
  const env: SellerSandbox = await sellerSandbox({ initialChats: 3 });
  cleanups.push(() => env.close());
  let store = await kind.open();
  cleanups.push(() => store.close());

  // The process before the restart: this host and process id, an earlier start (a container
  // restarted by its policy is pid 1 again). The new one takes its lease over at once.
  const lease = { holderId: holderIdFor({ ...THIS_PROCESS, start: "earlier" }) };
  const before = new RecordingNotifier({ firstTelegramId: 100 });
  await new ChatRelay({
    chats: env.seller.chats,
    repositories: createRelayRepositories(store),
    notifier: before,
    lease,
  }).runOnce();

  const [a, b] = openBuyerChats(env.sandbox);
  if (!a || !b) throw new Error("sandbox has too few chats");
  const idsA: string[] = [];
  for (let i = 0; i < 8; i++) {
    if (i === 2) await env.seller.chats.sendMessage(a.id, "Секунду, проверяю");
    const content =
      i === 5
        ? { file: { name: `фото${i}.png`, data: bytesOf(700, i), form: "file" as const } }
        : { text: `Сообщение ${i}` };
    idsA.push(env.sandbox.control.buyerWrites(a.id, content).id);
  }
  const idsB = [1, 2, 3].map((i) => env.sandbox.control.buyerWrites(b.id, { text: `B${i}` }).id);

  before.failWhen = (message) => message.id === idsA[failAt];
  const crashed = await new ChatRelay({
    chats: env.seller.chats,
    repositories: createRelayRepositories(store),
    notifier: before,
    lease,
  }).runOnce();
  expect(crashed.failures).toEqual([
    expect.objectContaining({ ozonChatId: a.id, messageId: idsA[failAt] }),
  ]);
  expect(before.idsOf(a.id)).toEqual(idsA.slice(0, failAt));
  expect(before.idsOf(b.id)).toEqual(idsB);

  // The process dies; a new one starts on the same data.
  store = await kind.reopen(store);
  const after = new RecordingNotifier({ firstTelegramId: 500 });
  const relay = new ChatRelay({
    chats: env.seller.chats,
    repositories: createRelayRepositories(store),
    notifier: after,
  });
  const resumed = await relay.runOnce();
  expect(resumed).toMatchObject({ firstRun: false, failures: [], relayed: 8 - failAt });
  expect(after.idsOf(a.id)).toEqual(idsA.slice(failAt));
  expect(after.idsOf(b.id)).toEqual([]);
  expect([...before.idsOf(a.id), ...after.idsOf(a.id)]).toEqual(idsA);
  const photo = [...before.deliveries, ...after.deliveries].find((d) => d.message.id === idsA[5]);
  expect(photo?.attachments[0]?.bytes).toEqual(bytesOf(700, 5));

  // Links made before the restart still route replies.
  const links = new MessageLinks(store);
  const firstB = before.deliveries.find((d) => d.message.id === idsB[0])?.telegram[0];
  if (!firstB) throw new Error("B was not delivered");
  expect(await links.resolve(TELEGRAM_GROUP, firstB.messageId)).toEqual({
    ozonChatId: b.id,
    ozonMessageId: idsB[0],
  });

  expect(await relay.runOnce()).toMatchObject({ relayed: 0, historyCalls: 0 });
}

describe("restart in the middle of a burst", () => {
  const memory = (): StoreKind => {
    const shared = new MemoryStore();
    // A memory store cannot outlive a process; sharing the instance stands in for it.
    return { open: async () => shared, reopen: async (old) => old };
  };

  for (const failAt of [0, 3, 7]) {
    it(`memory store: Telegram refuses message ${failAt + 1} of 8`, async () => {
      await burstAcrossRestart(memory(), failAt);
    });
  }

  it("SQLite file store, closed and reopened", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "relay-restart-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await burstAcrossRestart(
      {
        open: () => SqliteStore.open({ dataDir }),
        reopen: async (old) => {
          await old.close();
          return SqliteStore.open({ dataDir });
        },
      },
      3,
    );
  });
});

const redis = await redisAvailability();
redis.describe("restart in the middle of a burst (Redis)", () => {
  const prefix = uniquePrefix("relay-restart");
  afterAll(() => removeKeys(redis.url, prefix));

  it("Redis store, a new connection after the restart", async () => {
    await burstAcrossRestart(
      {
        open: () => RedisStore.open({ url: redis.url, prefix }),
        reopen: async (old) => {
          await old.close();
          return RedisStore.open({ url: redis.url, prefix });
        },
      },
      3,
    );
  });
});
