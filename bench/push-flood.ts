/**
 * A flood of junk Ozon pushes (node bench/push-flood.ts, or npm run bench -- push-flood).
 *
 * The bot runs as `node src/main.ts` against the sandbox and the fake Bot API, its push receiver
 * open to any address (OZON_PUSH_ALLOW unset, the default), polls a minute apart, the Redis store
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379, a prefix of its own; without Redis the memory
 * store, and keys are not counted). BENCH_FLOOD_PUSHES junk pushes (default 4 000) are sent over
 * BENCH_FLOOD_SECONDS (default 20): events for the served Client-Id naming made-up postings and
 * chats, events for Client-Ids the bot does not serve, broken bodies. Printed:
 * - Ozon calls per second during the flood (all of them: forced passes and regular polls);
 * - new store keys the flood left;
 * - log lines the bot wrote during the flood (LOG_LEVEL info);
 * - the latency of a real new posting and a real buyer message pushed right after the flood, from
 *   the event at the sandbox to the fake Bot API receiving the alert.
 * Targets (issue 22): ≤ ~2 Ozon calls/s, ≤ ~200 new keys, a handful of log lines, ≤ ~1 s.
 */
import { Redis } from "ioredis";
import { startSandbox } from "../src/sandbox/index.ts";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import type { MainProcess } from "../test/support/main-process.ts";
import { startPushBot, stopPushBot } from "../test/support/push-bot.ts";
import { junkMix, postAll } from "../test/support/push-receiver.ts";
import { removeKeys } from "../test/support/redis.ts";
import { person } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";

const PUSHES = Number(process.env.BENCH_FLOOD_PUSHES ?? 4_000);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `bench:push-flood:${process.pid}:`;
const ADMIN = person(5151, { first_name: "Owner", language_code: "en" });

async function redisClient(): Promise<Redis | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return undefined;
  }
}

async function listKeys(client: Redis): Promise<Set<string>> {
  const found = new Set<string>();
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 1000);
    for (const key of keys) found.add(key.slice(PREFIX.length));
    cursor = next;
  } while (cursor !== "0");
  return found;
}

/** "push:queue ×2, postings:ledger ×1": new keys by their first two segments. */
function kinds(keys: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const kind = key.split(":").slice(0, 2).join(":");
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind} ×${n}`).join(", ");
}

const redis = await redisClient();
const sandbox = await startSandbox({ seed: 41, initialPostings: 20, initialChats: 20 });
const fake = await FakeBotApi.start();
let bot: MainProcess | undefined;
try {
  const ready = await startPushBot(sandbox, fake, ADMIN, {
    ...(redis ? { STORE: "redis", REDIS_URL, REDIS_PREFIX: PREFIX } : {}),
    LOG_LEVEL: "info",
  });
  bot = ready.bot;
  const pushUrl = ready.pushUrl;
  sandbox.setPushTarget(pushUrl);
  const clientId = sandbox.credentials.sellerClientId;

  const keysBefore = redis ? await listKeys(redis) : undefined;
  const logsBefore = bot.logs.length;
  const callsBefore = sandbox.requests.length;
  const started = Date.now();
  // In slices of a tenth of a second, each sent at its time: a steady rate, not one burst.
  const slices = SECONDS * 10;
  const perSlice = Math.ceil(PUSHES / slices);
  const statuses: number[] = [];
  for (let slice = 0; slice * perSlice < PUSHES; slice++) {
    const due = started + slice * 100;
    if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const count = Math.min(perSlice, PUSHES - slice * perSlice);
    statuses.push(...(await postAll(pushUrl, junkMix(slice * perSlice, count, clientId), 32)));
  }
  const floodMs = Date.now() - started;
  const calls = sandbox.requests.slice(callsBefore);
  const logLines = bot.logs.length - logsBefore;
  const keysAfter = redis ? await listKeys(redis) : undefined;

  // Real news right after the flood: a new posting, then (a second later, one chat) a message.
  const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED")?.id;
  const arrival = (fragment: string) =>
    fake.calls.find((c) => c.method === "sendMessage" && String(c.payload.text).includes(fragment))
      ?.receivedAt;
  const postingAt = Date.now();
  const posting = sandbox.control.addPosting().postingNumber;
  await waitFor(() => arrival(posting), { timeoutMs: 30_000, message: "the real posting's alert" });
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const text = `Вопрос после потопа ${Date.now()}`;
  const messageAt = Date.now();
  sandbox.control.buyerWrites(chat, { text });
  await waitFor(() => arrival(text), { timeoutMs: 30_000, message: "the real message" });

  const perSecond = new Map<number, number>();
  for (const call of calls) {
    const second = Math.floor((call.at - started) / 1_000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const answered = (status: number) => statuses.filter((s) => s === status).length;
  console.log(`${PUSHES} junk pushes in ${(floodMs / 1000).toFixed(1)} s (receiver open to all):`);
  console.log(
    `  answers: 200 ${answered(200)}, 400 ${answered(400)}, 409 ${answered(409)}, 415 ${answered(415)}, other ${statuses.length - answered(200) - answered(400) - answered(409) - answered(415)}`,
  );
  console.log(
    `  Ozon calls: ${calls.length} = ${(calls.length / (floodMs / 1000)).toFixed(2)}/s (max ${Math.max(0, ...perSecond.values())} in one second)`,
  );
  const newKeys = keysAfter ? [...keysAfter].filter((key) => !keysBefore?.has(key)) : undefined;
  console.log(
    newKeys === undefined
      ? `  new store keys: not counted (no Redis at ${REDIS_URL})`
      : `  new store keys: ${newKeys.length} (${kinds(newKeys)})`,
  );
  console.log(`  log lines during the flood: ${logLines}`);
  console.log(
    `  right after: posting alert ${(arrival(posting) as number) - postingAt} ms, buyer message ${(arrival(text) as number) - messageAt} ms`,
  );
} finally {
  await stopPushBot(bot);
  await fake.close();
  await sandbox.close();
  if (redis) {
    redis.disconnect();
    await removeKeys(REDIS_URL, PREFIX);
  }
}
