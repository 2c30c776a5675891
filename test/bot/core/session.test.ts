import type { StorageAdapter } from "grammy";
import { describe, expect, it } from "vitest";
import { InflightUpdates } from "../../../src/bot/core/inflight.ts";
import { skipUnchangedWrites } from "../../../src/bot/core/session.ts";

function recordingStorage() {
  const data = new Map<string, unknown>();
  const writes: string[] = [];
  const storage: StorageAdapter<Record<string, unknown>> = {
    read: (key) => structuredClone(data.get(key)) as Record<string, unknown> | undefined,
    write: (key, value) => {
      writes.push(key);
      data.set(key, structuredClone(value));
    },
    delete: (key) => {
      data.delete(key);
    },
  };
  return { data, writes, storage };
}

describe("session writes", () => {
  it("skips writing a session that did not change, writes one that did", async () => {
    const { data, writes, storage } = recordingStorage();
    data.set("1", { a: 1 });
    const wrapped = skipUnchangedWrites(storage);
    const read = (await wrapped.storage.read("1")) as Record<string, unknown>;
    await wrapped.storage.write("1", read);
    expect(writes).toEqual([]);
    read.a = 2;
    await wrapped.storage.write("1", read);
    expect(writes).toEqual(["1"]);
    expect(data.get("1")).toEqual({ a: 2 });
  });

  it("a new chat whose empty session stays empty costs no write", async () => {
    const { writes, storage } = recordingStorage();
    const wrapped = skipUnchangedWrites(storage);
    expect(await wrapped.storage.read("2")).toBeUndefined();
    const fresh = wrapped.initial();
    await wrapped.storage.write("2", fresh);
    expect(writes).toEqual([]);
    fresh.x = 1;
    await wrapped.storage.write("2", fresh);
    expect(writes).toEqual(["2"]);
  });

  it("a replaced session object is written", async () => {
    const { writes, storage } = recordingStorage();
    const wrapped = skipUnchangedWrites(storage);
    await wrapped.storage.write("3", {});
    expect(writes).toEqual(["3"]);
  });
});

describe("in-flight updates", () => {
  it("drains when the last update finishes and remembers the highest update id", async () => {
    const inflight = new InflightUpdates();
    const middleware = inflight.middleware();
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ctx = (id: number) => ({ update: { update_id: id } }) as never;
    const first = middleware(ctx(5), () => blocked);
    const second = middleware(ctx(7), async () => {});
    await second;
    expect(inflight.size).toBe(1);
    expect(await inflight.drain(20)).toBe(false);
    const drained = inflight.drain(2_000);
    release();
    await first;
    expect(await drained).toBe(true);
    expect(inflight.size).toBe(0);
    expect(inflight.highestDoneUpdateId).toBe(7);
  });
});
