/**
 * Opening the SQLite store's file: plain file-system checks first (their messages are clearer
 * than SQLite's), then the exclusive lock, an integrity check and the schema. Every refusal is a
 * StoreOpenError whose message names the file and says what to do.
 * Tests: none directly
 */
import { accessSync, closeSync, constants, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { StoreOpenError, type StoreOpenProblem } from "./errors.ts";

/** Bumped when the table layout changes; a file from a newer bot is refused, never rewritten. */
const SCHEMA_VERSION = 1;
const SQLITE_HEADER = "SQLite format 3\0";

/** Plain file-system checks first: their messages are clearer than SQLite's "disk I/O error". */
export function checkFiles(dir: string, file: string) {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StoreOpenError(
      "unwritable",
      dir,
      `Cannot create the data directory ${dir} (${codeOf(error)}). Create it with write permission for the bot's user, or set DATA_DIR to a writable folder.`,
      error,
    );
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new StoreOpenError(
      "unwritable",
      dir,
      `Cannot write in the data directory ${dir} (${codeOf(error)}); the store ${file} and its journal live there. Give the bot's user write permission on it, or set DATA_DIR to a writable folder.`,
      error,
    );
  }
  for (const path of [file, `${file}-wal`]) {
    let size: number;
    try {
      const stat = statSync(path);
      if (!stat.isFile()) {
        throw new StoreOpenError(
          "unreadable",
          path,
          `${path} is not a regular file. Move it away so the store can be created there, or set DATA_DIR to another folder.`,
        );
      }
      size = stat.size;
    } catch (error) {
      if (error instanceof StoreOpenError) throw error;
      if (codeOf(error) === "ENOENT") continue;
      throw new StoreOpenError(
        "unreadable",
        path,
        `Cannot inspect ${path} (${codeOf(error)}).`,
        error,
      );
    }
    for (const [mode, problem, verb] of [
      [constants.R_OK, "unreadable", "read"],
      [constants.W_OK, "unwritable", "write"],
    ] as const) {
      try {
        accessSync(path, mode);
      } catch (error) {
        throw new StoreOpenError(
          problem,
          path,
          `Cannot ${verb} ${path} (${codeOf(error)}). It holds the bot's data: give the bot's user read and write permission on it; do not delete it.`,
          error,
        );
      }
    }
    // SQLite quietly starts afresh over some tiny non-database files; refuse anything that is
    // not empty and does not carry the SQLite header.
    if (path === file && size > 0 && readHeader(file) !== SQLITE_HEADER) {
      throw new StoreOpenError(
        "corrupt",
        file,
        corruptMessage(file, "it does not start with the SQLite header"),
      );
    }
  }
}

function readHeader(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString("latin1");
  } finally {
    closeSync(fd);
  }
}

/** Opens the file, takes the exclusive lock, verifies it and brings the schema up to date. */
export function openLocked(file: string): DatabaseSync {
  let db: DatabaseSync;
  try {
    // timeout 0: a file locked by someone else is refused at once, not waited for.
    db = new DatabaseSync(file, { timeout: 0 });
  } catch (error) {
    throw sqliteOpenError(file, error);
  }
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    // An immediate transaction takes the write lock, which exclusive mode then keeps.
    db.exec("BEGIN IMMEDIATE; COMMIT");
    const check = db.prepare("PRAGMA quick_check").all();
    const verdict = check.map((row) => String(row.quick_check)).join("; ");
    if (verdict !== "ok") {
      throw new StoreOpenError("corrupt", file, corruptMessage(file, verdict.slice(0, 300)));
    }
    const version = Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
    if (version > SCHEMA_VERSION) {
      throw new StoreOpenError(
        "unsupported",
        file,
        `${file} was written by a newer version of the bot (schema ${version}; this one knows ${SCHEMA_VERSION}). Run the newer version, or restore a backup. The file was left untouched.`,
      );
    }
    const mode = db.prepare("PRAGMA journal_mode = WAL").get()?.journal_mode;
    if (mode !== "wal") throw new Error(`SQLite refused WAL mode (journal_mode is ${mode})`);
    db.exec("PRAGMA synchronous = NORMAL");
    // Checkpoints are where WAL mode fsyncs; fewer of them (WAL up to ~16 MB) make writes cheaper.
    db.exec("PRAGMA wal_autocheckpoint = 4000");
    db.exec(`BEGIN IMMEDIATE;
      CREATE TABLE IF NOT EXISTS kv (
        key TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL,
        expires_at INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS kv_expires_at ON kv (expires_at) WHERE expires_at IS NOT NULL;
      PRAGMA user_version = ${SCHEMA_VERSION};
      COMMIT;`);
    return db;
  } catch (error) {
    try {
      if (db.isTransaction) db.exec("ROLLBACK");
      db.close();
    } catch {
      // Already failing; the first error is the one worth reporting.
    }
    throw error instanceof StoreOpenError ? error : sqliteOpenError(file, error);
  }
}

function sqliteOpenError(file: string, error: unknown): StoreOpenError {
  const code = sqliteCode(error);
  const detail = (error as Error)?.message ?? String(error);
  const [problem, message] = ((): [StoreOpenProblem, string] => {
    switch (code) {
      case 5: // SQLITE_BUSY
      case 6: // SQLITE_LOCKED
        return ["locked", lockedMessage(file)];
      case 11: // SQLITE_CORRUPT
      case 26: // SQLITE_NOTADB
        return ["corrupt", corruptMessage(file, detail)];
      case 8: // SQLITE_READONLY
      case 13: // SQLITE_FULL
        return [
          "unwritable",
          `Cannot write ${file} (${detail}). Check the permissions and free space of its folder.`,
        ];
      default:
        return [
          "unreadable",
          `Cannot open ${file} (${detail}). Check that the bot's user may read and write it and its folder.`,
        ];
    }
  })();
  return new StoreOpenError(problem, file, message, error);
}

export function lockedMessage(file: string): string {
  return `${file} is in use by another bot process (or another store in this process). One file serves one process: stop the other one, or give this one its own DATA_DIR. Several processes together need Redis (REDIS_URL).`;
}

function corruptMessage(file: string, detail: string): string {
  return `${file} is damaged or is not a SQLite database (${detail}). It was left untouched. Restore it from a backup, or move it away to start with an empty store.`;
}

function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown })?.errcode;
  // Extended result codes carry the primary code in their low byte.
  return typeof code === "number" ? code & 0xff : undefined;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);
}
