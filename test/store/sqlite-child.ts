/**
 * A second process for the SQLite store tests: `node sqlite-child.ts <dataDir> try|hold [nobody]`.
 * try: opens the store, prints one JSON line ({ ok } or { error }), closes and exits.
 * hold: opens the store, writes `child:pid`, prints {"ready":pid} and keeps the store open
 * until killed.
 * nobody (started as root): becomes user nobody before opening the store. Only then: the code
 * above is read as root, so the checkout may live where nobody cannot read (a private clone).
 */
import { SqliteStore } from "../../src/store/sqlite.ts";

const NOBODY = 65534;

const [dataDir, mode, user] = process.argv.slice(2);
if (!dataDir || (mode !== "try" && mode !== "hold") || (user !== undefined && user !== "nobody")) {
  console.error("usage: sqlite-child.ts <dataDir> try|hold [nobody]");
  process.exit(2);
}
if (user === "nobody") {
  if (!process.setgroups || !process.setgid || !process.setuid) {
    throw new Error("this platform cannot change the user of a process");
  }
  process.setgroups([]);
  process.setgid(NOBODY);
  process.setuid(NOBODY);
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
