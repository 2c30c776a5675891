// node bench/processes.ts [--updates 1500] [--chats 100] [--concurrency 48]
//
// Updates per second with 1, 2 and 4 bot processes (`node src/main.ts`, webhook mode) on one
// Redis, with the chat lock and the shared Telegram budget on, as the fake Bot API delivers
// webhooks round-robin and concurrently (as Telegram does behind a load balancer). Each update is
// a plain message from one of `chats` people (admins, so it reaches the handlers); the bot answers
// each (the fallback), so a round trip is: webhook → lock → session → handler → sendMessage →
// session write → unlock → 200. Figures: updates/s and the ratio to one process.
// The processes share this machine's cores with Redis, the fake and the sandbox: on a 2-core
// machine more processes add little; the ratio shows the cost of the shared state, not the gain
// of more machines.
import { parseArgs } from "node:util";
import { startSandbox } from "../src/sandbox/index.ts";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  sellerEnv,
  startMain,
  stopMainProcesses,
} from "../test/support/main-process.ts";
import { removeKeys, uniquePrefix } from "../test/support/redis.ts";
import { text } from "../test/support/updates.ts";

const { values: args } = parseArgs({
  options: {
    updates: { type: "string", default: "1500" },
    chats: { type: "string", default: "100" },
    concurrency: { type: "string", default: "48" },
  },
});
const UPDATES = Number(args.updates);
const CHATS = Number(args.chats);
const CONCURRENCY = Number(args.concurrency);
const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const people = Array.from({ length: CHATS }, (_, i) => ({
  id: 700_000 + i,
  is_bot: false as const,
  first_name: `P${i}`,
  language_code: "en",
}));

async function measure(processes: number): Promise<number> {
  const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0, initialChats: 0 });
  const fake = await FakeBotApi.start();
  const prefix = uniquePrefix("bench-processes");
  try {
    const runs: Array<{ run: MainProcess; port: number }> = [];
    for (let i = 0; i < processes; i++) {
      const port = await freePort();
      const run = startMain({
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        ADMIN_IDS: people.map((p) => p.id).join(","),
        REDIS_URL,
        REDIS_PREFIX: prefix,
        BOT_MODE: "webhook",
        WEBHOOK_URL: "https://bot.example.test/telegram",
        PORT: String(port),
        ...sellerEnv(sandbox),
      });
      runs.push({ run, port });
    }
    await Promise.all(
      runs.map(({ run }) => run.waitForLog((line) => line.msg.startsWith("Bot @"), 30_000)),
    );
    const hooks = fake.webhooks(runs.map((r) => r.port));
    const send = async (count: number) => {
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const i = next++;
          const from = people[i % people.length] as (typeof people)[number];
          const answer = await hooks.deliver(text(`hello ${i}`, { from }));
          if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };
    await send(Math.min(200, UPDATES)); // warm-up: JIT, connections, sessions
    const started = performance.now();
    await send(UPDATES);
    return UPDATES / ((performance.now() - started) / 1000);
  } finally {
    stopMainProcesses();
    await removeKeys(REDIS_URL, prefix);
    await fake.close();
    await sandbox.close();
  }
}

const results: Array<{ processes: number; perSecond: number }> = [];
for (const processes of [1, 2, 4]) {
  const perSecond = await measure(processes);
  results.push({ processes, perSecond });
}
const base = results[0]?.perSecond ?? 1;
console.log(
  `${UPDATES} updates from ${CHATS} chats, ${CONCURRENCY} in flight, webhooks round-robin, Redis store`,
);
for (const { processes, perSecond } of results) {
  console.log(
    `${processes} process${processes > 1 ? "es" : ""}: ${perSecond.toFixed(0)} updates/s (×${(perSecond / base).toFixed(2)})`,
  );
}
