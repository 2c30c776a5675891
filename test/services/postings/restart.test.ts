/**
 * Nothing lost, nothing twice across a restart: the first process delivers a new posting to one
 * subscriber and goes away before the other's send was accepted; a new watcher on the same store
 * delivers it to the other one only. Run against the memory store (same object), the SQLite file
 * (closed and reopened) and Redis (a new connection, same prefix).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { PostingWatcher } from "../../../src/services/postings/watcher.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { createStoreLease } from "../../../src/store/lease.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { SqliteStore } from "../../../src/store/sqlite.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { waitFor } from "../../support/wait.ts";
import { GROUP_CHAT, PRIVATE_CHAT, RecordingNotifier } from "./harness.ts";

interface StoreKind {
  name: string;
  open(): Promise<Store>;
  /** The store a restarted process would open (the same data). */
  reopen(previous: Store): Promise<Store>;
  cleanup(): Promise<void>;
}

const memoryKind = (): StoreKind => ({
  name: "memory store",
  open: async () => new MemoryStore(),
  reopen: async (previous) => previous, // one process, a new watcher instance
  cleanup: async () => {},
});

function sqliteKind(): StoreKind {
  let dir: string | undefined;
  return {
    name: "SQLite file store",
    async open() {
      dir = await mkdtemp(join(tmpdir(), "postings-restart-"));
      return SqliteStore.open({ dataDir: dir });
    },
    async reopen(previous) {
      await previous.close();
      if (!dir) throw new Error("not opened");
      return SqliteStore.open({ dataDir: dir });
    },
    async cleanup() {
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function redisKind(url: string): StoreKind {
  const prefix = uniquePrefix("postings-restart");
  return {
    name: "Redis store",
    open: () => RedisStore.open({ url, prefix }),
    async reopen(previous) {
      await previous.close();
      return RedisStore.open({ url, prefix });
    },
    cleanup: async () => {
      await removeKeys(url, prefix);
    },
  };
}

let sandbox: Sandbox;
let seller: SellerClient;
beforeAll(async () => {
  sandbox = await startSandbox({ initialPostings: 2, historyPostings: 0 });
  seller = sandboxSeller(sandbox);
});
afterAll(async () => {
  await seller.close();
  await sandbox.close();
});

function restartSuite(makeKind: () => StoreKind) {
  let kind: StoreKind;
  const open: Store[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close().catch(() => undefined);
    await kind.cleanup();
  });

  /** One "process": its own subscriptions service, notifier and watcher over `store`. */
  function boot(
    store: Store,
    clock: ManualClock,
    lease = createStoreLease(store, { name: "postings", ttlMs: 60_000 }),
  ) {
    const notifier = new RecordingNotifier();
    const subscriptions = new SubscriptionService(store, { now: clock.now });
    const watcher = new PostingWatcher({
      seller,
      store,
      subscriptions,
      notifier,
      now: clock.now,
      lease,
    });
    return { notifier, subscriptions, watcher };
  }

  async function firstProcess(leaseTtlMs = 60_000) {
    kind = makeKind();
    const store = await kind.open();
    open.push(store);
    const clock = new ManualClock(Date.now());
    const one = boot(
      store,
      clock,
      createStoreLease(store, { name: "postings", ttlMs: leaseTtlMs }),
    );
    await one.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    await one.subscriptions.subscribe({ chatId: GROUP_CHAT, kind: "group", subscribedBy: 1 });
    expect((await one.watcher.runOnce()).firstRun).toBe(true);
    await clock.advance(1_000);
    const number = sandbox.control.addPosting().postingNumber;

    // The group's send is still waiting for Telegram when the process goes away.
    let dropGroupSend: (error: Error) => void = () => {};
    one.notifier.next(GROUP_CHAT, () => new Promise<void>((_, reject) => (dropGroupSend = reject)));
    const pass = one.watcher.runOnce();
    await waitFor(() => one.notifier.announcedTo(PRIVATE_CHAT).length === 1, {
      message: "the person's alert accepted",
    });
    return { store, clock, one, number, pass, dropGroupSend: (e: Error) => dropGroupSend(e) };
  }

  async function secondProcess(store: Store, clock: ManualClock) {
    const restarted = await kind.reopen(store);
    open.push(restarted);
    await clock.advance(30_000);
    const two = boot(restarted, clock);
    return { two, restarted };
  }

  it("delivers to the other subscriber after a graceful restart, and nothing twice", async () => {
    const { store, clock, one, number, pass, dropGroupSend } = await firstProcess();
    const stopped = one.watcher.stop();
    dropGroupSend(new Error("shutting down before Telegram answered"));
    await stopped;
    expect((await pass).failed).toEqual([GROUP_CHAT]);
    expect(one.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);
    expect(one.notifier.announcedTo(GROUP_CHAT)).toEqual([]);

    const { two } = await secondProcess(store, clock);
    const after = await two.watcher.runOnce();
    expect(after).toMatchObject({ firstRun: false, discovered: 0 });
    expect(two.notifier.announcedTo(GROUP_CHAT)).toEqual([number]);
    expect(two.notifier.announcedTo(PRIVATE_CHAT)).toEqual([]);
    expect(two.notifier.to(PRIVATE_CHAT)).toEqual([]); // no repeated summary either

    await two.watcher.runOnce();
    expect(two.notifier.delivered).toHaveLength(1);
    await two.watcher.stop();
  });

  it("takes over after a crash once the dead holder's lease runs out", async () => {
    const { store, clock, one, number, pass, dropGroupSend } = await firstProcess(300);
    // "Crash": the send dies with the process and nobody calls stop() or releases the lease.
    dropGroupSend(new Error("process killed"));
    await pass;
    expect(one.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);

    const { two } = await secondProcess(store, clock);
    // The store kept the dead process's lease: the new one polls in vain until it runs out.
    expect((await two.watcher.runOnce()).skipped).toBe("lease");
    expect(two.notifier.delivered).toEqual([]);
    await waitFor(async () => (await two.watcher.runOnce()).skipped === undefined, {
      timeoutMs: 5_000,
      message: "the dead process's lease to run out",
    });
    expect(two.notifier.announcedTo(GROUP_CHAT)).toEqual([number]);
    expect(two.notifier.announcedTo(PRIVATE_CHAT)).toEqual([]);
    await two.watcher.stop();
  });
}

describe("PostingWatcher restart: memory store", () => restartSuite(memoryKind));
describe("PostingWatcher restart: SQLite file store", () => restartSuite(sqliteKind));

const redis = await redisAvailability();
redis.describe("PostingWatcher restart: Redis store", () =>
  restartSuite(() => redisKind(redis.url)),
);
