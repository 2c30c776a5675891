/** The shop registry on a real store: who keeps the old records, refs, saved keys at rest, changes. */
import { describe, expect, it } from "vitest";
import type { ShopEntry } from "../../src/shops/entry.ts";
import { type ShopChange, ShopError, ShopRegistry } from "../../src/shops/registry.ts";
import { SecretBox } from "../../src/shops/secrets.ts";
import { MemoryStore } from "../../src/store/memory.ts";

const secrets = SecretBox.fromKey(Buffer.alloc(32, 3));
const north: ShopEntry = {
  id: "111",
  name: "Северный",
  seller: { clientId: "111", apiKey: "north-api-key-secret" },
};
const south: ShopEntry = {
  id: "222",
  name: "Южный",
  seller: { clientId: "222", apiKey: "south-api-key-secret" },
  performance: { clientId: "perf-222", clientSecret: "south-perf-secret" },
};

function open(store: MemoryStore, fromEnv: ShopEntry[], built: ShopEntry[] = []) {
  return ShopRegistry.open({
    store,
    fromEnv,
    secrets,
    clients: (entry) => {
      built.push(entry);
      return {};
    },
  });
}

describe("ShopRegistry", () => {
  it("lets the first shop of the first start keep the records a single-shop version wrote", async () => {
    const store = new MemoryStore();
    await store.set("relay:cursor:chat-1", 17); // written by the single-shop version
    const first = await open(store, [north]);
    expect(await first.get("111")?.store.get("relay:cursor:chat-1")).toBe(17);

    // Later a second shop joins, ahead of it in the list: the old records stay with the first.
    const second = await open(store, [south, north]);
    expect(await second.get("111")?.store.get("relay:cursor:chat-1")).toBe(17);
    const southStore = second.get("222")?.store;
    expect(await southStore?.get("relay:cursor:chat-1")).toBeUndefined();
    await southStore?.set("relay:cursor:chat-1", 99);
    expect(await store.get("shop:222:relay:cursor:chat-1")).toBe(99);
    expect(await second.get("111")?.store.get("relay:cursor:chat-1")).toBe(17);
    expect((await southStore?.list("relay:"))?.map((e) => e.key)).toEqual(["relay:cursor:chat-1"]);
  });

  it("gives each shop a short ref that stays across starts and is never reused", async () => {
    const store = new MemoryStore();
    const registry = await open(store, [north, south]);
    expect(registry.all().map((s) => s.ref)).toEqual(["1", "2"]);
    expect(registry.byRef("2")?.name).toBe("Южный");
    const third: ShopEntry = {
      id: "333",
      name: "Восточный",
      seller: { clientId: "333", apiKey: "k3-abcdef" },
    };
    await registry.add(third, 1);
    await registry.remove("333");
    await registry.add(
      { ...third, id: "444", seller: { clientId: "444", apiKey: "k4-abcdef" } },
      1,
    );
    expect(registry.get("444")?.ref).toBe("4");
    const again = await open(store, [north, south]);
    expect(again.all().map((s) => [s.id, s.ref])).toEqual([
      ["111", "1"],
      ["222", "2"],
      ["444", "4"],
    ]);
  });

  it("keeps keys added in the bot encrypted, and opens them at the next start", async () => {
    const store = new MemoryStore();
    const registry = await open(store, [north]);
    await registry.add(south, 42);
    const raw = JSON.stringify(await store.list("shops:"));
    expect(raw).not.toContain("south-api-key-secret");
    expect(raw).not.toContain("south-perf-secret");
    expect(raw).toContain("Южный");

    const built: ShopEntry[] = [];
    const next = await open(store, [north], built);
    expect(next.all().map((s) => [s.name, s.origin])).toEqual([
      ["Северный", "env"],
      ["Южный", "bot"],
    ]);
    expect(built[1]).toEqual(south);
    expect(next.get("222")?.performanceAccount).toBe("perf-222");

    // Another secrets key cannot open them: the shop is left out, nothing crashes.
    const other = await ShopRegistry.open({
      store,
      fromEnv: [north],
      secrets: SecretBox.fromKey(Buffer.alloc(32, 4)),
      clients: () => ({}),
    });
    expect(other.all().map((s) => s.id)).toEqual(["111"]);
  });

  it("renames, pauses and removes, telling listeners; a store from the environment stays", async () => {
    const store = new MemoryStore();
    const registry = await open(store, [north]);
    const changes: string[] = [];
    registry.onChange((c: ShopChange) => changes.push(`${c.kind}:${c.shop.name}`));
    await registry.add(south, 1);
    await expect(registry.add({ ...south, id: "999" }, 1)).rejects.toMatchObject({
      reason: "duplicate-name",
    });
    await expect(registry.add(south, 1)).rejects.toBeInstanceOf(ShopError);
    await registry.rename("222", "Юг");
    await registry.setPaused("222", true);
    expect(registry.active().map((s) => s.id)).toEqual(["111"]);
    await registry.setPaused("111", true);
    await expect(registry.remove("111")).rejects.toMatchObject({ reason: "from-env" });

    const next = await open(store, [north]);
    expect(next.all().map((s) => [s.name, s.paused])).toEqual([
      ["Северный", true],
      ["Юг", true],
    ]);
    await registry.remove("222");
    expect(changes).toEqual([
      "added:Южный",
      "renamed:Юг",
      "paused:Юг",
      "paused:Северный",
      "removed:Юг",
    ]);
    expect((await open(store, [north])).all().map((s) => s.id)).toEqual(["111"]);
  });
});

describe("ShopRegistry across processes", () => {
  it("follows stores another process added, renamed, paused and removed", async () => {
    const store = new MemoryStore();
    const here = await open(store, [north]);
    const there = await open(store, [north]);
    const changes: string[] = [];
    there.onChange((c) => changes.push(`${c.kind}:${c.shop.name}`));

    await here.add(south, 1);
    await there.sync();
    expect(there.get("222")?.ref).toBe(here.get("222")?.ref);
    await here.rename("222", "Юг");
    await here.setPaused("111", true);
    await there.sync();
    expect(there.all().map((s) => [s.name, s.paused])).toEqual([
      ["Северный", true],
      ["Юг", false],
    ]);
    await here.remove("222");
    await there.sync();
    await there.sync(); // nothing more changed: nothing more told
    expect(there.all().map((s) => s.id)).toEqual(["111"]);
    // One sync tells its changes in the order of the list of stores.
    expect(changes).toEqual(["added:Южный", "paused:Северный", "renamed:Юг", "removed:Юг"]);
  });
});
