// The Ozon sandbox of bench/stores.ts, in a process of its own so its memory and event loop are
// not the bot's: node bench/stores-sandbox.ts <stores> <awaiting postings> <buyer chats>
//
// Prints one JSON line {url, stores: [{name, credentials}]}; everything else goes through the
// sandbox's HTTP control (/_sandbox/requests, /_sandbox/postings?store=, /_sandbox/faults).
// Lines on stdin: "messages <seconds>" makes a buyer write in one chat of every store that often
// (0 stops it), so chat passes see changed chats as in real life. Runs until stdin closes.
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

let timers: NodeJS.Timeout[] = [];
let said = 0;
/**
 * A buyer writes in every store once each `seconds`, store k at (k + ½)/N of the period: a
 * window of that length that starts now holds exactly one changed chat per store (none falls
 * on its edges),
 * and the bot's relayed messages come spread out, as buyers write, not all in one instant.
 */
function writeEvery(seconds: number): void {
  for (const timer of timers) clearTimeout(timer);
  timers = [];
  if (!(seconds > 0)) return;
  const periodMs = seconds * 1000;
  sandbox.stores.forEach((store, index) => {
    const write = () => {
      said += 1;
      const open = store.control.chats().filter((c) => c.kind === "buyer" && c.status === "OPENED");
      // A different chat each time, so each write is one more changed chat.
      const chat = open[said % Math.max(1, open.length)];
      if (chat) store.control.buyerWrites(chat.id, { text: `Вопрос ${said}` });
    };
    timers.push(
      setTimeout(
        () => {
          write();
          timers.push(setInterval(write, periodMs));
        },
        (periodMs * (index + 0.5)) / sandbox.stores.length,
      ),
    );
  });
}

const stop = () => {
  writeEvery(0);
  void sandbox.close().then(() => process.exit(0));
};
createInterface({ input: process.stdin })
  .on("line", (line) => {
    const [command, value] = line.trim().split(/\s+/);
    if (command === "messages") writeEvery(Number(value));
  })
  .on("close", stop);
process.once("SIGTERM", stop);
