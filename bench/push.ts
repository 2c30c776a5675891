/**
 * Ozon push → Telegram latency (node bench/push.ts, or npm run bench -- push).
 *
 * The bot runs as `node src/main.ts` (memory store, polls a minute apart so only pushes can be
 * quick) against the sandbox, which POSTs its events to the bot's push path as Ozon would, and
 * the fake Bot API over HTTP. BENCH_PUSH_EVENTS events, new postings and buyer messages in turn,
 * one every BENCH_PUSH_GAP_MS; the latency is from the event at the sandbox to the moment the
 * fake Bot API received the alert or the relayed message (Telegram "accepted" it). Everything
 * goes to one person, and Telegram allows about one message a second per chat (the bot's sender
 * keeps to it), so events come a little over a second apart: closer, the figure would measure
 * that queue instead of the push path.
 * Target: p95 ≤ 1 s.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import type { MainProcess } from "../test/support/main-process.ts";
import { startPushBot, stopPushBot } from "../test/support/push-bot.ts";
import { person } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";

const EVENTS = Number(process.env.BENCH_PUSH_EVENTS ?? 30);
const GAP_MS = Number(process.env.BENCH_PUSH_GAP_MS ?? 1_100);
const ADMIN = person(5151, { first_name: "Owner", language_code: "en" });

const sandbox = await startSandbox({ seed: 31, initialPostings: 20, initialChats: 20 });
const fake = await FakeBotApi.start();
let bot: MainProcess | undefined;
try {
  const ready = await startPushBot(sandbox, fake, ADMIN, { LOG_LEVEL: "warn" });
  bot = ready.bot;
  sandbox.setPushTarget(ready.pushUrl);

  const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED")?.id;
  const expected: Array<{ kind: string; fragment: string; at: number }> = [];
  for (let i = 0; i < EVENTS; i++) {
    const at = Date.now();
    if (i % 2 === 0) {
      expected.push({ kind: "posting", fragment: sandbox.control.addPosting().postingNumber, at });
    } else {
      const text = `Вопрос ${i} ${at}`;
      sandbox.control.buyerWrites(chat, { text });
      expected.push({ kind: "message", fragment: text, at });
    }
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  const arrival = (fragment: string) =>
    fake.calls.find((c) => c.method === "sendMessage" && String(c.payload.text).includes(fragment))
      ?.receivedAt;
  await waitFor(() => expected.every((e) => arrival(e.fragment) !== undefined), {
    timeoutMs: 60_000,
    message: "every alert and message",
  });
  const report = (kind: string) => {
    const latencies = expected
      .filter((e) => e.kind === kind)
      .map((e) => (arrival(e.fragment) as number) - e.at)
      .sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return `${kind}s: n=${latencies.length} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${latencies.at(-1)} ms`;
  };
  const refused = sandbox.pushes.filter((p) => p.status !== 200).length;
  console.log(`push → Telegram accepted (events ${GAP_MS} ms apart, polls every 60 s):`);
  console.log(`  ${report("posting")}`);
  console.log(`  ${report("message")}`);
  console.log(`  pushes sent ${sandbox.pushes.length}, not answered 200: ${refused}`);
} finally {
  await stopPushBot(bot);
  await fake.close();
  await sandbox.close();
}
