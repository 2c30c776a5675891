/**
 * A second process for the SQLite store tests: `node sqlite-child.ts <dataDir> try|hold`.
 * try: opens the store, prints one JSON line ({ ok } or { error }), closes and exits.
 * hold: opens the store, writes `child:pid`, prints {"ready":pid} and keeps the store open
 * until killed.
 */
import { SqliteStore } from "../../src/store/sqlite.ts";

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || (mode !== "try" && mode !== "hold")) {
  console.error("usage: sqlite-child.ts <dataDir> try|hold");
  process.exit(2);
}

try {
  const store = await SqliteStore.open({ dataDir });
  if (mode === "hold") {
    await store.set("child:pid", process.pid);
    console.log(JSON.stringify({ ready: process.pid }));
    setInterval(() => {}, 60_000);
  } else {
    console.log(JSON.stringify({ ok: true }));
    await store.close();
  }
} catch (error) {
  const { name, message, problem, location } = error as Error & Record<string, unknown>;
  console.log(JSON.stringify({ error: { name, message, problem, location } }));
  process.exitCode = 1;
}
