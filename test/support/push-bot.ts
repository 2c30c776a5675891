/**
 * The bot as `node src/main.ts` ready for Ozon pushes, as the push tests and benchmarks start it:
 * the sandbox as its Seller API, the fake Bot API as Telegram, polls a minute apart (so only a
 * push can bring news quickly), `admin` subscribed to posting alerts and the first passes done
 * (they record what already waits). `stopPushBot` ends it as SIGTERM does, killing it after 10 s.
 */
import type { User } from "grammy/types";
import type { Sandbox } from "../../src/sandbox/index.ts";
import type { FakeBotApi } from "./fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  sellerEnv,
  startMain,
  stopMainProcesses,
} from "./main-process.ts";
import { command } from "./updates.ts";
import { waitFor } from "./wait.ts";

export interface PushBot {
  bot: MainProcess;
  pushUrl: string;
}

export async function startPushBot(
  sandbox: Sandbox,
  fake: FakeBotApi,
  admin: User,
  env: Record<string, string> = {},
): Promise<PushBot> {
  const port = await freePort();
  const bot = startMain({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(admin.id),
    ...sellerEnv(sandbox),
    STORE: "memory",
    POSTINGS_POLL_SECONDS: "60",
    CHATS_POLL_SECONDS: "60",
    PORT: String(port),
    ...env,
  });
  await bot.waitForLog((line) => line.msg.startsWith("Bot @"), 30_000);
  fake.queueUpdates(command("subscribe", { from: admin }));
  await fake.waitForCall(
    "sendMessage",
    (c) =>
      Number(c.payload.chat_id) === admin.id &&
      String(c.payload.text).includes("now gets an alert"),
    20_000,
  );
  await waitFor(
    () =>
      sandbox.requests.some((r) => /chat\/list/.test(r.path)) &&
      sandbox.requests.some((r) => /unfulfilled\/list/.test(r.path)),
    { timeoutMs: 20_000, message: "the bot's first passes" },
  );
  return { bot, pushUrl: `http://127.0.0.1:${port}/ozon/push` };
}

export async function stopPushBot(bot: MainProcess | undefined): Promise<void> {
  bot?.child.kill("SIGTERM");
  await Promise.race([bot?.exit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  stopMainProcesses();
}
