import { describe, expect, it } from "vitest";
import { crossings, type StockLevel } from "../../../src/services/stock/crossings.ts";
import {
  STOCK_STATE_KEY,
  type StockAlert,
  type StockNotifier,
  StockWatcher,
  type WatchState,
} from "../../../src/services/stock/watcher.ts";
import { MemoryStore } from "../../../src/store/memory.ts";

const level = (sku: string, free: number, warehouseId = "1"): StockLevel => ({
  sku,
  offerId: `OFF-${sku}`,
  warehouseId,
  free,
});

describe("stock crossings", () => {
  it("tells a fall below the threshold once, and zero once, until the stock rises above it", () => {
    let marks = {};
    const step = (free: number) => {
      const found = crossings(marks, [level("7", free)], 3);
      marks = found.marks;
      return found.crossings.map((c) => c.mark);
    };
    expect(step(10)).toEqual([]);
    expect(step(2)).toEqual(["low"]);
    expect(step(1)).toEqual([]);
    expect(step(0)).toEqual(["zero"]);
    expect(step(2)).toEqual([]); // back below: still marked
    expect(step(3)).toEqual([]); // at the threshold, not above it
    expect(step(2)).toEqual([]);
    expect(step(4)).toEqual([]); // above: the mark goes
    expect(step(0)).toEqual(["zero"]);
  });

  it("keeps products and warehouses apart, and forgets what is no longer read", () => {
    const first = crossings({}, [level("1", 0, "a"), level("1", 9, "b"), level("2", 1, "a")], 3);
    expect(first.crossings.map((c) => `${c.level.sku}@${c.level.warehouseId}:${c.mark}`)).toEqual([
      "1@a:zero",
      "2@a:low",
    ]);
    const later = crossings(first.marks, [level("1", 0, "a")], 3);
    expect(later.crossings).toEqual([]);
    expect(later.marks).toEqual({ "1@a": "zero" });
  });
});

class Recorder implements StockNotifier {
  sent: Array<{ chatId: number; alert: StockAlert }> = [];
  chats = [1, 2];
  failFor = new Set<number>();
  async audience(): Promise<number[]> {
    return this.chats;
  }
  async send(chatId: number, alert: StockAlert) {
    if (this.failFor.has(chatId)) throw new Error("Telegram is down");
    this.sent.push({ chatId, alert });
    return "sent" as const;
  }
}

describe("stock watcher", () => {
  const make = (store: MemoryStore, levels: () => StockLevel[], notifier: Recorder) =>
    new StockWatcher({
      shopId: "shop",
      source: async () => levels(),
      store,
      notifier,
      threshold: async () => 3,
      pollMinutes: 10,
      lease: false,
    });

  it("takes the marks silently at first, then alerts each crossing once, across a restart", async () => {
    const store = new MemoryStore();
    let stock = [level("1", 0), level("2", 5)];
    const notifier = new Recorder();
    const first = make(store, () => stock, notifier);
    expect(await first.runOnce()).toMatchObject({ firstRun: true, crossings: 0, sent: 0 });
    stock = [level("1", 0), level("2", 1)];
    expect(await first.runOnce()).toMatchObject({ crossings: 1, sent: 2 });
    expect(notifier.sent.map((s) => [s.chatId, s.alert.level.sku, s.alert.mark])).toEqual([
      [1, "2", "low"],
      [2, "2", "low"],
    ]);
    await first.stop();

    const again = make(store, () => stock, notifier);
    expect(await again.runOnce()).toMatchObject({ crossings: 0, sent: 0 });
    stock = [level("1", 0), level("2", 0)];
    expect(await again.runOnce()).toMatchObject({ crossings: 1, sent: 2 });
    expect(notifier.sent).toHaveLength(4);
    await again.stop();
    await store.close();
  });

  it("keeps an alert a chat could not get, and sends it to that chat only, next pass", async () => {
    const store = new MemoryStore();
    let stock = [level("1", 9)];
    const notifier = new Recorder();
    const watcher = make(store, () => stock, notifier);
    await watcher.runOnce();
    notifier.failFor.add(2);
    stock = [level("1", 0)];
    expect(await watcher.runOnce()).toMatchObject({ crossings: 1, sent: 1 });
    const state = await store.get<WatchState>(STOCK_STATE_KEY);
    expect(state?.outbox).toHaveLength(1);
    expect(state?.outbox[0]?.done).toEqual([1]);

    notifier.failFor.clear();
    expect(await watcher.runOnce()).toMatchObject({ crossings: 0, sent: 1 });
    expect(notifier.sent.map((s) => s.chatId)).toEqual([1, 2]);
    expect((await store.get<WatchState>(STOCK_STATE_KEY))?.outbox).toEqual([]);
    await watcher.stop();
    await store.close();
  });
});

describe("stock alert choice", () => {
  it("follows a group that became a supergroup (chat moves)", async () => {
    const { ChatMoves } = await import("../../../src/services/chat-moves.ts");
    const { StockAlertChoice } = await import("../../../src/services/stock/settings.ts");
    const store = new MemoryStore();
    const choice = new StockAlertChoice(store);
    await choice.set(-100, true);
    await new ChatMoves({ store, shopStores: () => [] }).move(-100, -1001);
    expect([...(await choice.chats())]).toEqual([-1001]);
    expect(await choice.wants(-100)).toBe(false);
    await store.close();
  });
});
