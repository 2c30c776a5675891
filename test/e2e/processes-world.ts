/**
 * Several real bot processes (`node src/main.ts`, webhook mode) on one Redis, with a key prefix of
 * the test's own, the sandbox as Ozon and the fake Bot API delivering webhooks to them as a load
 * balancer would (test/support/webhook-delivery.ts).
 */
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { createCallbackCodec } from "../../src/bot/core/callback-data.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/index.ts";
import { press } from "../bot/harness.ts";
import { FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  sellerEnv,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { callback, person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";
import type { WebhookDelivery } from "../support/webhook-delivery.ts";

export const redis = await redisAvailability();

export const ADMIN = person(9101, { first_name: "Ada", language_code: "en" });

export interface BotProcess {
  run: MainProcess;
  port: number;
}

export interface World {
  sandbox: Sandbox;
  fake: FakeBotApi;
  prefix: string;
  redis: Redis;
  processes: BotProcess[];
  hooks: WebhookDelivery;
  /** A button of the bot's own, as pressed by `from` (default ADMIN). */
  pressed(kind: string, ...args: string[]): Update;
  /** The latest screen (message sent or edited) in the chat that has a button `label`. */
  screenWith(label: string | RegExp, chatId?: number): Promise<RecordedCall>;
  /** Presses a button of a recorded screen. */
  tap(screen: RecordedCall, label: string | RegExp): Update;
  close(): Promise<void>;
}

export interface WorldOptions {
  processes?: number;
  sandbox?: SandboxOptions;
  env?: Record<string, string>;
  /** Also give the processes the sandbox's Performance keys (reports, budgets). */
  performance?: boolean;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const sandbox = await startSandbox({
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
    ...options.sandbox,
  });
  const fake = await FakeBotApi.start();
  const prefix = uniquePrefix("processes");
  const client = new Redis(redis.url, { lazyConnect: true });
  await client.connect();
  const processes: BotProcess[] = [];
  const start = async () => {
    const port = await freePort();
    const run = startMain({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_IDS: String(ADMIN.id),
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.test/telegram",
      PORT: String(port),
      ...sellerEnv(sandbox),
      ...(options.performance
        ? {
            OZON_PERFORMANCE_URL: sandbox.url,
            OZON_PERFORMANCE_CLIENT_ID: sandbox.credentials.performanceClientId,
            OZON_PERFORMANCE_CLIENT_SECRET: sandbox.credentials.performanceClientSecret,
          }
        : {}),
      ...options.env,
    });
    return { run, port };
  };
  processes.push(...(await Promise.all(Array.from({ length: options.processes ?? 2 }, start))));
  await Promise.all(
    processes.map((p) => p.run.waitForLog((line) => line.msg.startsWith("Bot @"), 30_000)),
  );
  const hooks = fake.webhooks(processes.map((p) => p.port));
  const codec = createCallbackCodec(fake.token);
  const screens = (chatId: number) =>
    fake.calls.filter(
      (c) =>
        (c.method === "sendMessage" || c.method === "editMessageText") &&
        Number(c.payload.chat_id) === chatId &&
        c.response?.ok,
    );
  return {
    sandbox,
    fake,
    prefix,
    redis: client,
    processes,
    hooks,
    pressed: (kind, ...args) => callback(codec.encode(kind, ...args), { from: ADMIN }),
    screenWith: (label, chatId = ADMIN.id) =>
      waitFor(
        () =>
          screens(chatId)
            .reverse()
            .find((c) => buttonTexts(c).some((text) => matches(text, label))),
        { message: `a screen with "${label}"` },
      ),
    tap: (screen, label) => press(screen, label, ADMIN),
    async close() {
      stopMainProcesses();
      await removeKeys(redis.url, prefix);
      client.disconnect();
      await fake.close();
      await sandbox.close();
    },
  };
}

/** The texts of a sent screen's inline buttons. */
function buttonTexts(call: RecordedCall): string[] {
  const markup = call.payload.reply_markup as
    | { inline_keyboard?: { text: string }[][] }
    | undefined;
  return (markup?.inline_keyboard ?? []).flat().map((button) => button.text);
}

/** A button's text against a label: a string is a part of it, a pattern is tested on it whole. */
function matches(text: string, label: string | RegExp): boolean {
  return typeof label === "string" ? text.includes(label) : label.test(text);
}
