/**
 * A bot wired to the fake Bot API and a store, for feature tests.
 *
 * ```ts
 * const h = await startBot({ adminIds: [ADMIN.id] });
 * await h.send(command("start", { from: ADMIN }));
 * const reply = await h.fake.waitForCall("sendMessage");
 * await h.close();
 * ```
 */
import type { Update, User } from "grammy/types";
import { type BotDeps, createBot } from "../../src/bot/index.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createLogger, type Logger } from "../../src/logger.ts";
import { AccessService } from "../../src/services/access/index.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { callback } from "../support/updates.ts";

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Harness {
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  config: Config;
  logger: Logger;
  logs: LogLine[];
  bot: ReturnType<typeof createBot>;
  send(update: Update): Promise<void>;
  /** A new bot over the same store and fake (a restart). */
  restart(): void;
  close(): Promise<void>;
}

export interface HarnessOptions {
  adminIds?: number[];
  store?: Store;
  fake?: FakeBotApi;
  inviteTtlMs?: number;
  defaultLocale?: "ru" | "en";
  conversations?: BotDeps["conversations"];
  features?: BotDeps["features"];
  /** The Ozon stores (testShops); none when absent. */
  shops?: BotDeps["shops"];
  /** Close the store on close (default true when the harness made it). */
  closeStore?: boolean;
}

export function captureLogger(): { logger: Logger; logs: LogLine[] } {
  const logs: LogLine[] = [];
  const logger = createLogger({
    level: "debug",
    destination: { write: (line: string) => logs.push(JSON.parse(line) as LogLine) },
  });
  return { logger, logs };
}

export async function startBot(options: HarnessOptions = {}): Promise<Harness> {
  const fake = options.fake ?? (await FakeBotApi.start());
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: (options.adminIds ?? []).join(","),
    STORE: "memory",
    DEFAULT_LOCALE: options.defaultLocale ?? "ru",
  });
  const { logger, logs } = captureLogger();
  const access = new AccessService({
    store,
    adminIds: config.adminIds,
    inviteTtlMs: options.inviteTtlMs,
  });
  const build = () =>
    createBot({
      config,
      logger,
      store,
      access,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      conversations: options.conversations,
      features: options.features,
      shops: options.shops,
    });
  const harness: Harness = {
    fake,
    store,
    access,
    config,
    logger,
    logs,
    bot: build(),
    send: (update) => harness.bot.handleUpdate(update),
    restart() {
      harness.bot = build();
    },
    async close() {
      if (!options.fake) await fake.close();
      if (options.closeStore ?? !options.store) await store.close();
    },
  };
  return harness;
}

export interface Button {
  text: string;
  callback_data?: string;
  url?: string;
  copy_text?: { text: string };
}

/** Inline buttons of a sendMessage / editMessageText call, in order. */
export function buttonsOf(call: RecordedCall): Button[] {
  const markup = call.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined;
  return markup?.inline_keyboard?.flat() ?? [];
}

/** The button whose text contains `label` (or matches it); throws with the labels when absent. */
export function findButton(call: RecordedCall, label: string | RegExp): Button {
  const buttons = buttonsOf(call);
  const button = buttons.find((b) =>
    typeof label === "string" ? b.text.includes(label) : label.test(b.text),
  );
  if (!button?.callback_data) {
    throw new Error(`no button "${label}" among: ${buttons.map((b) => b.text).join(" | ")}`);
  }
  return button;
}

/** The message a recorded call produced (what Telegram answered), for a button press. */
export function sentMessage(call: RecordedCall): Record<string, unknown> {
  const response = call.response;
  if (response?.ok) return response.result as Record<string, unknown>;
  // An edit refused as "not modified": the message already shows exactly what it asked for.
  if (call.method.startsWith("editMessage") && response?.description.includes("not modified")) {
    const { chat_id: chatId, message_id: messageId, text, reply_markup: markup } = call.payload;
    return { message_id: messageId, chat: { id: chatId }, text, reply_markup: markup };
  }
  throw new Error(`${call.method} was not answered with a message`);
}

/** A press by `from` on the button labelled `label` of the message `call` sent. */
export function press(call: RecordedCall, label: string | RegExp, from: User): Update {
  const button = findButton(call, label);
  return callback(button.callback_data ?? "", { from, message: sentMessage(call) });
}

/** Text of a sendMessage or editMessageText call. */
export function textOf(call: RecordedCall): string {
  return String(call.payload.text ?? "");
}
