import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { StoreOpenError } from "../../src/store/errors.ts";
import { escapeGlob, maskRedisUrl, RedisStore } from "../../src/store/redis.ts";
import { SCRIPTS } from "../../src/store/redis-scripts.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { monitorRedis } from "../support/redis-monitor.ts";
import { waitFor } from "../support/wait.ts";
import { storeContract } from "./contract.ts";

const redis = await redisAvailability();

describe("Redis URL masking and glob escaping", () => {
  it("masks the password, or a lone user part, and keeps the rest", () => {
    expect(maskRedisUrl("redis://:s3cret-pass@cache.local:6380/2")).toBe(
      "redis://:***@cache.local:6380/2",
    );
    expect(maskRedisUrl("rediss://bot:s3cret-pass@cache.local")).toBe(
      "rediss://bot:***@cache.local",
    );
    expect(maskRedisUrl("redis://s3cret-token@cache.local")).toBe("redis://***@cache.local");
    expect(maskRedisUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
    expect(maskRedisUrl("not a url s3cret")).not.toContain("s3cret");
  });

  it("escapes every glob character", () => {
    expect(escapeGlob("a*b?c[d]e\\f^g-h")).toBe("a\\*b\\?c\\[d\\]e\\\\f^g-h");
  });
});

describe("RedisStore.open when Redis does not answer", () => {
  it("fails fast with StoreOpenError and no password in the message", async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    const started = Date.now();
    const error = await RedisStore.open({ url: `redis://:hunter2-secret@127.0.0.1:${port}` }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreOpenError);
    const { message, problem, location } = error as StoreOpenError;
    expect(problem).toBe("unreachable");
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(`${message} ${location} ${JSON.stringify(error)}`).not.toContain("hunter2");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("RedisStore when Redis stops answering after the start", () => {
  it("fails a command after the command timeout instead of hanging the bot", async () => {
    // A Redis look-alike: answers the handshake, the opening PING and the look for older keys
    // as an empty Redis would, then goes silent while keeping the connection open (a paused
    // server, a half-dead network path).
    let answering = true;
    const server = createServer((socket) => {
      socket.on("data", (chunk: Buffer) => {
        if (!answering) return;
        // Each command is an array ("*<count>"); a "*" inside an argument (a SCAN pattern) is not.
        const commands = chunk.toString("latin1").split(/(?:^|\r\n)\*(?=\d+\r\n)/);
        for (const command of commands.slice(1)) {
          const name = command.split("\r\n")[2]?.toUpperCase();
          if (name === "INFO") socket.write("$21\r\n# Server\r\nloading:0\r\n\r\n");
          else if (name === "PING") socket.write("+PONG\r\n");
          else if (name === "EXISTS" || name === "DEL") socket.write(":0\r\n");
          else if (name === "SCAN") socket.write("*2\r\n$1\r\n0\r\n*0\r\n");
          else socket.write("+OK\r\n");
        }
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    const store = await RedisStore.open({
      url: `redis://127.0.0.1:${port}`,
      commandTimeoutMs: 300,
    });
    try {
      answering = false;
      const started = Date.now();
      const outcome = await Promise.race([
        store.get("anything").then(
          () => "answered",
          (error: unknown) => error,
        ),
        new Promise((done) => setTimeout(() => done("still waiting"), 5_000).unref()),
      ]);
      expect(outcome).toBeInstanceOf(Error);
      expect(String(outcome)).toMatch(/timed out/i);
      expect(Date.now() - started).toBeLessThan(4_000);
      // Shutdown must not wait for ever on a QUIT that is never answered.
      const closing = await Promise.race([
        store.close().then(() => "closed"),
        new Promise((done) => setTimeout(() => done("close hung"), 5_000).unref()),
      ]);
      expect(closing).toBe("closed");
    } finally {
      await store.close();
      server.close();
    }
  });
});

redis.describe("RedisStore (real Redis)", () => {
  const prefixes: string[] = [];
  afterAll(async () => {
    let left = 0;
    for (const prefix of prefixes) left += await removeKeys(redis.url, prefix);
    // Every test closed its stores after deleting; nothing of ours may stay behind.
    expect(left).toBe(0);
  });

  async function openPair(name: string) {
    const prefix = uniquePrefix(name);
    prefixes.push(prefix);
    return { prefix, store: await RedisStore.open({ url: redis.url, prefix }) };
  }

  storeContract("redis", async () => {
    const { prefix, store } = await openPair("contract");
    // Separate connections, so the concurrency tests really race inside Redis.
    const peers = await Promise.all(
      [1, 2, 3].map(() => RedisStore.open({ url: redis.url, prefix })),
    );
    return {
      store,
      peers,
      dispose: async () => {
        await removeKeys(redis.url, prefix);
        await Promise.all([store, ...peers].map((s) => s.close()));
      },
    };
  });

  describe("RedisStore specifics", () => {
    it("keeps two stores with different prefixes apart", async () => {
      const a = await openPair("iso-a");
      const b = await openPair("iso-b");
      await a.store.set("user:1", "from a");
      await b.store.set("user:1", "from b");
      await a.store.set("only:a", 1);
      expect(await a.store.get("user:1")).toBe("from a");
      expect(await b.store.get("user:1")).toBe("from b");
      expect(await b.store.get("only:a")).toBeUndefined();
      expect(await b.store.take("only:a")).toBeUndefined();
      expect(await b.store.delete("only:a")).toBe(false);
      expect(await a.store.list("")).toEqual([
        { key: "only:a", value: 1 },
        { key: "user:1", value: "from a" },
      ]);
      expect(await b.store.list("")).toEqual([{ key: "user:1", value: "from b" }]);
      for (const pair of [a, b]) {
        await removeKeys(redis.url, pair.prefix);
        await pair.store.close();
      }
    });

    it("keeps a prefix holding glob characters apart from look-alikes", async () => {
      const base = uniquePrefix("glob");
      prefixes.push(base);
      const odd = await RedisStore.open({ url: redis.url, prefix: `${base}[x]*:` });
      const plain = await RedisStore.open({ url: redis.url, prefix: `${base}x-:` });
      await odd.set("k", "odd");
      await plain.set("k", "plain");
      expect(await odd.list("")).toEqual([{ key: "k", value: "odd" }]);
      await removeKeys(redis.url, base);
      await Promise.all([odd.close(), plain.close()]);
    });

    it("stores JSON text under the prefix, and counters as plain integers", async () => {
      const { prefix, store } = await openPair("raw");
      const raw = new Redis(redis.url);
      try {
        await store.set("obj", { a: [1, "b"] }, { ttlMs: 60_000 });
        await store.increment("n", 7);
        expect(await raw.get(`${prefix}obj`)).toBe('{"a":[1,"b"]}');
        expect(await raw.get(`${prefix}n`)).toBe("7");
        const ttl = await raw.pttl(`${prefix}obj`);
        expect(ttl).toBeGreaterThan(50_000);
        expect(ttl).toBeLessThanOrEqual(60_000);
        expect(await raw.exists("obj")).toBe(0);
      } finally {
        await removeKeys(redis.url, prefix);
        raw.disconnect();
        await store.close();
      }
    });

    it("reports a wrong password without repeating it", async () => {
      const url = new URL(redis.url);
      url.username = "no-such-user";
      url.password = "wrong-secret-pw";
      const error = await RedisStore.open({ url: url.toString() }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreOpenError);
      expect((error as Error).message).toContain("no-such-user:***@");
      expect((error as Error).message).not.toContain("wrong-secret-pw");
    });

    it("lists from its key index: no SCAN of the keyspace, however many other keys", async () => {
      const { prefix, store } = await openPair("no-scan");
      const monitor = await monitorRedis(redis.url, prefix);
      const { seen } = monitor;
      try {
        for (let i = 0; i < 50; i++) await store.set(`other:${i}`, i);
        await store.set("report-job:1", { id: 1 });
        expect(await store.list("report-job:")).toEqual([
          { key: "report-job:1", value: { id: 1 } },
        ]);
        // MONITOR reports commands as they run: an ECHO after the list marks its end.
        const marker = `${prefix}end-of-list`;
        const echo = new Redis(redis.url);
        await echo.echo(marker);
        echo.disconnect();
        await waitFor(() => seen.some((args) => args.includes(marker)), {
          message: "MONITOR to show the marker",
        });
        const commands = seen.map((args) => args[0]?.toLowerCase());
        expect(commands).toContain("zrangebylex");
        expect(commands).not.toContain("scan");
        expect(commands).not.toContain("keys");
      } finally {
        monitor.close();
        await removeKeys(redis.url, prefix);
        await store.close();
      }
    });

    it("sweeps index entries of keys Redis expired, and keeps re-written ones", async () => {
      const prefix = uniquePrefix("sweep");
      prefixes.push(prefix);
      const store = await RedisStore.open({ url: redis.url, prefix, sweepIntervalMs: 20 });
      try {
        await store.set("gone", 1, { ttlMs: 30 });
        await store.set("back", 2, { ttlMs: 30 });
        await store.set("stays", 3);
        expect(await store.indexedCount()).toBe(3);
        await waitFor(async () => (await store.get("back")) === undefined, {
          message: "back to expire",
        });
        await store.set("back", 4);
        await waitFor(async () => (await store.indexedCount()) === 2, {
          message: "the sweep to drop the expired key",
        });
        expect(await store.list("")).toEqual([
          { key: "back", value: 4 },
          { key: "stays", value: 3 },
        ]);
      } finally {
        await removeKeys(redis.url, prefix);
        await store.close();
      }
    });

    it("indexes keys an older version wrote without an index, TTLs included", async () => {
      const prefix = uniquePrefix("adopt");
      prefixes.push(prefix);
      const raw = new Redis(redis.url);
      try {
        await raw.set(`${prefix}person:1`, JSON.stringify({ id: 1, roles: ["admin"] }));
        await raw.set(`${prefix}report-job:7`, JSON.stringify({ id: "7" }), "PX", 60_000);
        await raw.set(`${prefix}short`, "1", "PX", 40);
        const store = await RedisStore.open({ url: redis.url, prefix, sweepIntervalMs: 20 });
        try {
          expect(await store.list("person:")).toEqual([
            { key: "person:1", value: { id: 1, roles: ["admin"] } },
          ]);
          expect(await store.list("report-job:")).toEqual([
            { key: "report-job:7", value: { id: "7" } },
          ]);
          // The short-lived key was indexed with its TTL, so the sweep drops it once it expires.
          await waitFor(async () => (await store.indexedCount()) === 2, {
            message: "the short key to leave the index",
          });
          // A second store on the namespace finds the index and does not look again.
          await raw.set(`${prefix}written:behind`, "1");
          const again = await RedisStore.open({ url: redis.url, prefix });
          expect((await again.list("")).map((e) => e.key)).toEqual(["person:1", "report-job:7"]);
          await again.close();
        } finally {
          await removeKeys(redis.url, prefix);
          await store.close();
        }
      } finally {
        raw.disconnect();
      }
    });

    it("gives a key adopted in its last millisecond (PTTL 0) an expiry, so the sweep drops it", async () => {
      const prefix = uniquePrefix("adopt-zero");
      prefixes.push(prefix);
      const raw = new Redis(redis.url);
      const index = `${prefix}\0index`;
      const expiry = `${prefix}\0expiry`;
      try {
        // What the indexing saw: a key whose PTTL read 0, and a permanent one.
        await SCRIPTS.adopt.run(raw, [index, expiry], ["last-ms", "0", "forever", "-1"]);
        expect(await raw.zscore(expiry, "last-ms")).not.toBeNull();
        expect(await raw.zscore(expiry, "forever")).toBeNull();
        expect(await raw.zcard(index)).toBe(2);
      } finally {
        await raw.del(index, expiry);
        raw.disconnect();
      }
    });

    it("finishes an indexing that a crash interrupted", async () => {
      const prefix = uniquePrefix("adopt-crash");
      prefixes.push(prefix);
      const raw = new Redis(redis.url);
      try {
        // A store indexed one key, then died before the other: the marker stayed.
        await raw.set(`${prefix}subscriber:1`, "1");
        await raw.set(`${prefix}subscriber:2`, "2");
        await raw.zadd(`${prefix}\0index`, 0, "subscriber:1");
        await raw.set(`${prefix}\0indexing`, "1");
        const store = await RedisStore.open({ url: redis.url, prefix });
        expect((await store.list("subscriber:")).map((e) => e.value)).toEqual([1, 2]);
        expect(await raw.exists(`${prefix}\0indexing`)).toBe(0);
        await removeKeys(redis.url, prefix);
        await store.close();
      } finally {
        raw.disconnect();
      }
    });

    it("answers ping while open and not after close", async () => {
      const { store } = await openPair("ping");
      expect(await store.ping()).toBe(true);
      await store.close();
      expect(await store.ping()).toBe(false);
    });
  });
});
