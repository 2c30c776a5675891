import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/port.ts";
import { waitFor } from "../support/wait.ts";

export interface ContractSubject {
  store: Store;
  /**
   * Other handles on the same data, used by the concurrency tests (Redis: separate connections,
   * so calls really race; one-process stores: the store itself).
   */
  peers?: Store[];
  dispose(): Promise<void>;
}

/**
 * Short enough to watch expire, long enough that a key is still there when read right after it was
 * written on a loaded machine (60 ms was seen expiring between a write and its read under load).
 */
const SHORT_TTL = 300;
const LONG_TTL = 60_000;

/**
 * The behaviour every Store adapter must share. Each test gets a fresh, empty store from `open`.
 */
export function storeContract(label: string, open: () => Promise<ContractSubject>) {
  describe(`Store contract: ${label}`, () => {
    let subject: ContractSubject;
    let store: Store;
    let handles: Store[];
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      handles = [store, ...(subject.peers ?? [])];
    });
    afterEach(async () => {
      await subject.dispose();
    });

    /** Runs `n` calls spread over every handle, all started before any is awaited. */
    const race = <T>(n: number, call: (s: Store, i: number) => Promise<T>) =>
      Promise.all(
        Array.from({ length: n }, (_, i) => call(handles[i % handles.length] as Store, i)),
      );

    const goneAfterExpiry = (key: string) =>
      waitFor(async () => (await store.get(key)) === undefined, { message: `${key} to expire` });

    describe("get and set", () => {
      it("returns undefined for a missing key and the stored value otherwise", async () => {
        expect(await store.get("user:1")).toBeUndefined();
        await store.set("user:1", { id: 1, roles: ["admin"], name: "Аня 🚚" });
        expect(await store.get("user:1")).toEqual({ id: 1, roles: ["admin"], name: "Аня 🚚" });
      });

      it("keeps every JSON kind, and null apart from missing", async () => {
        const values: Record<string, unknown> = {
          string: "text",
          empty: "",
          number: 12.5,
          negative: -3,
          zero: 0,
          yes: true,
          no: false,
          nothing: null,
          array: [1, "two", null, { three: 3 }],
          nested: { a: { b: { c: [] } } },
        };
        for (const [key, value] of Object.entries(values)) await store.set(key, value);
        for (const [key, value] of Object.entries(values)) {
          expect(await store.get(key)).toStrictEqual(value);
        }
        expect(await store.get("nothing")).toBeNull();
      });

      it("overwrites", async () => {
        await store.set("cursor", { offset: 1 });
        await store.set("cursor", { offset: 2, extra: true });
        expect(await store.get("cursor")).toEqual({ offset: 2, extra: true });
      });

      it("stores JSON copies: no shared references either way", async () => {
        const value = { list: [1, 2], inner: { n: 1 } };
        await store.set("copy", value);
        value.list.push(3);
        value.inner.n = 99;
        const read = await store.get<typeof value>("copy");
        expect(read).toEqual({ list: [1, 2], inner: { n: 1 } });
        if (!read) throw new Error("missing");
        read.list.push(4);
        expect(await store.get("copy")).toEqual({ list: [1, 2], inner: { n: 1 } });
        expect(await store.get("copy")).not.toBe(await store.get("copy"));
      });

      it("applies JSON rules: undefined fields dropped, dates become strings", async () => {
        const at = new Date("2025-01-02T03:04:05.000Z");
        await store.set("json", { a: 1, gone: undefined, at });
        expect(await store.get("json")).toStrictEqual({ a: 1, at: "2025-01-02T03:04:05.000Z" });
      });

      it("refuses values that are not JSON, storing nothing", async () => {
        await expect(store.set("big", 10n)).rejects.toThrow(TypeError);
        await expect(store.set("undef", undefined)).rejects.toThrow(TypeError);
        await expect(store.set("fn", () => 1)).rejects.toThrow(TypeError);
        await expect(store.setIfAbsent("big", { n: 1n })).rejects.toThrow(TypeError);
        expect(await store.get("big")).toBeUndefined();
        expect(await store.get("undef")).toBeUndefined();
        expect(await store.get("fn")).toBeUndefined();
      });

      it("refuses a TTL that is not a positive number", async () => {
        for (const ttlMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
          await expect(store.set("ttl", 1, { ttlMs })).rejects.toThrow(RangeError);
        }
        expect(await store.get("ttl")).toBeUndefined();
      });
    });

    describe("expiry", () => {
      it("keeps an entry until its TTL runs out, then it is gone", async () => {
        await store.set("long", "stays", { ttlMs: LONG_TTL });
        await store.set("short", "goes", { ttlMs: SHORT_TTL });
        await goneAfterExpiry("short");
        expect(await store.get("long")).toBe("stays");
      });

      it("set without a TTL makes an entry permanent again", async () => {
        await store.set("renewed", 1, { ttlMs: SHORT_TTL });
        await store.set("renewed", 2);
        await store.set("control", 3, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("control");
        expect(await store.get("renewed")).toBe(2);
      });

      it("set with a new TTL replaces the old one", async () => {
        await store.set("extended", 1, { ttlMs: SHORT_TTL });
        await store.set("extended", 2, { ttlMs: LONG_TTL });
        await store.set("control", 3, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("control");
        expect(await store.get("extended")).toBe(2);
      });

      it("hides expired entries from every operation", async () => {
        await store.set("list:expired", "old", { ttlMs: SHORT_TTL });
        await store.set("list:live", "new");
        for (const key of ["take", "delete", "again", "count", "cas"]) {
          await store.set(key, key === "count" ? 5 : "old", { ttlMs: SHORT_TTL });
        }
        await goneAfterExpiry("list:expired");
        await goneAfterExpiry("cas");
        expect(await store.list("list:")).toEqual([{ key: "list:live", value: "new" }]);
        expect(await store.take("take")).toBeUndefined();
        expect(await store.delete("delete")).toBe(false);
        expect(await store.setIfAbsent("again", "fresh")).toBe(true);
        expect(await store.get("again")).toBe("fresh");
        expect(await store.increment("count")).toBe(1);
        expect(await store.compareAndSet("cas", "old", "new")).toBe(false);
        expect(await store.get("cas")).toBeUndefined();
      });

      it("an entry set again by setIfAbsent after expiry has only its new TTL", async () => {
        await store.set("dedupe", "first", { ttlMs: SHORT_TTL });
        await goneAfterExpiry("dedupe");
        expect(await store.setIfAbsent("dedupe", "second")).toBe(true);
        await store.set("control", 0, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("control");
        expect(await store.get("dedupe")).toBe("second");
      });
    });

    describe("setIfAbsent", () => {
      it("sets only when absent and reports whether it did", async () => {
        expect(await store.setIfAbsent("invite:abc", { role: "seller" })).toBe(true);
        expect(await store.setIfAbsent("invite:abc", { role: "admin" })).toBe(false);
        expect(await store.get("invite:abc")).toEqual({ role: "seller" });
      });

      it("honours its TTL", async () => {
        expect(await store.setIfAbsent("seen:1", true, { ttlMs: SHORT_TTL })).toBe(true);
        await goneAfterExpiry("seen:1");
        expect(await store.setIfAbsent("seen:1", true, { ttlMs: LONG_TTL })).toBe(true);
      });

      it("lets exactly one of many concurrent callers win", async () => {
        const results = await race(24, (s, i) => s.setIfAbsent("dedupe:msg", { by: i }));
        const winners = results.flatMap((won, i) => (won ? [i] : []));
        expect(winners).toHaveLength(1);
        expect(await store.get("dedupe:msg")).toEqual({ by: winners[0] });
      });
    });

    describe("take", () => {
      it("returns the value and removes it", async () => {
        await store.set("job", { id: 7 });
        expect(await store.take("job")).toEqual({ id: 7 });
        expect(await store.get("job")).toBeUndefined();
        expect(await store.take("job")).toBeUndefined();
      });

      it("hands the value to exactly one of many concurrent callers", async () => {
        await store.set("token", "once");
        const results = await race(24, (s) => s.take("token"));
        expect(results.filter((r) => r !== undefined)).toEqual(["once"]);
        expect(await store.get("token")).toBeUndefined();
      });
    });

    describe("delete", () => {
      it("is true when the key existed, false otherwise", async () => {
        await store.set("gone", 1);
        expect(await store.delete("gone")).toBe(true);
        expect(await store.get("gone")).toBeUndefined();
        expect(await store.delete("gone")).toBe(false);
        expect(await store.delete("never")).toBe(false);
      });

      it("deletes a null value too", async () => {
        await store.set("null", null);
        expect(await store.delete("null")).toBe(true);
      });
    });

    describe("list", () => {
      it("returns live entries with the prefix, in key order", async () => {
        for (const key of ["sub:3", "sub:10", "sub:1", "sub:2", "sub:", "sub:1:x"]) {
          await store.set(key, { key });
        }
        await store.set("subscription", "other");
        await store.set("su", "other");
        const keys = (await store.list("sub:")).map((e) => e.key);
        // Plain character order: "0" sorts before ":".
        expect(keys).toEqual(["sub:", "sub:1", "sub:10", "sub:1:x", "sub:2", "sub:3"]);
        expect(await store.list("sub:1")).toEqual([
          { key: "sub:1", value: { key: "sub:1" } },
          { key: "sub:10", value: { key: "sub:10" } },
          { key: "sub:1:x", value: { key: "sub:1:x" } },
        ]);
        expect(await store.list("nothing:")).toEqual([]);
      });

      it("lists everything for an empty prefix", async () => {
        await store.set("b", 2);
        await store.set("a", 1);
        expect(await store.list("")).toEqual([
          { key: "a", value: 1 },
          { key: "b", value: 2 },
        ]);
      });

      it("treats pattern characters in the prefix literally", async () => {
        const prefixes = ["p%", "p_", "s*", "q?", "b[a]", "c[^x]", "back\\", "dash-", "e]", "^"];
        const decoys = ["pX:1", "pa:1", "sa:1", "qa:1", "ba:1", "cb:1", "back:1", "dash:1", "e:1"];
        for (const p of prefixes) await store.set(`${p}:1`, p);
        for (const d of decoys) await store.set(d, "decoy");
        for (const p of prefixes) {
          expect(await store.list(p), `prefix ${p}`).toEqual([{ key: `${p}:1`, value: p }]);
        }
      });

      it("orders by code point, also beyond the basic plane", async () => {
        const keys = ["u:\u{1F600}", "u:\uFF01", "u:z", "u:Я", "u:A", "u:\u{10000}"];
        for (const key of keys) await store.set(key, key);
        const listed = (await store.list("u:")).map((e) => e.key);
        expect(listed).toEqual(["u:A", "u:z", "u:Я", "u:\uFF01", "u:\u{10000}", "u:\u{1F600}"]);
        expect((await store.list("u:\u{1F600}")).map((e) => e.key)).toEqual(["u:\u{1F600}"]);
      });

      it("works for a prefix ending in the highest characters", async () => {
        await store.set("h:\uFFFF:1", 1);
        await store.set("h:\u{10FFFF}", 2);
        await store.set("h;", 3);
        expect((await store.list("h:\uFFFF")).map((e) => e.key)).toEqual(["h:\uFFFF:1"]);
        expect((await store.list("h:\u{10FFFF}")).map((e) => e.key)).toEqual(["h:\u{10FFFF}"]);
        expect((await store.list("h:")).map((e) => e.key)).toEqual(["h:\uFFFF:1", "h:\u{10FFFF}"]);
      });

      it("returns copies", async () => {
        await store.set("l:1", { n: 1 });
        const [first] = await store.list<{ n: number }>("l:");
        if (!first) throw new Error("missing");
        first.value.n = 2;
        expect(await store.get("l:1")).toEqual({ n: 1 });
      });
    });

    describe("listPage", () => {
      const fill = async () => {
        for (const n of [3, 1, 5, 2, 4]) await store.set(`page:${n}`, n);
        await store.set("pagf:0", 0);
        await store.set("pag:9", 9);
      };
      const keys = (entries: Array<{ key: string }>) => entries.map((e) => e.key);

      it("returns the first or last `limit` keys of the prefix, in order", async () => {
        await fill();
        expect(keys(await store.listPage("page:", { limit: 2 }))).toEqual(["page:1", "page:2"]);
        expect(keys(await store.listPage("page:", { limit: 3, reverse: true }))).toEqual([
          "page:5",
          "page:4",
          "page:3",
        ]);
        expect(await store.listPage("page:", { limit: 100 })).toEqual(
          [1, 2, 3, 4, 5].map((n) => ({ key: `page:${n}`, value: n })),
        );
      });

      it("continues past a cursor either way, and a cursor outside the prefix bounds nothing", async () => {
        await fill();
        expect(keys(await store.listPage("page:", { limit: 2, after: "page:2" }))).toEqual([
          "page:3",
          "page:4",
        ]);
        expect(
          keys(await store.listPage("page:", { limit: 2, reverse: true, after: "page:3" })),
        ).toEqual(["page:2", "page:1"]);
        expect(keys(await store.listPage("page:", { limit: 9, after: "page:5" }))).toEqual([]);
        // A bound between keys: "page:3x" sorts after "page:3".
        expect(keys(await store.listPage("page:", { limit: 9, after: "page:3x" }))).toEqual([
          "page:4",
          "page:5",
        ]);
        expect(keys(await store.listPage("page:", { limit: 1, after: "a" }))).toEqual(["page:1"]);
        expect(
          keys(await store.listPage("page:", { limit: 1, reverse: true, after: "z" })),
        ).toEqual(["page:5"]);
      });

      it("skips expired entries and still fills the page", async () => {
        await fill();
        await store.set("page:45", 45, { ttlMs: SHORT_TTL });
        await store.set("page:46", 46, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("page:46");
        await goneAfterExpiry("page:45");
        expect(
          keys(await store.listPage("page:", { limit: 2, reverse: true, after: "page:5" })),
        ).toEqual(["page:4", "page:3"]);
      });

      it("pages an empty prefix, and refuses a limit out of range", async () => {
        await store.set("a", 1);
        await store.set("b", 2);
        expect(keys(await store.listPage("", { limit: 1, reverse: true }))).toEqual(["b"]);
        await expect(store.listPage("", { limit: 0 })).rejects.toThrow(RangeError);
        await expect(store.listPage("", { limit: 1001 })).rejects.toThrow(RangeError);
      });
    });

    describe("increment", () => {
      it("starts from 0, adds 1 by default or the step given, and reads back as a number", async () => {
        expect(await store.increment("hits")).toBe(1);
        expect(await store.increment("hits")).toBe(2);
        expect(await store.increment("hits", 40)).toBe(42);
        expect(await store.increment("hits", -50)).toBe(-8);
        expect(await store.get("hits")).toBe(-8);
        expect(await store.list("hits")).toEqual([{ key: "hits", value: -8 }]);
      });

      it("continues from a number written with set", async () => {
        await store.set("seq", 100);
        expect(await store.increment("seq", 5)).toBe(105);
      });

      it("counts every one of many concurrent increments", async () => {
        const results = await race(60, (s) => s.increment("counter"));
        expect(await store.get("counter")).toBe(60);
        expect(new Set(results).size).toBe(60);
      });

      it("refuses a value that is not an integer and leaves it unchanged", async () => {
        await store.set("text", "5");
        await store.set("fraction", 1.5);
        await store.set("object", { n: 1 });
        for (const key of ["text", "fraction", "object"]) {
          await expect(store.increment(key), key).rejects.toThrow(/is not an integer/);
        }
        expect(await store.get("text")).toBe("5");
        expect(await store.get("fraction")).toBe(1.5);
        expect(await store.get("object")).toEqual({ n: 1 });
      });

      it("refuses a step that is not a safe integer", async () => {
        await expect(store.increment("n", 1.5)).rejects.toThrow(RangeError);
        await expect(store.increment("n", Number.NaN)).rejects.toThrow(RangeError);
        expect(await store.get("n")).toBeUndefined();
      });

      it("refuses to leave the safe integer range and keeps the value", async () => {
        await store.set("big", Number.MAX_SAFE_INTEGER);
        await expect(store.increment("big")).rejects.toThrow(RangeError);
        expect(await store.get("big")).toBe(Number.MAX_SAFE_INTEGER);
        await store.set("low", Number.MIN_SAFE_INTEGER + 1);
        await expect(store.increment("low", -2)).rejects.toThrow(RangeError);
        expect(await store.get("low")).toBe(Number.MIN_SAFE_INTEGER + 1);
        expect(await store.increment("low", -1)).toBe(Number.MIN_SAFE_INTEGER);
      });

      it("keeps the TTL the entry had", async () => {
        await store.set("window", 1, { ttlMs: SHORT_TTL });
        expect(await store.increment("window")).toBe(2);
        await goneAfterExpiry("window");
      });
    });

    describe("compareAndSet", () => {
      it("replaces only while the value is the expected one", async () => {
        await store.set("lease:x", "holder-a");
        expect(await store.compareAndSet("lease:x", "holder-b", "holder-b")).toBe(false);
        expect(await store.get("lease:x")).toBe("holder-a");
        expect(await store.compareAndSet("lease:x", "holder-a", "holder-c")).toBe(true);
        expect(await store.get("lease:x")).toBe("holder-c");
      });

      it("compares structured values by their JSON", async () => {
        await store.set("state", { step: 1, items: [1] });
        expect(await store.compareAndSet("state", { step: 1, items: [2] }, { step: 9 })).toBe(
          false,
        );
        expect(await store.compareAndSet("state", { step: 1, items: [1] }, { step: 2 })).toBe(true);
        expect(await store.get("state")).toEqual({ step: 2 });
      });

      it("is false for a missing key and creates nothing", async () => {
        expect(await store.compareAndSet("missing", "a", "b")).toBe(false);
        expect(await store.get("missing")).toBeUndefined();
      });

      it("deletes when the next value is undefined", async () => {
        await store.set("lease:y", "me");
        expect(await store.compareAndSet("lease:y", "other", undefined)).toBe(false);
        expect(await store.get("lease:y")).toBe("me");
        expect(await store.compareAndSet("lease:y", "me", undefined)).toBe(true);
        expect(await store.get("lease:y")).toBeUndefined();
      });

      it("sets the TTL given, or none", async () => {
        await store.set("a", "v", { ttlMs: SHORT_TTL });
        await store.set("b", "v", { ttlMs: LONG_TTL });
        expect(await store.compareAndSet("a", "v", "kept")).toBe(true);
        expect(await store.compareAndSet("b", "v", "short", { ttlMs: SHORT_TTL })).toBe(true);
        await goneAfterExpiry("b");
        expect(await store.get("a")).toBe("kept");
      });

      it("lets exactly one of many concurrent callers swap the same value", async () => {
        await store.set("owner", "nobody");
        const results = await race(24, (s, i) => s.compareAndSet("owner", "nobody", `p${i}`));
        const winners = results.flatMap((won, i) => (won ? [`p${i}`] : []));
        expect(winners).toHaveLength(1);
        expect(await store.get("owner")).toBe(winners[0]);
      });
    });

    describe("compareAndSetMany", () => {
      it("applies every change when every expectation holds: sets, deletes, TTLs", async () => {
        await store.set("invite:x", { role: "seller" });
        await store.set("person:1", { roles: [] });
        const applied = await store.compareAndSetMany([
          { key: "invite:x", expected: { role: "seller" }, next: undefined },
          { key: "person:1", expected: { roles: [] }, next: { roles: ["seller"] } },
          { key: "used:x", expected: undefined, next: { by: 1 }, ttlMs: SHORT_TTL },
          { key: "new:y", expected: undefined, next: "permanent" },
        ]);
        expect(applied).toBe(true);
        expect(await store.get("invite:x")).toBeUndefined();
        expect(await store.get("person:1")).toEqual({ roles: ["seller"] });
        expect(await store.get("used:x")).toEqual({ by: 1 });
        await goneAfterExpiry("used:x");
        expect(await store.get("new:y")).toBe("permanent");
        expect((await store.list("")).map((e) => e.key)).toEqual(["new:y", "person:1"]);
      });

      it("changes nothing when one expectation fails", async () => {
        await store.set("a", 1);
        await store.set("b", 2);
        await store.set("present", "here");
        const attempts: Array<Parameters<Store["compareAndSetMany"]>[0]> = [
          [
            { key: "a", expected: 1, next: 10 },
            { key: "b", expected: 3, next: 20 },
          ],
          [
            { key: "a", expected: 1, next: undefined },
            { key: "present", expected: undefined, next: "again" },
          ],
          [
            { key: "a", expected: 1, next: 10 },
            { key: "missing", expected: "x", next: "y" },
          ],
        ];
        for (const changes of attempts) expect(await store.compareAndSetMany(changes)).toBe(false);
        expect(await store.list("")).toEqual([
          { key: "a", value: 1 },
          { key: "b", value: 2 },
          { key: "present", value: "here" },
        ]);
      });

      it("counts an expired key as absent", async () => {
        await store.set("lapsed", "old", { ttlMs: SHORT_TTL });
        await goneAfterExpiry("lapsed");
        expect(await store.compareAndSetMany([{ key: "lapsed", expected: "old", next: 1 }])).toBe(
          false,
        );
        expect(
          await store.compareAndSetMany([{ key: "lapsed", expected: undefined, next: "new" }]),
        ).toBe(true);
        expect(await store.get("lapsed")).toBe("new");
      });

      it("refuses a key given twice, and values that are not JSON, changing nothing", async () => {
        await store.set("k", 1);
        await expect(
          store.compareAndSetMany([
            { key: "k", expected: 1, next: 2 },
            { key: "k", expected: 1, next: 3 },
          ]),
        ).rejects.toThrow(RangeError);
        await expect(
          store.compareAndSetMany([
            { key: "k", expected: 1, next: 2 },
            { key: "j", expected: undefined, next: 10n },
          ]),
        ).rejects.toThrow(TypeError);
        expect(await store.list("")).toEqual([{ key: "k", value: 1 }]);
        expect(await store.compareAndSetMany([])).toBe(true);
      });

      it("lets exactly one of many concurrent callers take the same key", async () => {
        await store.set("invite:once", "seller");
        const results = await race(24, (s, i) =>
          s.compareAndSetMany([
            { key: "invite:once", expected: "seller", next: undefined },
            { key: `person:${i}`, expected: undefined, next: ["seller"] },
          ]),
        );
        const winners = results.flatMap((won, i) => (won ? [i] : []));
        expect(winners).toHaveLength(1);
        expect((await store.list("person:")).map((e) => e.key)).toEqual([`person:${winners[0]}`]);
        expect(await store.get("invite:once")).toBeUndefined();
      });
    });

    describe("list after writes of every kind", () => {
      it("lists exactly the live keys, whichever operation wrote, renewed or removed them", async () => {
        await store.set("k:set", 1);
        await store.setIfAbsent("k:nx", 2);
        await store.increment("k:count", 3);
        await store.set("k:cas", "a");
        await store.compareAndSet("k:cas", "a", "b", { ttlMs: LONG_TTL });
        await store.set("k:taken", 4);
        await store.take("k:taken");
        await store.set("k:deleted", 5);
        await store.delete("k:deleted");
        await store.set("k:cas-deleted", "x");
        await store.compareAndSet("k:cas-deleted", "x", undefined);
        // Written with a short TTL, then made permanent, or given a longer one: still listed.
        await store.set("k:renewed", 6, { ttlMs: SHORT_TTL });
        await store.set("k:renewed", 7);
        await store.set("k:extended", 8, { ttlMs: SHORT_TTL });
        await store.set("k:extended", 9, { ttlMs: LONG_TTL });
        await store.set("k:short", 10, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("k:short");
        // Expired, then written again without a TTL.
        await store.set("k:back", 11, { ttlMs: SHORT_TTL });
        await goneAfterExpiry("k:back");
        await store.increment("k:back", 12);
        expect(await store.list("k:")).toEqual([
          { key: "k:back", value: 12 },
          { key: "k:cas", value: "b" },
          { key: "k:count", value: 3 },
          { key: "k:extended", value: 9 },
          { key: "k:nx", value: 2 },
          { key: "k:renewed", value: 7 },
          { key: "k:set", value: 1 },
        ]);
      });
    });

    it("answers ping", async () => {
      expect(await store.ping()).toBe(true);
    });
  });
}
