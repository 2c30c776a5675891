// node bench/alerts-19.ts [--stores 19] [--rounds 3]
//
// 19 stores each find a new posting for the same person at the same moment (issue 22, item 8).
// Through the sandbox over HTTP, every store's real watcher and the bot's Telegram notifier, the
// fake Bot API over HTTP, and the bot's sender keeping Telegram's real pace (about one message a
// second per private chat, wall clock). An alert's latency runs from the moment every watcher
// starts its pass to the moment its watcher marked it delivered (Telegram accepted the message
// carrying it). Measured twice on the same code: "apart" (alerts bundling switched off: one
// message per alert, as before) and "together" (alerts waiting for the chat go as one digest).
import { parseArgs } from "node:util";
import { TelegramSender } from "../src/bot/core/sender/index.ts";
import { KEEPER, messagesTo, startPostings } from "../test/bot/postings/harness.ts";
import { command } from "../test/support/updates.ts";

const { values: args } = parseArgs({
  options: {
    stores: { type: "string", default: "19" },
    rounds: { type: "string", default: "3" },
  },
});
const STORES = Number(args.stores);
const ROUNDS = Number(args.rounds);

/** The chat's bucket is full again after a second; a little more between rounds. */
const REST_MS = 1_500;

function percentile(sorted: number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, at)] ?? Number.NaN;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function measure(bundleAlerts: boolean) {
  const h = await startPostings({
    stores: STORES,
    sender: () => new TelegramSender(),
    module: { bundleAlerts },
  });
  const watchers = Array.from({ length: STORES }, (_, i) => h.watcherOf(i));
  await h.send(command("subscribe", { from: KEEPER }));
  await Promise.all(watchers.map((watcher) => watcher.runOnce())); // first run: nothing waits
  const latencies: number[] = [];
  const lasts: number[] = [];
  let messages = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    for (const store of h.sandbox.stores) store.control.addPosting();
    const since = h.fake.calls.length;
    const start = performance.now();
    const delivered = await Promise.all(
      watchers.map(async (watcher) => {
        const report = await watcher.runOnce();
        if (report.announced !== 1) throw new Error(`a watcher announced ${report.announced}`);
        return performance.now() - start;
      }),
    );
    latencies.push(...delivered);
    lasts.push(Math.max(...delivered));
    messages += messagesTo(h, KEEPER.id, since).length;
  }
  await h.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    messagesPerRound: messages / ROUNDS,
    lastAlertSeconds: lasts.map(seconds),
    alertP50Seconds: seconds(percentile(sorted, 50)),
    alertP95Seconds: seconds(percentile(sorted, 95)),
  };
}

const apart = await measure(false);
const together = await measure(true);
console.log(JSON.stringify({ stores: STORES, rounds: ROUNDS, apart, together }, null, 2));
