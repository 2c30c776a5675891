import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OzonApiError, OzonNetworkError } from "../../../src/ozon/errors.ts";
import {
  type AuditInput,
  AuditTrail,
  audited,
  repairTrail,
  shipOnceKey,
} from "../../../src/services/audit/index.ts";
import { PackedByLedger } from "../../../src/services/postings/packed-by.ts";
import { scopedStore, shopKeyPrefix } from "../../../src/shops/scoped-store.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { SqliteStore } from "../../../src/store/sqlite.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";

const redis = await redisAvailability();

const anna = { id: 101, name: "Анна" };
const boris = { id: 202, name: "Boris" };
const admin = { admin: true };

const ship = (over: Partial<AuditInput> = {}): AuditInput => ({
  kind: "ship",
  actor: anna,
  shopId: "south",
  objectId: "12345678-0001-1",
  via: "dialog",
  result: { status: "done" },
  ...over,
});

function clocked(start = Date.UTC(2026, 10, 1)) {
  let now = start;
  return { now: () => now, tick: (ms = 1000) => (now += ms) };
}

describe("the audit trail", () => {
  it("keeps one record per action, newest first, with who, what, store and result", async () => {
    const clock = clocked();
    const trail = new AuditTrail({ store: new MemoryStore(), keepDays: 180, now: clock.now });
    await trail.record(ship());
    clock.tick();
    await trail.record({
      kind: "budget",
      actor: boris,
      shopId: "north",
      objectId: "9007199254740993",
      via: "daily",
      from: "500.00 ₽",
      to: "750.50 ₽",
      result: { status: "refused", words: "budget too small" },
    });
    const entries = await trail.latest({}, admin);
    expect(entries.map((e) => e.kind)).toEqual(["budget", "ship"]);
    expect(entries[0]).toMatchObject({
      actor: boris,
      shopId: "north",
      objectId: "9007199254740993",
      from: "500.00 ₽",
      to: "750.50 ₽",
      result: { status: "refused", words: "budget too small" },
      at: clock.now(),
    });
  });

  it("filters by object, person, store and kind, and combines them", async () => {
    const clock = clocked();
    const trail = new AuditTrail({ store: new MemoryStore(), keepDays: 180, now: clock.now });
    for (let i = 0; i < 30; i++) {
      clock.tick();
      await trail.record(
        ship({
          actor: i % 2 ? anna : boris,
          shopId: i % 3 ? "south" : "north",
          objectId: `P-${i}`,
          kind: i % 5 ? "ship" : "cancel",
        }),
      );
    }
    expect(await trail.latest({}, admin)).toHaveLength(20);
    const p7 = await trail.latest({ object: { type: "posting", id: "P-7" } }, admin);
    expect(p7.map((e) => e.objectId)).toEqual(["P-7"]);
    const annas = await trail.latest({ personId: anna.id }, admin, 100);
    expect(annas).toHaveLength(15);
    expect(annas.every((e) => e.actor.id === anna.id)).toBe(true);
    const cancelsNorth = await trail.latest({ kind: "cancel", shopId: "north" }, admin, 100);
    expect(cancelsNorth.map((e) => e.objectId)).toEqual(["P-15", "P-0"]);
  });

  it("shows a store-limited person only their stores, and never the rights kinds", async () => {
    const trail = new AuditTrail({ store: new MemoryStore(), keepDays: 180 });
    await trail.record(ship({ shopId: "south", objectId: "S-1" }));
    await trail.record(ship({ shopId: "north", objectId: "N-1" }));
    await trail.record({
      kind: "role",
      actor: anna,
      objectId: "202",
      via: "granted",
      to: "manager",
      result: { status: "done" },
    });
    const limited = await trail.latest({}, { admin: false, shops: ["south"] });
    expect(limited.map((e) => e.objectId)).toEqual(["S-1"]);
    const everyStore = await trail.latest({}, { admin: false });
    expect(everyStore.map((e) => e.kind)).toEqual(["ship", "ship"]);
    expect((await trail.latest({}, admin)).map((e) => e.kind)).toEqual(["role", "ship", "ship"]);
  });

  it("writes a once-key's record once, and keeps records AUDIT_DAYS", async () => {
    const clock = clocked();
    const store = new MemoryStore({ now: clock.now });
    const trail = new AuditTrail({ store, keepDays: 2, now: clock.now });
    expect(await trail.record(ship({ onceKey: "ship:south:P:1" }))).toBeDefined();
    expect(await trail.record(ship({ onceKey: "ship:south:P:1" }))).toBeUndefined();
    expect(await trail.latest({}, admin)).toHaveLength(1);
    clock.tick(2 * 24 * 3600 * 1000 + 1);
    expect(await trail.latest({}, admin)).toHaveLength(0);
    expect(await trail.latest({ personId: anna.id }, admin)).toHaveLength(0);
  });

  it("exports a period oldest first, and only what the viewer may see", async () => {
    const clock = clocked();
    const trail = new AuditTrail({ store: new MemoryStore(), keepDays: 180, now: clock.now });
    const times: number[] = [];
    for (let i = 0; i < 600; i++) {
      times.push(clock.tick(60_000));
      await trail.record(ship({ objectId: `P-${i}`, shopId: i % 2 ? "south" : "north" }));
    }
    const all = await trail.period(times[10] as number, times[559] as number, admin);
    expect(all).toHaveLength(550);
    expect(all[0]?.objectId).toBe("P-10");
    expect(all.at(-1)?.objectId).toBe("P-559");
    const south = await trail.period(0, clock.now(), { admin: false, shops: ["south"] });
    expect(south).toHaveLength(300);
  });

  it("records how an Ozon call ended: done, refused with Ozon's words, failed", async () => {
    const trail = new AuditTrail({ store: new MemoryStore(), keepDays: 180 });
    const input = { kind: "bid" as const, actor: anna, shopId: "south", objectId: "77" };
    expect(await audited(trail, input, async () => 42)).toBe(42);
    const refusal = new OzonApiError({
      service: "performance",
      method: "POST",
      path: "/bid",
      status: 400,
      message: "bid below the minimum",
    });
    await expect(
      audited(trail, input, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    const down = new OzonNetworkError({
      service: "performance",
      method: "POST",
      path: "/bid",
      timeout: false,
      reason: "reset",
    });
    await expect(
      audited(trail, input, async () => {
        throw down;
      }),
    ).rejects.toBe(down);
    const results = (await trail.latest({ kind: "bid" }, admin)).map((e) => e.result);
    expect(results).toEqual([
      { status: "failed", words: "network" },
      { status: "refused", words: "bid below the minimum" },
      { status: "done" },
    ]);
  });

  it("repairs at start a ship that Ozon confirmed but the trail missed, once", async () => {
    const store = new MemoryStore();
    const trail = new AuditTrail({ store, keepDays: 180 });
    const shopStore = scopedStore(store, shopKeyPrefix("south"));
    const ledger = new PackedByLedger(shopStore);
    const at = new Date().toISOString();
    // Killed right after Ozon answered: the packed-by note is there, the record is not.
    await ledger.record("111-1", { userId: anna.id, name: anna.name, at, parts: ["111-1"] });
    // This one was recorded by the action itself.
    const at2 = new Date(Date.now() - 1000).toISOString();
    await ledger.record("222-1", { userId: boris.id, name: boris.name, at: at2, parts: [] });
    await trail.record(
      ship({
        actor: boris,
        objectId: "222-1",
        onceKey: shipOnceKey("south", "222-1", at2),
        at: Date.parse(at2),
      }),
    );
    const shops = [{ id: "south", store: shopStore }];
    expect(await repairTrail(trail, shops)).toBe(1);
    expect(await repairTrail(trail, shops)).toBe(0);
    const entries = await trail.latest({ kind: "ship" }, admin);
    expect(entries.map((e) => [e.objectId, e.actor.id, e.via])).toEqual([
      ["111-1", anna.id, "repaired"],
      ["222-1", boris.id, "dialog"],
    ]);
  });
});

describe("the audit trail in the SQLite file", () => {
  it("pages the newest entries by index and exports a period, across a reopen", async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-trail-"));
    const clock = clocked();
    let store = await SqliteStore.open({ dataDir: dir });
    try {
      let trail = new AuditTrail({ store, keepDays: 180, now: clock.now });
      for (let i = 0; i < 150; i++) {
        clock.tick();
        await trail.record(ship({ objectId: `P-${i}`, shopId: i % 2 ? "south" : "north" }));
      }
      await store.close();
      store = await SqliteStore.open({ dataDir: dir });
      trail = new AuditTrail({ store, keepDays: 180, now: clock.now });
      const north = await trail.latest({ shopId: "north" }, admin, 3);
      expect(north.map((e) => e.objectId)).toEqual(["P-148", "P-146", "P-144"]);
      const limited = await trail.latest({}, { admin: false, shops: ["south"] }, 2);
      expect(limited.map((e) => e.objectId)).toEqual(["P-149", "P-147"]);
      expect(await trail.period(0, clock.now(), admin)).toHaveLength(150);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

redis.describe("the audit trail on real Redis, two processes", () => {
  const prefix = uniquePrefix("audit-trail");
  afterAll(() => removeKeys(redis.url, prefix));

  it("both see every record; a once-key is recorded by exactly one of them", async () => {
    const [a, b] = await Promise.all([
      RedisStore.open({ url: redis.url, prefix }),
      RedisStore.open({ url: redis.url, prefix }),
    ]);
    try {
      const one = new AuditTrail({ store: a, keepDays: 180 });
      const two = new AuditTrail({ store: b, keepDays: 180 });
      const written = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? one : two).record(ship({ onceKey: "ship:south:X:1", objectId: "X" })),
        ),
      );
      expect(written.filter(Boolean)).toHaveLength(1);
      await one.record(ship({ objectId: "Y", actor: boris }));
      await two.record(ship({ objectId: "Z", shopId: "north" }));
      const seen = await two.latest({}, admin, 50);
      expect(seen.map((e) => e.objectId).sort()).toEqual(["X", "Y", "Z"]);
      expect((await one.latest({ personId: boris.id }, admin)).map((e) => e.objectId)).toEqual([
        "Y",
      ]);
      expect((await one.latest({ shopId: "north" }, admin)).map((e) => e.objectId)).toEqual(["Z"]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
