/**
 * The watcher works page by page: each batch of listed postings is recorded (and what the
 * subscribers are owed gathered) before the next is read, so a pass never holds every posting.
 */
import { describe, expect, it } from "vitest";
import type { Posting } from "../../../src/ozon/seller/types.ts";
import {
  type AwaitingPackagingSource,
  PostingWatcher,
} from "../../../src/services/postings/watcher.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { PRIVATE_CHAT, RecordingNotifier } from "./harness.ts";

const HOUR = 3_600_000;

function posting(n: number, shipmentDate: string): Posting {
  return {
    postingNumber: `1000-${n}-1`,
    orderId: undefined,
    orderNumber: `1000-${n}`,
    status: "awaiting_packaging",
    substatus: undefined,
    shipmentDate,
    inProcessAt: undefined,
    deliveryMethod: undefined,
    products: [],
  };
}

/** `count` postings; before each posting that starts a page of 1 000, `beforePage(index)` runs. */
function source(
  count: number,
  shipmentDate: (n: number) => string,
  beforePage: (index: number) => Promise<void>,
): AwaitingPackagingSource {
  return {
    postings: {
      async *listAwaitingPackaging() {
        for (let n = 0; n < count; n++) {
          if (n > 0 && n % 1000 === 0) await beforePage(n);
          yield posting(n, shipmentDate(n));
        }
      },
    },
  };
}

describe("PostingWatcher: page by page", () => {
  it("records each page of postings before it reads the next", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(Date.now());
    const recordedBefore: Array<[number, boolean]> = [];
    const seller = source(
      2500,
      () => new Date(clock.now() + 48 * HOUR).toISOString(),
      async (index) => {
        const previous = `postings:known:1000-${index - 1}-1`;
        recordedBefore.push([index, (await store.get(previous)) !== undefined]);
      },
    );
    const watcher = new PostingWatcher({
      seller,
      store,
      subscriptions: new SubscriptionService(store, { now: clock.now }),
      notifier: new RecordingNotifier(),
      now: clock.now,
      lease: false,
    });
    const report = await watcher.runOnce();
    expect(report).toMatchObject({ firstRun: true, awaiting: 2500, discovered: 2500 });
    expect(recordedBefore).toEqual([
      [1000, true],
      [2000, true],
    ]);
    await store.close();
  });

  it("owes across pages what it owed in one: summary, then new postings and reminders", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(Date.now());
    const subscriptions = new SubscriptionService(store, { now: clock.now });
    await subscriptions.subscribe({ chatId: PRIVATE_CHAT, kind: "private", subscribedBy: 1 });
    let count = 1500;
    // Every 500th posting is due within the hour: a reminder (digest) on every pass.
    const deadline = (n: number) =>
      new Date(clock.now() + (n % 500 === 0 ? 0.5 : 48) * HOUR).toISOString();
    const seller: AwaitingPackagingSource = {
      postings: {
        listAwaitingPackaging: () =>
          source(count, deadline, async () => {}).postings.listAwaitingPackaging(),
      },
    };
    const notifier = new RecordingNotifier();
    const watcher = new PostingWatcher({
      seller,
      store,
      subscriptions,
      notifier,
      now: clock.now,
      lease: false,
    });
    await watcher.runOnce();
    expect(notifier.to(PRIVATE_CHAT)[0]).toMatchObject({ method: "summary", count: 1500 });
    expect(notifier.remindedTo(PRIVATE_CHAT)).toEqual(["1000-0-1", "1000-1000-1", "1000-500-1"]);

    await clock.advance(1_000);
    count = 2600;
    const second = await watcher.runOnce();
    expect(second).toMatchObject({ awaiting: 2600, discovered: 1100, announced: 1100 });
    const fresh = notifier.announcedTo(PRIVATE_CHAT);
    expect(fresh).toHaveLength(1100);
    expect(new Set(fresh).size).toBe(1100);
    // The new ones near their deadline were announced with it in view: no reminder as well.
    expect(second.reminded).toBe(0);
    await store.close();
  });
});
