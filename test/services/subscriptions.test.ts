import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Subscriber,
  SubscriptionService,
  wantsWarehouse,
} from "../../src/services/subscriptions.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import { SqliteStore } from "../../src/store/sqlite.ts";

const T0 = Date.parse("2026-06-15T09:00:00Z");

function service(now = () => T0) {
  const store = new MemoryStore();
  return { store, subscriptions: new SubscriptionService(store, { now }) };
}

describe("SubscriptionService", () => {
  it("subscribes a private chat and a group and lists them", async () => {
    const { subscriptions } = service();
    const person = await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    const group = await subscriptions.subscribe({
      chatId: -100123,
      kind: "group",
      subscribedBy: 7,
      warehouseIds: ["1020000089903000"],
    });
    expect(person).toEqual({
      created: true,
      subscriber: {
        chatId: 42,
        kind: "private",
        subscribedBy: 42,
        createdAt: "2026-06-15T09:00:00.000Z",
      },
    });
    expect(group.subscriber.warehouseIds).toEqual(["1020000089903000"]);
    const listed = await subscriptions.list();
    expect(listed.map((s) => s.chatId).sort()).toEqual([-100123, 42]);
    expect(await subscriptions.get(42)).toEqual(person.subscriber);
  });

  it("keeps the first subscription (and its createdAt) when a chat subscribes again", async () => {
    let now = T0;
    const { subscriptions } = service(() => now);
    await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    now += 60_000;
    const again = await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    expect(again.created).toBe(false);
    expect(again.subscriber.createdAt).toBe(new Date(T0).toISOString());
    expect(await subscriptions.list()).toHaveLength(1);
  });

  it("replaces the warehouse filter when a chat subscribes again with one", async () => {
    const { subscriptions } = service();
    await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    const again = await subscriptions.subscribe({
      chatId: 42,
      kind: "private",
      subscribedBy: 42,
      warehouseIds: ["5"],
    });
    expect(again).toMatchObject({ created: false, subscriber: { warehouseIds: ["5"] } });
  });

  it("unsubscribes", async () => {
    const { subscriptions } = service();
    await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    expect(await subscriptions.unsubscribe(42)).toBe(true);
    expect(await subscriptions.unsubscribe(42)).toBe(false);
    expect(await subscriptions.get(42)).toBeUndefined();
    expect(await subscriptions.list()).toEqual([]);
  });

  it("narrows to warehouses, dedupes them, and widens again with an empty list", async () => {
    const { subscriptions } = service();
    await subscriptions.subscribe({ chatId: 42, kind: "private", subscribedBy: 42 });
    const narrowed = await subscriptions.setWarehouses(42, ["1", " 2 ", "1", ""]);
    expect(narrowed?.warehouseIds).toEqual(["1", "2"]);
    expect((await subscriptions.get(42))?.warehouseIds).toEqual(["1", "2"]);
    const widened = await subscriptions.setWarehouses(42, []);
    expect(widened).not.toHaveProperty("warehouseIds");
    expect(widened?.createdAt).toBe(narrowed?.createdAt);
  });

  it("does not create a subscription when setting warehouses of an unknown chat", async () => {
    const { subscriptions } = service();
    expect(await subscriptions.setWarehouses(99, ["1"])).toBeUndefined();
    expect(await subscriptions.list()).toEqual([]);
  });

  it("refuses a chat id that is not an integer", async () => {
    const { subscriptions } = service();
    await expect(
      subscriptions.subscribe({ chatId: 1.5, kind: "private", subscribedBy: 1 }),
    ).rejects.toThrow(TypeError);
    await expect(subscriptions.unsubscribe(Number.NaN)).rejects.toThrow(TypeError);
  });

  it("keeps subscriptions in the store across a restart (SQLite file)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "subscriptions-"));
    try {
      const first = await SqliteStore.open({ dataDir: dir });
      await new SubscriptionService(first).subscribe({
        chatId: -100777,
        kind: "group",
        subscribedBy: 5,
        warehouseIds: ["3"],
      });
      await first.close();
      const second = await SqliteStore.open({ dataDir: dir });
      try {
        expect(await new SubscriptionService(second).list()).toMatchObject([
          { chatId: -100777, kind: "group", subscribedBy: 5, warehouseIds: ["3"] },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("wantsWarehouse", () => {
  const base: Subscriber = {
    chatId: 1,
    kind: "private",
    subscribedBy: 1,
    createdAt: new Date(T0).toISOString(),
  };

  it("takes every warehouse without a filter or with an empty one", () => {
    expect(wantsWarehouse(base, "7")).toBe(true);
    expect(wantsWarehouse(base, undefined)).toBe(true);
    expect(wantsWarehouse({ ...base, warehouseIds: [] }, "7")).toBe(true);
  });

  it("takes only the chosen warehouses with a filter", () => {
    const narrowed = { ...base, warehouseIds: ["7", "8"] };
    expect(wantsWarehouse(narrowed, "8")).toBe(true);
    expect(wantsWarehouse(narrowed, "9")).toBe(false);
    expect(wantsWarehouse(narrowed, undefined)).toBe(false);
  });
});
