// node bench/postings-telegram.ts [--postings 1000] [--speedup 20]
//
// End to end: 1 000 new postings in one pass to 3 subscribers (two people and a group) through
// the sandbox over HTTP, the real Seller client, the bot's Telegram notifier (real formatting,
// buttons, i18n) and the fake Bot API over HTTP. The bot's sender enforces Telegram's limits on a clock
// running `speedup` times faster than the wall clock, so "Telegram time" is what a real bot would
// take. Figures: messages per subscriber, Seller API calls, time to deliver all, peak memory.
import { parseArgs } from "node:util";
import { TelegramSender } from "../src/bot/core/sender/index.ts";
import { createScaledClock } from "../src/clock.ts";
import { ADMIN, KEEPER, PACKER, startPostings } from "../test/bot/postings/harness.ts";
import { command, group } from "../test/support/updates.ts";

const { values: args } = parseArgs({
  options: {
    postings: { type: "string", default: "1000" },
    speedup: { type: "string", default: "20" },
  },
});
const POSTINGS = Number(args.postings);
const SPEEDUP = Number(args.speedup);
const clock = createScaledClock(SPEEDUP);

const h = await startPostings({ sender: () => new TelegramSender({ clock }) });
const team = group(-1_000_777);
await h.send(command("subscribe", { from: KEEPER }));
await h.send(command("subscribe", { from: PACKER }));
await h.send(command("subscribe", { from: ADMIN, chat: team }));
await h.watcher.runOnce(); // first run: nothing waiting yet

for (let i = 0; i < POSTINGS; i++) h.sandbox.control.addPosting();
h.sandbox.resetCounters();
const before = h.fake.calls.length;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const wallStart = performance.now();
const clockStart = clock.now();
const report = await h.watcher.runOnce();
const wallMs = performance.now() - wallStart;
const telegramMs = clock.now() - clockStart;
clearInterval(sampler);

const sends = h.fake.calls.slice(before).filter((c) => c.method === "sendMessage");
const chats = [KEEPER.id, PACKER.id, team.id];
const perChat = chats.map((chatId) => {
  const mine = sends.filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);
  const text = mine.map((c) => String(c.payload.text)).join("\n");
  const covered = h.sandbox.control.postings().filter((p) => text.includes(p.postingNumber)).length;
  const longest = Math.max(...mine.map((c) => String(c.payload.text).length));
  return { chatId, messages: mine.length, postingsCovered: covered, longestText: longest };
});
const counters = h.sandbox.counters();
const listCalls = Object.entries(counters)
  .filter(([route]) => route.includes("unfulfilled/list"))
  .reduce((sum, [, n]) => sum + n, 0);

console.log(
  JSON.stringify(
    {
      postings: POSTINGS,
      pass: report.sent,
      announced: report.announced,
      failed: report.failed,
      perSubscriber: perChat,
      sellerApiCalls: counters,
      listCalls,
      telegramTimeSeconds: Math.round(telegramMs / 100) / 10,
      wallSeconds: Math.round(wallMs / 100) / 10,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    },
    null,
    2,
  ),
);
await h.close();
