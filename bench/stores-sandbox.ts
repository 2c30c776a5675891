// The Ozon sandbox of bench/stores.ts, in a process of its own so its memory and event loop are
// not the bot's: node bench/stores-sandbox.ts <stores> <awaiting postings> <buyer chats>
//
// Prints one JSON line {url, stores: [{name, credentials}]}; everything else goes through the
// sandbox's HTTP control (/_sandbox/requests, /_sandbox/postings?store=, /_sandbox/faults).
// Lines on stdin: "messages <seconds>" makes a buyer write in one chat of every store that often
// (0 stops it; the first one at once), so chat passes see changed chats as in real life. Runs until stdin closes.
import { createInterface } from "node:readline";
import { startSandbox } from "../src/sandbox/index.ts";

const [stores = "1", postings = "0", chats = "0"] = process.argv.slice(2);
const sandbox = await startSandbox({
  seed: 1,
  stores: Number(stores),
  initialPostings: Number(postings),
  historyPostings: 0,
  initialChats: Number(chats),
});
process.stdout.write(
  `${JSON.stringify({
    url: sandbox.url,
    stores: sandbox.stores.map(({ name, credentials }) => ({ name, credentials })),
  })}\n`,
);

let messages: NodeJS.Timeout | undefined;
let said = 0;
function writeEvery(seconds: number): void {
  clearInterval(messages);
  if (!(seconds > 0)) return;
  // One at once, then every `seconds`: a window that starts now holds a known number of them.
  writeOnce();
  messages = setInterval(writeOnce, seconds * 1000);
}

function writeOnce(): void {
  said += 1;
  for (const store of sandbox.stores) {
    const open = store.control.chats().filter((c) => c.kind === "buyer" && c.status === "OPENED");
    // A different chat each time, so each tick is one changed chat per store.
    const chat = open[said % Math.max(1, open.length)];
    if (chat) store.control.buyerWrites(chat.id, { text: `Вопрос ${said}` });
  }
}

const stop = () => {
  clearInterval(messages);
  void sandbox.close().then(() => process.exit(0));
};
createInterface({ input: process.stdin })
  .on("line", (line) => {
    const [command, value] = line.trim().split(/\s+/);
    if (command === "messages") writeEvery(Number(value));
  })
  .on("close", stop);
process.once("SIGTERM", stop);
