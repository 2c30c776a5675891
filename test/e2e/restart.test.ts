/**
 * Nothing forgotten across a restart with the default file store (issue 7): the bot runs as a
 * real `node src/main.ts` against a sandbox that outlives it (in this test process) and the fake
 * Bot API. Buyer messages and postings that arrive while the bot is down — after a SIGKILL and
 * after a SIGTERM — are delivered when it is back, and nothing is delivered twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  sellerEnv,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { command, person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = person(4242, { first_name: "Owner", language_code: "en" });
const STARTED = (line: { msg: string }) => line.msg.startsWith("Bot @");
const TIMEOUT = 20_000;

let sandbox: Sandbox;
let fake: FakeBotApi;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, initialPostings: 2, initialChats: 2 });
  fake = await FakeBotApi.start();
  dataDir = mkdtempSync(join(tmpdir(), "ozon-bot-restart-"));
});

afterEach(() => stopMainProcesses());

afterAll(async () => {
  await fake.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startBot(): Promise<MainProcess> {
  const { credentials } = sandbox;
  const run = startMain({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    ...sellerEnv(sandbox),
    OZON_PERFORMANCE_URL: sandbox.url,
    OZON_PERFORMANCE_CLIENT_ID: credentials.performanceClientId,
    OZON_PERFORMANCE_CLIENT_SECRET: credentials.performanceClientSecret,
    DATA_DIR: dataDir,
    POSTINGS_POLL_SECONDS: "0.2",
    CHATS_POLL_SECONDS: "0.2",
    REPORT_POLL_SECONDS: "0.2",
    PORT: String(await freePort()),
  });
  await run.waitForLog(STARTED, TIMEOUT);
  return run;
}

/** Everything the bot showed the admin: message texts and captions of photos and documents. */
function shownToAdmin(): string[] {
  const shown = (call: RecordedCall) =>
    Number(call.payload.chat_id) === ADMIN.id &&
    ["sendMessage", "sendPhoto", "sendDocument"].includes(call.method);
  return fake.calls
    .filter(shown)
    .map((call) => String(call.payload.text ?? call.payload.caption ?? ""));
}

function timesShown(fragment: string): number {
  return shownToAdmin().filter((text) => text.includes(fragment)).length;
}

/** Waits until the posting watcher and the chat relay have each started `n` more passes. */
async function waitForPasses(n: number): Promise<void> {
  const count = (pattern: RegExp) =>
    sandbox.requests.filter((r) => pattern.test(`${r.method} ${r.path}`)).length;
  const postings = /posting\/fbs\/unfulfilled\/list/;
  const chats = /chat\/list/;
  const [p0, c0] = [count(postings), count(chats)];
  await waitFor(() => count(postings) >= p0 + n && count(chats) >= c0 + n, {
    timeoutMs: TIMEOUT,
    message: "passes of the pollers",
  });
}

/** Waits until a text message to the admin mentions `fragment` (alerts and buyer texts are). */
async function waitUntilShown(fragment: string): Promise<void> {
  await fake.waitForCall(
    "sendMessage",
    (call) =>
      Number(call.payload.chat_id) === ADMIN.id && String(call.payload.text).includes(fragment),
    TIMEOUT,
  );
}

describe("restart with the file store", () => {
  it("delivers what arrived while the bot was down (SIGKILL and SIGTERM), each thing once", async () => {
    const chatId = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED")
      ?.id as string;
    expect(chatId).toBeDefined();

    // First life: the admin says hello and subscribes to posting alerts.
    let bot = await startBot();
    fake.queueUpdates(command("start", { from: ADMIN }), command("subscribe", { from: ADMIN }));
    await waitUntilShown("now gets an alert");
    // Both pollers have looked once (a first pass records what is already there and sends
    // nothing), so what happens from here on is news.
    await waitForPasses(2);
    const posting1 = sandbox.control.addPosting().postingNumber;
    sandbox.control.buyerWrites(chatId, { text: "Вопрос номер один" });
    await waitUntilShown(posting1);
    await waitUntilShown("Вопрос номер один");

    // Killed without warning (after the pollers finished their passes: a kill between Telegram
    // accepting a message and the mark being written may repeat that one message, by design);
    // Ozon moves on meanwhile.
    await waitForPasses(2);
    bot.child.kill("SIGKILL");
    await bot.exit;
    const posting2 = sandbox.control.addPosting().postingNumber;
    sandbox.control.buyerWrites(chatId, { text: "Вопрос номер два" });
    sandbox.control.buyerWrites(chatId, { text: "Вопрос номер три" });

    bot = await startBot();
    await waitUntilShown(posting2);
    await waitUntilShown("Вопрос номер два");
    await waitUntilShown("Вопрос номер три");

    // Stopped politely this time.
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);
    const posting3 = sandbox.control.addPosting().postingNumber;
    sandbox.control.buyerWrites(chatId, { text: "Вопрос номер четыре" });

    bot = await startBot();
    await waitUntilShown(posting3);
    await waitUntilShown("Вопрос номер четыре");
    // One more pass of both pollers after everything arrived: nothing comes again.
    const marker = sandbox.control.addPosting().postingNumber;
    await waitUntilShown(marker);
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);

    for (const fragment of [posting1, posting2, posting3, marker]) {
      expect(
        timesShown(fragment),
        `alerts about ${fragment}: ${JSON.stringify(shownToAdmin().filter((t) => t.includes(fragment)))}`,
      ).toBe(1);
    }
    // The admin's Telegram language (en) was remembered: alerts sent outside any update use it.
    expect(shownToAdmin().find((text) => text.includes(posting3))).toContain(`Posting ${posting3}`);
    for (const question of ["один", "два", "три", "четыре"]) {
      expect(timesShown(`Вопрос номер ${question}`), `buyer message "${question}"`).toBe(1);
    }
  }, 120_000);
});
