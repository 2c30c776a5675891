import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { StoreOpenError } from "../../src/store/errors.ts";
import { SQLITE_FILE_NAME, SqliteStore } from "../../src/store/sqlite.ts";
import { waitFor } from "../support/wait.ts";
import { storeContract } from "./contract.ts";

const root = mkdtempSync(join(tmpdir(), "ozon-store-test-"));
// Another user must be able to reach the folders below (the permission tests run as nobody).
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirCount = 0;
function freshDir(): string {
  dirCount++;
  return join(root, `data-${dirCount}`);
}

storeContract("file (SQLite)", async () => {
  const dir = freshDir();
  const store = await SqliteStore.open({ dataDir: dir });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const CHILD = fileURLToPath(new URL("./sqlite-child.ts", import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

interface ChildReport {
  ok?: boolean;
  ready?: number;
  error?: { name: string; message: string; problem: string; location: string };
}

/** Starts sqlite-child.ts; resolves with its first JSON line (and the process). */
async function runChild(
  dataDir: string,
  mode: "try" | "hold",
  options: { asNobody?: boolean } = {},
): Promise<{ report: ChildReport; child: ChildProcess }> {
  // As root the child drops to nobody itself, after loading its code from wherever the checkout is.
  const user = options.asNobody && isRoot() ? ["nobody"] : [];
  const child = spawn(process.execPath, [CHILD, dataDir, mode, ...user], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, "exit");
  const line = await waitFor(
    () => {
      if (child.exitCode !== null && !stdout.includes("\n")) {
        throw new Error(`child exited ${child.exitCode} without a report: ${stderr}`);
      }
      return stdout.split("\n")[0] && stdout.includes("\n") ? stdout.split("\n")[0] : undefined;
    },
    { message: "the child's report", timeoutMs: 15_000, rethrow: true },
  );
  if (mode === "try") await exited;
  return { report: JSON.parse(line) as ChildReport, child };
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

async function openError(dataDir: string): Promise<StoreOpenError> {
  try {
    const store = await SqliteStore.open({ dataDir });
    await store.close();
  } catch (error) {
    if (error instanceof StoreOpenError) return error;
    throw error;
  }
  throw new Error("expected SqliteStore.open to fail");
}

describe("SqliteStore", () => {
  it("creates its directory and file on first start, in WAL mode", async () => {
    const dir = join(freshDir(), "nested", "data");
    const store = await SqliteStore.open({ dataDir: dir });
    expect(store.kind).toBe("file");
    expect(store.file).toBe(join(dir, SQLITE_FILE_NAME));
    expect(existsSync(store.file)).toBe(true);
    await store.set("k", 1);
    await store.close();
    const db = new DatabaseSync(join(dir, SQLITE_FILE_NAME));
    expect(db.prepare("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
    db.close();
  });

  it("keeps everything across close and reopen, TTLs included", async () => {
    const dir = freshDir();
    const first = await SqliteStore.open({ dataDir: dir });
    await first.set("user:1", { roles: ["admin"] });
    await first.set("cursor:chat:9", { lastMessageId: "123" });
    await first.set("dedupe:1", true, { ttlMs: 60_000 });
    await first.set("short", 1, { ttlMs: 50 });
    await first.increment("count", 3);
    await first.close();

    const second = await SqliteStore.open({ dataDir: dir });
    expect(await second.get("user:1")).toEqual({ roles: ["admin"] });
    expect(await second.get("cursor:chat:9")).toEqual({ lastMessageId: "123" });
    expect(await second.setIfAbsent("dedupe:1", false)).toBe(false);
    expect(await second.increment("count")).toBe(4);
    await waitFor(async () => !(await second.get("short")), {
      message: "the short entry to expire",
    });
    await second.close();
  });

  it("hides an entry the moment its TTL runs out, before any sweep", async () => {
    let now = 1_000_000;
    const store = await SqliteStore.open({
      dataDir: freshDir(),
      now: () => now,
      sweepIntervalMs: 3_600_000,
    });
    await store.set("k", "v", { ttlMs: 100 });
    now += 99;
    expect(await store.get("k")).toBe("v");
    now += 1;
    expect(await store.get("k")).toBeUndefined();
    expect(await store.list("")).toEqual([]);
    expect(store.rawCount()).toBe(1);
    expect(store.purgeExpired()).toBe(1);
    expect(store.rawCount()).toBe(0);
    await store.close();
  });

  it("purges expired rows in the background", async () => {
    const store = await SqliteStore.open({ dataDir: freshDir(), sweepIntervalMs: 10 });
    await store.set("short", 1, { ttlMs: 20 });
    await store.set("long", 2);
    expect(store.rawCount()).toBe(2);
    await waitFor(() => store.rawCount() === 1, { message: "the sweep to purge the expired row" });
    expect(await store.get("long")).toBe(2);
    await store.close();
  });

  it("purges expired rows in batches of 500, the next batch right after a full one", async () => {
    let now = 1_000_000;
    const fill = async (store: SqliteStore) => {
      for (let i = 0; i < 1_200; i++) await store.set(`k:${i}`, i, { ttlMs: 10 });
      now += 10;
    };
    // One purge takes one batch, however many rows expired.
    const byHand = await SqliteStore.open({
      dataDir: freshDir(),
      now: () => now,
      sweepIntervalMs: 3_600_000,
    });
    await fill(byHand);
    expect(byHand.purgeExpired()).toBe(500);
    expect(byHand.rawCount()).toBe(700);
    await byHand.close();

    // The sweep goes on with the next batch at once, not at its next interval (2 s away).
    const swept = await SqliteStore.open({
      dataDir: freshDir(),
      now: () => now,
      sweepIntervalMs: 2_000,
    });
    await fill(swept);
    await waitFor(() => swept.rawCount() < 1_200, { message: "the first sweep", intervalMs: 1 });
    await waitFor(() => swept.rawCount() === 0, {
      timeoutMs: 1_000,
      message: "the batches after the first, before the next sweep",
    });
    await swept.close();
  });

  describe("one file, one process", () => {
    it("refuses a second store on the same file in this process, naming the file", async () => {
      const dir = freshDir();
      const first = await SqliteStore.open({ dataDir: dir });
      const error = await openError(dir);
      expect(error.problem).toBe("locked");
      expect(error.message).toContain(first.file);
      expect(error.message).toMatch(/another/);
      // The refused opener must not have disturbed the holder.
      await first.set("still", "works");
      expect(await first.get("still")).toBe("works");
      await first.close();
    });

    it("still refuses another process after a second opener in this process was refused", async () => {
      // POSIX locks belong to the process: closing any descriptor of the file (as a header
      // check does) would drop the holder's lock and let another process in.
      const dir = freshDir();
      const first = await SqliteStore.open({ dataDir: dir });
      await first.set("k", "v");
      expect((await openError(dir)).problem).toBe("locked");
      const { report } = await runChild(dir, "try");
      expect(report.error?.problem).toBe("locked");
      expect(await first.get("k")).toBe("v");
      await first.close();
    });

    it("refuses a second process, naming the file", async () => {
      const dir = freshDir();
      const store = await SqliteStore.open({ dataDir: dir });
      const { report, child } = await runChild(dir, "try");
      expect(report.error?.name).toBe("StoreOpenError");
      expect(report.error?.problem).toBe("locked");
      expect(report.error?.message).toContain(store.file);
      expect(child.exitCode).toBe(1);
      await store.close();
    });

    it("refuses to start while another process holds the file", async () => {
      const dir = freshDir();
      const { report } = await runChild(dir, "hold");
      expect(report.ready).toBeTypeOf("number");
      const error = await openError(dir);
      expect(error.problem).toBe("locked");
      expect(error.message).toContain(join(dir, SQLITE_FILE_NAME));
    });

    it("lets the next opener in once the holder closes", async () => {
      const dir = freshDir();
      const first = await SqliteStore.open({ dataDir: dir });
      await first.close();
      const { report } = await runChild(dir, "try");
      expect(report).toEqual({ ok: true });
    });

    it("recovers the lock (and the data) of a holder that was killed", async () => {
      const dir = freshDir();
      const { report, child } = await runChild(dir, "hold");
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      const store = await SqliteStore.open({ dataDir: dir });
      expect(await store.get("child:pid")).toBe(report.ready);
      await store.close();
    });
  });

  describe("a file it cannot trust or use", () => {
    const SQLITE_FILE = (dir: string) => join(dir, SQLITE_FILE_NAME);

    it("refuses a file of garbage bytes and leaves it untouched", async () => {
      for (const size of [1, 10, 100, 4_096, 70_000]) {
        const dir = freshDir();
        mkdirSync(dir);
        const garbage = Buffer.alloc(size, 0x5a);
        writeFileSync(SQLITE_FILE(dir), garbage);
        const error = await openError(dir);
        expect(error.problem, `size ${size}`).toBe("corrupt");
        expect(error.message).toContain(SQLITE_FILE(dir));
        expect(error.message).toMatch(/backup/);
        expect(readFileSync(SQLITE_FILE(dir)).equals(garbage), `size ${size}`).toBe(true);
      }
    });

    it("refuses a database whose pages are damaged and leaves it untouched", async () => {
      const dir = freshDir();
      const store = await SqliteStore.open({ dataDir: dir });
      for (let i = 0; i < 2_000; i++) await store.set(`user:${i}`, { name: "x".repeat(100) });
      await store.close();
      const bytes = readFileSync(SQLITE_FILE(dir));
      bytes.fill(0x5a, 5 * 4_096 + 100, 5 * 4_096 + 3_100);
      writeFileSync(SQLITE_FILE(dir), bytes);
      const error = await openError(dir);
      expect(error.problem).toBe("corrupt");
      expect(error.message).toContain(SQLITE_FILE(dir));
      expect(readFileSync(SQLITE_FILE(dir)).equals(bytes)).toBe(true);
    });

    it("refuses a file written by a newer schema", async () => {
      const dir = freshDir();
      await (await SqliteStore.open({ dataDir: dir })).close();
      const db = new DatabaseSync(SQLITE_FILE(dir));
      db.exec("PRAGMA user_version = 99");
      db.close();
      const error = await openError(dir);
      expect(error.problem).toBe("unsupported");
      expect(error.message).toContain(SQLITE_FILE(dir));
    });

    it("refuses a data directory it cannot create", async () => {
      const blocker = join(freshDir());
      writeFileSync(blocker, "a file where the folder should be");
      const error = await openError(join(blocker, "data"));
      expect(error.problem).toBe("unwritable");
      expect(error.message).toContain(join(blocker, "data"));
      expect(error.message).toMatch(/DATA_DIR/);
    });

    it("refuses a data directory it may not write in", async () => {
      const dir = freshDir();
      mkdirSync(dir);
      chmodSync(dir, 0o555);
      const { report } = await runChild(dir, "try", { asNobody: true });
      expect(report.error?.name).toBe("StoreOpenError");
      expect(report.error?.problem).toBe("unwritable");
      expect(report.error?.message).toContain(dir);
      expect(existsSync(SQLITE_FILE(dir))).toBe(false);
    });

    it("refuses a file it may not read, leaving it as it was", async () => {
      const dir = freshDir();
      const store = await SqliteStore.open({ dataDir: dir });
      await store.set("k", "v");
      await store.close();
      chmodSync(dir, 0o777);
      chmodSync(SQLITE_FILE(dir), 0o600);
      const before = readFileSync(SQLITE_FILE(dir));
      if (!isRoot()) chmodSync(SQLITE_FILE(dir), 0o000);
      const { report } = await runChild(dir, "try", { asNobody: true });
      expect(report.error?.problem).toBe("unreadable");
      expect(report.error?.message).toContain(SQLITE_FILE(dir));
      chmodSync(SQLITE_FILE(dir), 0o600);
      expect(readFileSync(SQLITE_FILE(dir)).equals(before)).toBe(true);
    });

    it("refuses a file it may read but not write", async () => {
      const dir = freshDir();
      await (await SqliteStore.open({ dataDir: dir })).close();
      chmodSync(dir, 0o777);
      chmodSync(SQLITE_FILE(dir), 0o644);
      if (!isRoot()) chmodSync(SQLITE_FILE(dir), 0o444);
      const { report } = await runChild(dir, "try", { asNobody: true });
      expect(report.error?.problem).toBe("unwritable");
      expect(report.error?.message).toContain(SQLITE_FILE(dir));
    });
  });
});
