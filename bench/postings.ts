// node bench/postings.ts [--postings 1000] [--speedup 20] [--store memory|file]
//
// 1 000 new postings in one pass to 3 subscribers (two people and a group), through the real
// sandbox over HTTP and the real Seller client, with a notifier that goes through the bot's
// Telegram sender.
//
// The sender enforces Telegram's real limits (1 msg/s per private chat, 20/min per group, 30/s in
// all) on a SCALED clock: its time runs `speedup` times faster than the wall clock, so "Telegram
// time" figures are what a real bot would take, while the benchmark itself finishes sooner.
// Every send's Telegram time is recorded and the limits are checked on it afterwards. Timer
// lateness (a few ms of wall time) is multiplied by `speedup` on that clock, so a large speedup
// overstates the delivery time; 20 keeps the error near a second and the run near 5 s.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Priority, TelegramSender } from "../src/bot/core/sender/index.ts";
import { createScaledClock } from "../src/clock.ts";
import { createSellerClient } from "../src/ozon/seller/client.ts";
import type { Posting } from "../src/ozon/seller/types.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import {
  type DigestInfo,
  type PostingNotifier,
  TELEGRAM_TEXT_LIMIT,
} from "../src/services/postings/notifier.ts";
import { PostingWatcher } from "../src/services/postings/watcher.ts";
import { type Subscriber, SubscriptionService } from "../src/services/subscriptions.ts";
import { MemoryStore } from "../src/store/memory.ts";
import type { Store } from "../src/store/port.ts";
import { SqliteStore } from "../src/store/sqlite.ts";

const { values: args } = parseArgs({
  options: {
    postings: { type: "string", default: "1000" },
    speedup: { type: "string", default: "20" },
    store: { type: "string", default: "memory" },
  },
});
const POSTINGS = Number(args.postings);
const SPEEDUP = Number(args.speedup);

interface Sent {
  chatId: number;
  kind: Subscriber["kind"];
  /** Sender (Telegram) time. */
  at: number;
  /** Wall-clock time (performance.now). */
  wallAt: number;
  postings: string[];
  chars: number;
}

/** A plain-text stand-in for the bot's formatting, to check digests stay within 4096 characters. */
function digestText(postings: readonly Posting[], info: DigestInfo): string {
  const lines = postings.map((p) => {
    const deadline = p.shipmentDate?.slice(0, 16).replace("T", " ") ?? "—";
    const first = p.products[0];
    const name = (first?.name ?? "").slice(0, 40);
    const more = p.products.length > 1 ? ` +${p.products.length - 1}` : "";
    return `• ${p.postingNumber} до ${deadline} — ${name}${more} /p_${p.postingNumber.replaceAll("-", "_")}`;
  });
  return [`Новые отправления: ${info.total} (часть ${info.part} из ${info.parts})`, ...lines].join(
    "\n",
  );
}

async function openStore(): Promise<{ store: Store; cleanup: () => Promise<void> }> {
  if (args.store === "file") {
    const dir = await mkdtemp(join(tmpdir(), "bench-postings-"));
    const store = await SqliteStore.open({ dataDir: dir });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const store = new MemoryStore();
  return { store, cleanup: () => store.close() };
}

const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
const seller = createSellerClient({
  baseUrl: sandbox.sellerUrl,
  clientId: sandbox.credentials.sellerClientId,
  apiKey: sandbox.credentials.sellerApiKey,
});
const { store, cleanup } = await openStore();
const clock = createScaledClock(SPEEDUP);
const sender = new TelegramSender({ clock });
const sent: Sent[] = [];

const paced =
  (subscriber: Subscriber, priority: Priority, postings: readonly Posting[], text: string) =>
  async (): Promise<void> => {
    const { chatId, kind } = subscriber;
    await sender.schedule({ chatId, kind, priority }, async () => {
      // Here the bot calls the Bot API; the promise resolves when Telegram accepted the message.
      sent.push({
        chatId: subscriber.chatId,
        kind: subscriber.kind,
        at: clock.now(),
        wallAt: performance.now(),
        postings: postings.map((p) => p.postingNumber),
        chars: text.length,
      });
    });
  };

const notifier: PostingNotifier = {
  alert: (s, p) => paced(s, "alert", [p], `Новое отправление ${p.postingNumber}`)(),
  summary: (s, count) => paced(s, "bulk", [], `Ждут сборки: ${count}`)(),
  digest: (s, postings, info) => paced(s, "bulk", postings, digestText(postings, info))(),
  reminder: (s, p) => paced(s, "alert", [p], `Скоро срок отгрузки ${p.postingNumber}`)(),
};

const subscriptions = new SubscriptionService(store);
const subscribers = [
  { chatId: 501, kind: "private" as const, subscribedBy: 501 },
  { chatId: 502, kind: "private" as const, subscribedBy: 502 },
  { chatId: -1_000_503, kind: "group" as const, subscribedBy: 501 },
];
for (const s of subscribers) await subscriptions.subscribe(s);
// The seller as the watcher sees it, timing the listing (all pages) in wall-clock time.
const listing = { startedAt: 0, endedAt: 0 };
const timedSeller = {
  postings: {
    async *listAwaitingPackaging() {
      listing.startedAt = performance.now();
      yield* seller.postings.listAwaitingPackaging();
      listing.endedAt = performance.now();
    },
  },
};
const watcher = new PostingWatcher({ seller: timedSeller, store, subscriptions, notifier });

await watcher.runOnce(); // first run: nothing waiting yet, so no summary
const added = Array.from({ length: POSTINGS }, () => sandbox.control.addPosting().postingNumber);
sandbox.resetCounters();

const heapBefore = process.memoryUsage().heapUsed;
let peakHeap = heapBefore;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakHeap = Math.max(peakHeap, usage.heapUsed);
  peakRss = Math.max(peakRss, usage.rss);
}, 5);

const realStart = performance.now();
const telegramStart = clock.now();
const pass = await watcher.runOnce();
const telegramMs = clock.now() - telegramStart;
const realMs = performance.now() - realStart;
clearInterval(sampler);
const apiCalls = sandbox.counters();
const listingMs = listing.endedAt - listing.startedAt;

sandbox.resetCounters();
const sentBefore = sent.length;
const again = await watcher.runOnce();
const secondPassApiCalls = sandbox.counters();

// ---- checks -------------------------------------------------------------------------------------
const all = new Set(added);
const pageSize = 100; // the Seller client's default page size for the list
const pages = Math.ceil(pass.awaiting / pageSize);
const listCalls = Object.entries(apiCalls)
  .filter(([route]) => route.includes("unfulfilled/list"))
  .reduce((sum, [, n]) => sum + n, 0);

const passSends = sent.slice(0, sentBefore);
const firstWall = Math.min(...passSends.map((m) => m.wallAt));
const deliverySpanMs =
  Math.max(...passSends.map((m) => m.at)) - Math.min(...passSends.map((m) => m.at));
const firstTelegram = Math.min(...passSends.map((m) => m.at));
const perSubscriber = subscribers.map((s) => {
  const mine = sent.filter((m) => m.chatId === s.chatId);
  const delivered = new Set(mine.flatMap((m) => m.postings));
  const times = mine.map((m) => m.at);
  const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
  return {
    chat: `${s.kind} ${s.chatId}`,
    messages: mine.length,
    postings: delivered.size,
    missing: [...all].filter((n) => !delivered.has(n)).length,
    duplicates: mine.flatMap((m) => m.postings).length - delivered.size,
    longestText: Math.max(0, ...mine.map((m) => m.chars)),
    minGapMs: gaps.length ? Math.round(Math.min(...gaps)) : null,
    // Telegram time from the pass's first message to this chat's last one.
    lastMessageAfterS: times.length
      ? ((Math.max(...times) - firstTelegram) / 1000).toFixed(1)
      : "—",
  };
});

function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs - 1e-6) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
const groupTimes = sent.filter((m) => m.kind === "group").map((m) => m.at);

console.log(`posting watcher: ${POSTINGS} new postings, 3 subscribers, store=${store.kind}`);
console.table(perSubscriber);
console.log(
  [
    `Seller API calls in the pass: ${JSON.stringify(apiCalls)}`,
    `  list calls ${listCalls} for ${pages} pages of ${pageSize} (target: ≤ 1 per page)`,
    `pass report: ${JSON.stringify(pass.sent)}, announced ${pass.announced}, failed ${pass.failed.length}`,
    `listing ${pass.awaiting} postings (${listCalls} pages over HTTP): ${listingMs.toFixed(0)} ms; ` +
      `first message ${(firstWall - realStart).toFixed(0)} ms after the pass began (wall clock)`,
    `paced delivery, first to last message: ${(deliverySpanMs / 1000).toFixed(1)} s of Telegram time`,
    `time to deliver all ≈ ${((firstWall - realStart) / 1000 + deliverySpanMs / 1000).toFixed(1)} s ` +
      `(wall time before the first message + paced span; the run took ${(realMs / 1000).toFixed(2)} s ` +
      `of wall time with the sender's clock ×${SPEEDUP}, i.e. ${(telegramMs / 1000).toFixed(1)} s on that clock)`,
    `Telegram limits on the recorded sends: group max ${maxInWindow(groupTimes, 60_000)}/min, ` +
      `all chats max ${maxInWindow(
        sent.map((m) => m.at),
        1000,
      )}/s, longest text ${Math.max(...sent.map((m) => m.chars))}/${TELEGRAM_TEXT_LIMIT} chars`,
    `peak memory: heapUsed ${(peakHeap / 2 ** 20).toFixed(1)} MB (${(heapBefore / 2 ** 20).toFixed(1)} MB before the pass), rss ${(peakRss / 2 ** 20).toFixed(1)} MB, ` +
      `maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB (whole process, sandbox included)`,
    `second pass: ${sent.length - sentBefore} messages, Seller API calls ${JSON.stringify(secondPassApiCalls)}, ` +
      `announced ${again.announced}`,
  ].join("\n"),
);

const problems: string[] = [];
if (listCalls > pages) problems.push(`${listCalls} list calls for ${pages} pages`);
for (const s of perSubscriber) {
  if (s.messages > 25) problems.push(`${s.chat}: ${s.messages} messages (> 25)`);
  if (s.missing > 0) problems.push(`${s.chat}: ${s.missing} postings lost`);
  if (s.duplicates > 0) problems.push(`${s.chat}: ${s.duplicates} postings twice`);
  if (s.longestText > TELEGRAM_TEXT_LIMIT) problems.push(`${s.chat}: a text over 4096 characters`);
}
if (maxInWindow(groupTimes, 60_000) > 20) problems.push("group over 20 messages a minute");
if (sent.length !== sentBefore) problems.push("the second pass sent messages again");
console.log(problems.length === 0 ? "targets met" : `TARGETS MISSED:\n  ${problems.join("\n  ")}`);

await watcher.stop();
await sender.close();
await seller.close();
await sandbox.close();
await cleanup();
process.exit(problems.length === 0 ? 0 : 1);
