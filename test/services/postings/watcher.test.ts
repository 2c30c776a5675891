import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.ts";
import { RecipientGoneError } from "../../../src/services/postings/notifier.ts";
import type { PostingWatcherOptions } from "../../../src/services/postings/watcher.ts";
import { createStoreLease } from "../../../src/store/lease.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { waitFor } from "../../support/wait.ts";
import {
  createWorld,
  GROUP_CHAT,
  OTHER_PRIVATE_CHAT,
  PRIVATE_CHAT,
  type World,
  type WorldOptions,
} from "./harness.ts";

const HOUR = 3_600_000;

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A world with two subscribers (a person and a group) whose first run is already behind it. */
async function subscribedWorld(
  options: WorldOptions = {},
  watcherOptions: Partial<PostingWatcherOptions> = {},
) {
  const w = await createWorld(options);
  world = w;
  await w.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
  await w.subscriptions.subscribe({ chatId: GROUP_CHAT, kind: "group", subscribedBy: 1 });
  const watcher = w.watcher(watcherOptions);
  const first = await watcher.runOnce();
  expect(first.firstRun).toBe(true);
  await w.clock.advance(1_000);
  return { w, watcher };
}

describe("PostingWatcher: first run", () => {
  it("records postings already waiting and gives each subscriber one summary, not N alerts", async () => {
    const w = await createWorld({ sandbox: { initialPostings: 4 } });
    world = w;
    await w.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    await w.subscriptions.subscribe({ chatId: GROUP_CHAT, kind: "group", subscribedBy: 1 });
    const watcher = w.watcher();

    const first = await watcher.runOnce();
    expect(first).toMatchObject({ firstRun: true, awaiting: 4, discovered: 4 });
    expect(w.notifier.delivered).toHaveLength(2);
    for (const chatId of [PRIVATE_CHAT, GROUP_CHAT]) {
      expect(w.notifier.to(chatId)).toEqual([
        { method: "summary", chatId, postings: [], count: 4 },
      ]);
    }

    await w.clock.advance(1_000);
    const second = await watcher.runOnce();
    expect(second).toMatchObject({ firstRun: false, awaiting: 4, discovered: 0 });
    expect(w.notifier.delivered).toHaveLength(2); // no repeated summary, no alerts for them
  });

  it("retries an undelivered summary on the next pass, once", async () => {
    const w = await createWorld({ sandbox: { initialPostings: 2 } });
    world = w;
    await w.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    w.notifier.next(PRIVATE_CHAT, () => {
      throw new Error("Telegram timed out");
    });
    const watcher = w.watcher();
    expect((await watcher.runOnce()).failed).toEqual([PRIVATE_CHAT]);
    expect(w.notifier.delivered).toHaveLength(0);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(w.notifier.to(PRIVATE_CHAT)).toEqual([
      { method: "summary", chatId: PRIVATE_CHAT, postings: [], count: 2 },
    ]);
  });

  it("sends no summary when nothing was waiting", async () => {
    const { w } = await subscribedWorld();
    expect(w.notifier.delivered).toHaveLength(0);
  });
});

describe("PostingWatcher: new postings", () => {
  it("tells every subscriber about a new posting exactly once", async () => {
    const { w, watcher } = await subscribedWorld();
    const number = w.addPosting();

    const pass = await watcher.runOnce();
    expect(pass).toMatchObject({ discovered: 1, announced: 2 });
    expect(w.notifier.to(PRIVATE_CHAT)).toEqual([
      { method: "alert", chatId: PRIVATE_CHAT, postings: [number] },
    ]);
    expect(w.notifier.to(GROUP_CHAT)).toEqual([
      { method: "alert", chatId: GROUP_CHAT, postings: [number] },
    ]);

    await w.clock.advance(30_000);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(w.notifier.delivered).toHaveLength(2);
  });

  it("reads every page of the list, one list call per page", async () => {
    const { w, watcher } = await subscribedWorld({ pageSize: 10 });
    const numbers = Array.from({ length: 25 }, () => w.addPosting());
    w.sandbox.resetCounters();

    const pass = await watcher.runOnce();
    expect(pass.awaiting).toBe(25);
    expect(w.listCalls()).toBe(3);
    expect(new Set(w.notifier.announcedTo(PRIVATE_CHAT))).toEqual(new Set(numbers));
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toHaveLength(25);
  });

  it("reads every page in the successor form (v4 cursor) once the spec form is retired", async () => {
    const { w, watcher } = await subscribedWorld({
      pageSize: 10,
      sandbox: { retireSpecMethods: 410 },
    });
    const numbers = Array.from({ length: 25 }, () => w.addPosting());
    w.sandbox.resetCounters();
    await watcher.runOnce();
    expect(w.sandbox.counters()["POST /v4/posting/fbs/unfulfilled/list"]).toBe(3);
    expect(new Set(w.notifier.announcedTo(GROUP_CHAT))).toEqual(new Set(numbers));
    expect(w.notifier.announcedTo(GROUP_CHAT)).toHaveLength(25);
  });

  it("does not announce postings seen before the chat subscribed", async () => {
    const { w, watcher } = await subscribedWorld();
    const old = w.addPosting();
    await watcher.runOnce();
    await w.clock.advance(1_000);
    await w.subscriptions.subscribe({
      chatId: OTHER_PRIVATE_CHAT,
      kind: "private",
      subscribedBy: 2,
    });
    await w.clock.advance(1_000);
    const fresh = w.addPosting();
    await watcher.runOnce();
    expect(w.notifier.announcedTo(OTHER_PRIVATE_CHAT)).toEqual([fresh]);
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([old, fresh]);
  });

  it("alerts a subscriber only about the warehouses it chose", async () => {
    const { w, watcher } = await subscribedWorld();
    const [first, second] = w.sandbox.control.warehouses();
    if (!first || !second) throw new Error("the sandbox needs two warehouses");
    await w.subscriptions.setWarehouses(PRIVATE_CHAT, [String(first.id)]);

    const inFirst = w.addPosting({ warehouseId: first.id });
    const inSecond = w.addPosting({ warehouseId: second.id });
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([inFirst]);
    expect(new Set(w.notifier.announcedTo(GROUP_CHAT))).toEqual(new Set([inFirst, inSecond]));
  });

  it("counts only the chosen warehouses in the first-run summary", async () => {
    const w = await createWorld();
    world = w;
    const [first, second] = w.sandbox.control.warehouses();
    if (!first || !second) throw new Error("the sandbox needs two warehouses");
    w.addPosting({ warehouseId: first.id });
    w.addPosting({ warehouseId: second.id });
    w.addPosting({ warehouseId: second.id });
    await w.subscriptions.subscribe({
      chatId: PRIVATE_CHAT,
      kind: "private",
      subscribedBy: 1,
      warehouseIds: [String(second.id)],
    });
    await w.watcher().runOnce();
    expect(w.notifier.to(PRIVATE_CHAT)).toEqual([
      { method: "summary", chatId: PRIVATE_CHAT, postings: [], count: 2 },
    ]);
  });
});

describe("PostingWatcher: failures", () => {
  it("retries a failed send next pass without holding up the other subscribers", async () => {
    const { w, watcher } = await subscribedWorld();
    const a = w.addPosting({ inProcessAt: Date.now() - 60_000 });
    const b = w.addPosting({ inProcessAt: Date.now() });
    w.notifier.next(PRIVATE_CHAT, () => {
      throw new Error("ETIMEDOUT");
    });

    const pass = await watcher.runOnce();
    expect(pass.failed).toEqual([PRIVATE_CHAT]);
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([]);
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([a, b]);

    await w.clock.advance(30_000);
    const retry = await watcher.runOnce();
    expect(retry.failed).toEqual([]);
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([a, b]);
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([a, b]);
  });

  it("keeps what was delivered before a failure in the middle", async () => {
    const { w, watcher } = await subscribedWorld();
    const numbers = [0, 1, 2].map((i) => w.addPosting({ inProcessAt: Date.now() + i * 1000 }));
    w.notifier.next(GROUP_CHAT, () => undefined);
    w.notifier.next(GROUP_CHAT, () => {
      throw new Error("502 Bad Gateway");
    });
    await watcher.runOnce();
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([numbers[0]]);
    await watcher.runOnce();
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual(numbers);
  });

  it("unsubscribes a chat that is gone and goes on with the others", async () => {
    const { w, watcher } = await subscribedWorld();
    const number = w.addPosting();
    w.notifier.next(PRIVATE_CHAT, () => {
      throw new RecipientGoneError(PRIVATE_CHAT, "Forbidden: bot was blocked by the user");
    });
    const pass = await watcher.runOnce();
    expect(pass.unsubscribed).toEqual([PRIVATE_CHAT]);
    expect((await w.subscriptions.list()).map((s) => s.chatId)).toEqual([GROUP_CHAT]);
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([number]);

    w.addPosting();
    await watcher.runOnce();
    expect(w.notifier.attempts.filter((c) => c.chatId === PRIVATE_CHAT)).toHaveLength(1);
  });

  it("does not announce a posting that left awaiting_packaging before it could be delivered", async () => {
    const { w, watcher } = await subscribedWorld();
    const number = w.addPosting();
    w.notifier.next(PRIVATE_CHAT, () => {
      throw new Error("network down");
    });
    await watcher.runOnce();
    w.sandbox.control.setPostingStatus(number, "cancelled");
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([]);
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([number]);
  });
});

describe("PostingWatcher: bursts", () => {
  it("sends digests instead of alerts when more than burstThreshold postings arrive", async () => {
    const { w, watcher } = await subscribedWorld({}, { burstThreshold: 5, digestSize: 3 });
    const numbers = Array.from({ length: 7 }, (_, i) =>
      w.addPosting({ inProcessAt: Date.now() + i * 1000 }),
    );
    await watcher.runOnce();
    for (const chatId of [PRIVATE_CHAT, GROUP_CHAT]) {
      const calls = w.notifier.to(chatId);
      expect(calls.map((c) => c.method)).toEqual(["digest", "digest", "digest"]);
      expect(calls.map((c) => c.postings.length)).toEqual([3, 3, 1]);
      expect(calls.map((c) => c.info)).toEqual(
        [1, 2, 3].map((part) => ({
          reason: "new",
          part,
          parts: 3,
          total: 7,
          chunkSize: 3,
        })),
      );
      expect(w.notifier.announcedTo(chatId)).toEqual(numbers);
    }
    await watcher.runOnce();
    expect(w.notifier.delivered).toHaveLength(6);
  });

  it("still alerts one by one at exactly burstThreshold postings", async () => {
    const { w, watcher } = await subscribedWorld();
    for (let i = 0; i < 5; i++) w.addPosting();
    await watcher.runOnce();
    expect(w.notifier.to(PRIVATE_CHAT).map((c) => c.method)).toEqual(Array(5).fill("alert"));
  });

  it("resumes a digest series after a failed part without repeating the parts delivered", async () => {
    const { w, watcher } = await subscribedWorld({}, { digestSize: 4 });
    const numbers = Array.from({ length: 12 }, (_, i) =>
      w.addPosting({ inProcessAt: Date.now() + i * 1000 }),
    );
    w.notifier.next(PRIVATE_CHAT, () => undefined);
    w.notifier.next(PRIVATE_CHAT, () => {
      throw new Error("429 Too Many Requests");
    });
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual(numbers.slice(0, 4));
    await watcher.runOnce();
    // 8 left is still a burst: two more digests, nothing repeated.
    expect(w.notifier.to(PRIVATE_CHAT).map((c) => c.postings.length)).toEqual([4, 4, 4]);
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual(numbers);
  });
});

describe("PostingWatcher: reminders", () => {
  it("reminds each subscriber once, reminderBeforeMs before the shipping deadline", async () => {
    const { w, watcher } = await subscribedWorld();
    const deadline = w.clock.now() + 3 * HOUR;
    const number = w.addPosting({ shipmentDate: deadline });
    await watcher.runOnce(); // the alert, 3 h before
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([]);

    await w.clock.advance(50 * 60_000); // 2 h 10 min before: not yet
    await watcher.runOnce();
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([]);

    await w.clock.advance(20 * 60_000); // 1 h 50 min before
    await watcher.runOnce();
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([number]);
    expect(w.notifier.remindedTo(GROUP_CHAT)).toEqual([number]);
    expect(w.notifier.to(PRIVATE_CHAT).at(-1)?.method).toBe("reminder");

    await w.clock.advance(30 * 60_000);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([number]);
    expect(w.notifier.remindedTo(GROUP_CHAT)).toEqual([number]);
  });

  it("sends no reminder for a posting that left awaiting_packaging", async () => {
    const { w, watcher } = await subscribedWorld();
    const shipped = w.addPosting({ shipmentDate: w.clock.now() + 3 * HOUR });
    const waiting = w.addPosting({ shipmentDate: w.clock.now() + 3 * HOUR });
    await watcher.runOnce();
    w.sandbox.control.setPostingStatus(shipped, "awaiting_deliver");
    await w.clock.advance(90 * 60_000);
    await watcher.runOnce();
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([waiting]);
    expect(w.notifier.remindedTo(GROUP_CHAT)).toEqual([waiting]);
  });

  it("does not remind about a posting whose alert came when the deadline was already near", async () => {
    const { w, watcher } = await subscribedWorld();
    const number = w.addPosting({ shipmentDate: w.clock.now() + HOUR });
    await watcher.runOnce();
    await w.clock.advance(10 * 60_000);
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([]);
  });

  it("reminds about postings that were already waiting on the first run", async () => {
    const w = await createWorld();
    world = w;
    const number = w.addPosting({ shipmentDate: w.clock.now() + 5 * HOUR });
    await w.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    const watcher = w.watcher();
    await watcher.runOnce();
    await w.clock.advance(4 * HOUR);
    await watcher.runOnce();
    expect(w.notifier.to(PRIVATE_CHAT).map((c) => c.method)).toEqual(["summary", "reminder"]);
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([number]);
  });

  it("retries a failed reminder and sends it once", async () => {
    const { w, watcher } = await subscribedWorld();
    const number = w.addPosting({ shipmentDate: w.clock.now() + 3 * HOUR });
    await watcher.runOnce();
    await w.clock.advance(HOUR + 5 * 60_000);
    w.notifier.next(GROUP_CHAT, () => {
      throw new Error("socket hang up");
    });
    await watcher.runOnce();
    expect(w.notifier.remindedTo(GROUP_CHAT)).toEqual([]);
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([number]);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(w.notifier.remindedTo(GROUP_CHAT)).toEqual([number]);
    expect(w.notifier.remindedTo(PRIVATE_CHAT)).toEqual([number]);
  });

  it("groups many reminders of one pass into digests", async () => {
    const { w, watcher } = await subscribedWorld();
    const deadline = w.clock.now() + 3 * HOUR; // Ozon gives many postings the same cut-off
    const numbers = Array.from({ length: 8 }, () => w.addPosting({ shipmentDate: deadline }));
    await watcher.runOnce();
    await w.clock.advance(HOUR + 1);
    await watcher.runOnce();
    const reminders = w.notifier.to(PRIVATE_CHAT).filter((c) => c.info?.reason === "reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.info).toMatchObject({ reason: "reminder", part: 1, parts: 1, total: 8 });
    expect(new Set(w.notifier.remindedTo(PRIVATE_CHAT))).toEqual(new Set(numbers));
  });
});

describe("PostingWatcher: records kept with a TTL", () => {
  const DAY = 24 * HOUR;

  async function ttlWorld() {
    const clock = new ManualClock(Date.now());
    // The store's expiry follows the test clock too.
    const store = new MemoryStore({ now: clock.now });
    const { w, watcher } = await subscribedWorld({ clock, store }, { markTtlMs: DAY });
    return { w, watcher, store };
  }

  it("never announces again a posting that waits longer than the TTL", async () => {
    const { w, watcher } = await ttlWorld();
    const number = w.addPosting({ shipmentDate: w.clock.now() + 10 * DAY });
    await watcher.runOnce();
    for (let hour = 0; hour < 3 * 24; hour += 5) {
      await w.clock.advance(5 * HOUR);
      await watcher.runOnce();
    }
    // A restarted process knows only what the store kept.
    await watcher.stop();
    await w.watcher().runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);
    expect(w.notifier.announcedTo(GROUP_CHAT)).toEqual([number]);
  });

  it("lets the records of a posting that left expire", async () => {
    const { w, watcher, store } = await ttlWorld();
    const number = w.addPosting();
    await watcher.runOnce();
    expect((await store.list(`postings:announced:${PRIVATE_CHAT}:`)).length).toBe(1);
    w.sandbox.control.setPostingStatus(number, "awaiting_deliver");
    await w.clock.advance(DAY + 1);
    await watcher.runOnce();
    const left = (await store.list("postings:")).map((e) => e.key);
    expect(left.filter((key) => key.includes(number))).toEqual([]);
  });
});

describe("PostingWatcher: one poller", () => {
  it("lets only the lease holder poll and send", async () => {
    const { w, watcher } = await subscribedWorld();
    const other = w.watcher();
    w.addPosting();
    const [mine, theirs] = await Promise.all([watcher.runOnce(), other.runOnce()]);
    expect(mine.skipped).toBeUndefined();
    expect(theirs.skipped).toBe("lease");
    expect(w.notifier.delivered).toHaveLength(2);
  });

  it("hands the lease over when its holder stops", async () => {
    const { w, watcher } = await subscribedWorld();
    const next = w.watcher();
    expect((await next.runOnce()).skipped).toBe("lease");
    await watcher.stop();
    const number = w.addPosting();
    expect((await next.runOnce()).skipped).toBeUndefined();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);
  });

  it("stops sending when the lease is lost in the middle of a pass", async () => {
    const w = await createWorld();
    world = w;
    let held = true;
    let refusals = 0;
    const inner = createStoreLease(w.store, { name: "postings", ttlMs: 60_000, holderId: "test" });
    const lease = {
      ttlMs: 30,
      acquire: async () => {
        if (held) return inner.acquire();
        refusals += 1;
        return false;
      },
      release: inner.release,
    };
    await w.subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    const watcher = w.watcher({ lease });
    await watcher.runOnce();
    await w.clock.advance(1_000);
    w.addPosting({ inProcessAt: Date.now() - 1000 });
    w.addPosting({ inProcessAt: Date.now() });
    // The first alert is accepted only after a lease renewal (every 10 ms) found it lost.
    w.notifier.next(PRIVATE_CHAT, async () => {
      held = false;
      await waitFor(() => refusals > 0, { message: "a lease renewal during the pass" });
    });
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toHaveLength(1);
    held = true;
    await watcher.runOnce();
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toHaveLength(2);
  });
});

describe("PostingWatcher: start and stop", () => {
  it("polls by itself after start() and stops cleanly", async () => {
    const { w, watcher: first } = await subscribedWorld();
    await first.stop();
    const watcher = w.watcher({ pollSeconds: 0.02, logger: createLogger({ level: "silent" }) });
    const number = w.addPosting();
    watcher.start();
    await waitFor(() => w.notifier.announcedTo(PRIVATE_CHAT).length > 0, {
      message: "the alert sent by the polling loop",
    });
    await watcher.stop();
    const passesBefore = w.listCalls();
    w.addPosting();
    // No pass after stop(): the wait runs out.
    await expect(waitFor(() => w.listCalls() > passesBefore, { timeoutMs: 200 })).rejects.toThrow(
      /not met within/,
    );
    expect(w.notifier.announcedTo(PRIVATE_CHAT)).toEqual([number]);
  });
});
