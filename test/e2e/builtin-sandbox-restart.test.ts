/**
 * README's first command: only BOT_TOKEN, so the built-in sandbox and the file store. The
 * sandbox is rebuilt at every start while the store remembers what was announced and relayed;
 * after a restart, new postings and buyer messages must still reach the team (they used to
 * repeat the previous life's numbers and ids and were silently taken for old news).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { command, person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = person(5151, { first_name: "Owner", language_code: "en" });
const TIMEOUT = 20_000;

let fake: FakeBotApi;
let dataDir: string;

beforeAll(async () => {
  fake = await FakeBotApi.start();
  dataDir = mkdtempSync(join(tmpdir(), "ozon-bot-builtin-"));
});

afterEach(() => stopMainProcesses());

afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startBot(): Promise<{ bot: MainProcess; sandbox: string }> {
  const bot = startMain({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    DATA_DIR: dataDir,
    POSTINGS_POLL_SECONDS: "0.2",
    CHATS_POLL_SECONDS: "0.2",
    PORT: String(await freePort()),
  });
  await bot.waitForLog((line) => line.msg.startsWith("Bot @"), TIMEOUT);
  const line = await bot.waitForLog((l) => typeof l.sandbox === "string", TIMEOUT);
  return { bot, sandbox: String(line.sandbox) };
}

async function control(sandbox: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox}/_sandbox/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** Waits until both pollers have finished a pass (their first one only records what is there). */
async function waitForPasses(sandbox: string): Promise<void> {
  const count = async (pattern: RegExp) => {
    const requests = (await control(sandbox, "GET", "requests?limit=10000")) as Array<{
      method: string;
      path: string;
    }>;
    return requests.filter((r) => pattern.test(`${r.method} ${r.path}`)).length;
  };
  await waitFor(
    async () =>
      (await count(/posting\/fbs\/unfulfilled\/list/)) >= 2 && (await count(/chat\/list/)) >= 2,
    { timeoutMs: TIMEOUT, message: "two passes of both pollers" },
  );
}

/** Adds a posting and makes a buyer write; both must reach the admin. */
async function newsArrives(sandbox: string, question: string): Promise<void> {
  const chats = (await control(sandbox, "GET", "chats")) as Array<{
    id: string;
    kind: string;
    status: string;
  }>;
  const chat = chats.find((c) => c.kind === "buyer" && c.status === "OPENED");
  expect(chat).toBeDefined();
  const posting = (await control(sandbox, "POST", "postings", {})) as { postingNumber: string };
  await control(sandbox, "POST", `chats/${chat?.id}/messages`, { text: question });
  const shown = (fragment: string) =>
    fake.waitForCall(
      "sendMessage",
      (call) =>
        Number(call.payload.chat_id) === ADMIN.id && String(call.payload.text).includes(fragment),
      TIMEOUT,
    );
  await shown(posting.postingNumber);
  await shown(question);
}

describe("restart with the built-in sandbox and the file store", () => {
  it("still alerts new postings and relays buyer messages after a restart", async () => {
    let { bot, sandbox } = await startBot();
    fake.queueUpdates(command("subscribe", { from: ADMIN }));
    await fake.waitForCall(
      "sendMessage",
      (call) =>
        Number(call.payload.chat_id) === ADMIN.id &&
        String(call.payload.text).includes("now gets an alert"),
      TIMEOUT,
    );
    await waitForPasses(sandbox);
    await newsArrives(sandbox, "Where is my order? (first life)");
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);

    ({ bot, sandbox } = await startBot());
    await waitForPasses(sandbox);
    await newsArrives(sandbox, "Where is my order? (after the restart)");
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);
  }, 90_000);
});
