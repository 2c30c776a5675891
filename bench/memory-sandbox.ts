// The Ozon sandbox of bench/memory.ts, in a process of its own so its memory is not counted as
// the bot's: node bench/memory-sandbox.ts <awaiting postings> <buyer chats> [stores]
// (postings and chats per store; stores: 1 unless given).
//
// Prints one JSON line with its URL and each store's credentials, then one line per list request
// the bot makes ({"list":"postings"|"chats","store":<Client-Id>,"at":<ms>}), which is how the
// benchmark sees a store's poll pass end. Runs until stdin closes (the benchmark went away) or
// SIGTERM.
import { startSandbox } from "../src/sandbox/index.ts";

const [postings = "0", chats = "0", stores = "1"] = process.argv.slice(2);
const sandbox = await startSandbox({
  seed: 1,
  stores: Number(stores),
  initialPostings: Number(postings),
  historyPostings: 0,
  initialChats: Number(chats),
});
const write = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
write({
  url: sandbox.url,
  stores: sandbox.stores.map(({ name, credentials }) => ({ name, credentials })),
});

const LISTS: Array<[RegExp, string]> = [
  [/^\/v\d\/posting\/fbs\/unfulfilled\/list$/, "postings"],
  [/^\/v\d\/chat\/list$/, "chats"],
];
let reported = 0;
const watch = setInterval(() => {
  const log = sandbox.requests;
  // The sandbox trims its log at 100 000 entries; the benchmark ends long before.
  for (; reported < log.length; reported++) {
    const entry = log[reported];
    const list = entry && LISTS.find(([pattern]) => pattern.test(entry.path))?.[1];
    if (entry && list) write({ list, store: entry.store, at: entry.at, status: entry.status });
  }
}, 50);

const stop = () => {
  clearInterval(watch);
  void sandbox.close().then(() => process.exit(0));
};
process.stdin.on("end", stop).resume();
process.once("SIGTERM", stop);
