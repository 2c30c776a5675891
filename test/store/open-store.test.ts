import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { openStore, SQLITE_FILE_NAME, StoreOpenError } from "../../src/store/index.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";

const redis = await redisAvailability();
const root = mkdtempSync(join(tmpdir(), "ozon-open-store-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: "info", destination }), lines };
}

describe("openStore", () => {
  it("opens the memory store and warns that it forgets everything on restart", async () => {
    const { logger, lines } = capturingLogger();
    const store = await openStore({ kind: "memory", dataDir: "unused" }, logger);
    expect(store.kind).toBe("memory");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe(40);
    expect(String(lines[0]?.msg)).toMatch(/memory/i);
    expect(String(lines[0]?.msg)).toMatch(/forgotten when it stops/);
    await store.close();
  });

  it("opens the file store in DATA_DIR and names the file", async () => {
    const { logger, lines } = capturingLogger();
    const dataDir = join(root, "data");
    const store = await openStore({ kind: "file", dataDir }, logger);
    expect(store.kind).toBe("file");
    await store.set("k", 1);
    expect(lines[0]?.file).toBe(join(dataDir, SQLITE_FILE_NAME));
    expect(String(lines[0]?.msg)).toMatch(/SQLite/);
    await store.close();
  });

  it("passes StoreOpenError through for a file it must not use", async () => {
    const { logger } = capturingLogger();
    const dataDir = join(root, "locked");
    const holder = await openStore({ kind: "file", dataDir }, logger);
    await expect(openStore({ kind: "file", dataDir }, logger)).rejects.toBeInstanceOf(
      StoreOpenError,
    );
    await holder.close();
  });

  it("refuses Redis without a URL", async () => {
    const { logger } = capturingLogger();
    await expect(openStore({ kind: "redis", dataDir: "unused" }, logger)).rejects.toThrow(
      /REDIS_URL/,
    );
  });
});

redis.describe("openStore with Redis", () => {
  it("uses the prefix given and logs the URL without its password", async () => {
    const { logger, lines } = capturingLogger();
    const prefix = uniquePrefix("open-store");
    // Redis without requirepass accepts a URL with a password (ioredis ignores the refusal).
    const url = new URL(redis.url);
    url.password = "log-secret-pw";
    const store = await openStore(
      { kind: "redis", dataDir: "unused", redisUrl: url.toString() },
      logger,
      { prefix },
    );
    try {
      expect(store.kind).toBe("redis");
      await store.set("k", "v");
      expect(lines[0]?.prefix).toBe(prefix);
      expect(lines[0]?.redis).toContain(":***@");
      expect(JSON.stringify(lines)).not.toContain("log-secret-pw");
    } finally {
      await removeKeys(redis.url, prefix);
      await store.close();
    }
  });
});
