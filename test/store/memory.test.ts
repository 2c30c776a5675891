import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory.ts";
import { waitFor } from "../support/wait.ts";
import { storeContract } from "./contract.ts";

storeContract("memory", async () => {
  const store = new MemoryStore();
  return { store, dispose: () => store.close() };
});

describe("MemoryStore", () => {
  it("hides an entry the moment its TTL runs out, before any sweep", async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now, sweepIntervalMs: 3_600_000 });
    await store.set("k", "v", { ttlMs: 100 });
    now += 99;
    expect(await store.get("k")).toBe("v");
    now += 1;
    expect(await store.list("")).toEqual([]);
    expect(await store.get("k")).toBeUndefined();
    await store.close();
  });

  it("purges expired entries in the background", async () => {
    const store = new MemoryStore({ sweepIntervalMs: 10 });
    await store.set("short", 1, { ttlMs: 20 });
    await store.set("long", 2);
    expect(store.rawCount()).toBe(2);
    // Nothing reads "short", so only the sweep can remove it.
    await waitFor(() => store.rawCount() === 1, {
      message: "the sweep to purge the expired entry",
    });
    expect(await store.get("long")).toBe(2);
    await store.close();
  });
});
