/** Tests: test/store/sqlite.test.ts, test/store/lease.test.ts and 13 more */
import { existsSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import {
  checkedSum,
  checkIncrement,
  checkPageLimit,
  counterValue,
  decodeValue,
  encodeChanges,
  encodeValue,
  pageRange,
  prefixUpperBound,
  ttlOf,
} from "./codec.ts";
import { StoreOpenError } from "./errors.ts";
import type { Change, PageOptions, SetOptions, Store } from "./port.ts";
import { checkFiles, lockedMessage, openLocked } from "./sqlite-open.ts";

export const SQLITE_FILE_NAME = "ozon-bot.sqlite";

const PURGE_BATCH = 500;

/**
 * Files open in this process. A second opener here is refused before it touches the file:
 * POSIX locks belong to the process, so merely closing a descriptor of the file (the header
 * check) would drop the holder's lock and let another process in.
 */
const openHere = new Set<string>();

export interface SqliteStoreOptions {
  /** Folder holding `ozon-bot.sqlite` (DATA_DIR); created when missing. */
  dataDir: string;
  /** How often expired rows are purged; they are invisible at once regardless. */
  sweepIntervalMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** Told about a failed background purge (the store keeps working). */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * Everything in one SQLite file through Node's built-in `node:sqlite`, for a bot that runs as a
 * single process without Redis.
 *
 * One file, one process: the connection uses `locking_mode=EXCLUSIVE` and takes the write lock
 * at open, so the operating system lock on the file is held until `close()` or until the
 * process dies (even by SIGKILL, so no stale lock survives). A second opener, in this process or
 * another, gets a StoreOpenError naming the file. With an exclusive lock SQLite keeps the WAL
 * index in process memory, so WAL works without the shared-memory `-shm` file.
 *
 * node:sqlite is synchronous: each operation below runs to completion without yielding, so a
 * read-then-write (increment) cannot interleave with another call and needs no transaction.
 * `synchronous=NORMAL` with WAL: a commit survives the process crashing; a power cut may lose
 * the last moments of writes but never corrupts the file.
 */
export class SqliteStore implements Store {
  readonly kind = "file" as const;
  /** Absolute path of the database file. */
  readonly file: string;
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;
  readonly #onBackgroundError: (error: unknown) => void;
  readonly #sql: ReturnType<typeof prepareStatements>;
  /** listPage's statements by their shape (direction, open lower end, upper end). */
  readonly #pageSql = new Map<string, StatementSync>();
  #closed = false;

  /** Opens (and creates when missing) `<dataDir>/ozon-bot.sqlite`; throws StoreOpenError. */
  static async open(options: SqliteStoreOptions): Promise<SqliteStore> {
    const given = resolve(options.dataDir);
    // The real path, so two spellings of one folder (a symlink, "..") count as one file.
    const dir = existsSync(given) ? realpathSync(given) : given;
    const file = join(dir, SQLITE_FILE_NAME);
    if (openHere.has(file)) throw new StoreOpenError("locked", file, lockedMessage(file));
    checkFiles(dir, file);
    const db = openLocked(file);
    try {
      const store = new SqliteStore(db, file, options);
      openHere.add(file);
      return store;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Use `SqliteStore.open`, which checks the file and takes the lock first. */
  private constructor(db: DatabaseSync, file: string, options: SqliteStoreOptions) {
    this.#db = db;
    this.file = file;
    this.#now = options.now ?? Date.now;
    this.#onBackgroundError = options.onBackgroundError ?? (() => {});
    this.#sql = prepareStatements(db);
    this.#sweeper = setInterval(() => this.#sweep(), options.sweepIntervalMs ?? 5_000);
    this.#sweeper.unref();
  }

  /** Deletes expired rows (at most one batch); returns how many. The background sweep calls it. */
  purgeExpired(): number {
    return Number(this.#sql.purge.run(this.#now(), PURGE_BATCH).changes);
  }

  /** Rows held, expired or not (tests check that the sweep purges). */
  rawCount(): number {
    return Number(this.#sql.count.get()?.n ?? 0);
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const row = this.#sql.get.get(key, this.#now());
    return row ? decodeValue<T>(row.value as string) : undefined;
  }

  async set(key: string, value: unknown, options?: SetOptions): Promise<void> {
    this.#sql.set.run(key, encodeValue(key, value), this.#expiresAt(options));
  }

  async setIfAbsent(key: string, value: unknown, options?: SetOptions): Promise<boolean> {
    const json = encodeValue(key, value);
    const result = this.#sql.setIfAbsent.run(key, json, this.#expiresAt(options), this.#now());
    return Number(result.changes) === 1;
  }

  async delete(key: string): Promise<boolean> {
    const row = this.#sql.take.get(key);
    return row !== undefined && this.#isLive(row.expires_at);
  }

  async take<T = unknown>(key: string): Promise<T | undefined> {
    // One DELETE ... RETURNING: the row is gone the moment it is read.
    const row = this.#sql.take.get(key);
    if (!row || !this.#isLive(row.expires_at)) return undefined;
    return decodeValue<T>(row.value as string);
  }

  async list<T = unknown>(prefix: string): Promise<Array<{ key: string; value: T }>> {
    // A key range rather than LIKE, so % and _ in the prefix are plain characters.
    const bound = prefixUpperBound(prefix);
    const now = this.#now();
    const rows =
      bound === undefined
        ? this.#sql.listFrom.all(prefix, now)
        : this.#sql.listRange.all(prefix, bound, now);
    return rows.map((row) => ({
      key: row.key as string,
      value: decodeValue<T>(row.value as string),
    }));
  }

  async listPage<T = unknown>(
    prefix: string,
    options: PageOptions,
  ): Promise<Array<{ key: string; value: T }>> {
    checkPageLimit(options.limit);
    const reverse = options.reverse === true;
    const { lower, lowerOpen, upper } = pageRange(prefix, reverse, options.after);
    // A key range walked on the primary key's index from one end, stopping at the limit.
    const shape = `${reverse ? "desc" : "asc"}:${lowerOpen ? ">" : ">="}:${upper === undefined ? "" : "<"}`;
    let statement = this.#pageSql.get(shape);
    if (!statement) {
      const upperSql = upper === undefined ? "" : "AND key < ?";
      statement = this.#db.prepare(
        `SELECT key, value FROM kv WHERE key ${lowerOpen ? ">" : ">="} ? ${upperSql} AND ${LIVE}
         ORDER BY key ${reverse ? "DESC" : "ASC"} LIMIT ?`,
      );
      this.#pageSql.set(shape, statement);
    }
    const bounds = upper === undefined ? [lower] : [lower, upper];
    const rows = statement.all(...bounds, this.#now(), options.limit);
    return rows.map((row) => ({
      key: row.key as string,
      value: decodeValue<T>(row.value as string),
    }));
  }

  async increment(key: string, by = 1): Promise<number> {
    checkIncrement(by);
    const row = this.#sql.getWithExpiry.get(key, this.#now());
    const next = checkedSum(key, row ? counterValue(key, row.value as string) : 0, by);
    // Synchronous read and write: nothing else runs in between (see the class comment).
    this.#sql.set.run(key, JSON.stringify(next), (row?.expires_at as number | null) ?? null);
    return next;
  }

  async compareAndSet(
    key: string,
    expected: unknown,
    next: unknown,
    options?: SetOptions,
  ): Promise<boolean> {
    const expectedJson = encodeValue(key, expected);
    const now = this.#now();
    const result =
      next === undefined
        ? this.#sql.deleteIf.run(key, expectedJson, now)
        : this.#sql.replaceIf.run(
            encodeValue(key, next),
            this.#expiresAt(options),
            key,
            expectedJson,
            now,
          );
    return Number(result.changes) === 1;
  }

  async compareAndSetMany(changes: readonly Change[]): Promise<boolean> {
    const encoded = encodeChanges(changes);
    const now = this.#now();
    for (const change of encoded) {
      const current = this.#sql.get.get(change.key, now)?.value as string | undefined;
      if (current !== change.expected) return false;
    }
    // Synchronous checks and writes (see the class comment); the transaction makes the writes
    // one commit, so a crash keeps all of them or none.
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      for (const change of encoded) {
        if (change.next === undefined) this.#sql.take.get(change.key);
        else {
          const expiresAt = change.ttlMs === undefined ? null : now + change.ttlMs;
          this.#sql.set.run(change.key, change.next, expiresAt);
        }
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
    return true;
  }

  async ping(): Promise<boolean> {
    if (this.#closed) return false;
    try {
      this.#sql.ping.get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#sweeper);
    // Closing checkpoints the WAL into the file and releases the lock.
    try {
      this.#db.close();
    } finally {
      openHere.delete(this.file);
    }
  }

  #sweep() {
    if (this.#closed) return;
    try {
      // A full batch means more are waiting: continue soon, without one long statement.
      if (this.purgeExpired() === PURGE_BATCH) setImmediate(() => this.#sweep());
    } catch (error) {
      this.#onBackgroundError(error);
    }
  }

  #expiresAt(options: SetOptions | undefined): number | null {
    const ttlMs = ttlOf(options);
    return ttlMs === undefined ? null : this.#now() + ttlMs;
  }

  #isLive(expiresAt: unknown): boolean {
    return expiresAt === null || (expiresAt as number) > this.#now();
  }
}

/** A row counts only while unexpired; the bound parameter is the current time. */
const LIVE = "(expires_at IS NULL OR expires_at > ?)";

function prepareStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    get: prepare(`SELECT value FROM kv WHERE key = ? AND ${LIVE}`),
    getWithExpiry: prepare(`SELECT value, expires_at FROM kv WHERE key = ? AND ${LIVE}`),
    set: prepare(
      `INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    ),
    // Replaces only an expired row: a live one makes the upsert change nothing.
    setIfAbsent: prepare(
      `INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
       WHERE kv.expires_at IS NOT NULL AND kv.expires_at <= ?`,
    ),
    take: prepare("DELETE FROM kv WHERE key = ? RETURNING value, expires_at"),
    listRange: prepare(
      `SELECT key, value FROM kv WHERE key >= ? AND key < ? AND ${LIVE}
       ORDER BY key`,
    ),
    listFrom: prepare(`SELECT key, value FROM kv WHERE key >= ? AND ${LIVE} ORDER BY key`),
    replaceIf: prepare(
      `UPDATE kv SET value = ?, expires_at = ?
       WHERE key = ? AND value = ? AND ${LIVE}`,
    ),
    deleteIf: prepare(`DELETE FROM kv WHERE key = ? AND value = ? AND ${LIVE}`),
    purge: prepare(
      `DELETE FROM kv WHERE key IN
       (SELECT key FROM kv WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    ),
    count: prepare("SELECT count(*) AS n FROM kv"),
    ping: prepare("SELECT 1"),
  };
}
