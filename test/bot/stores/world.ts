/**
 * The whole bot as main.ts builds it — the real container (its client factories, shop health,
 * registry) and every module — over a sandbox that simulates two Ozon stores while only the
 * first is configured, and the fake Bot API. Store 2 ("sandbox-client-2") is the one an admin
 * adds in the bot. Postings are polled every second so a new one arrives within the tests' waits.
 */
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { BotModule } from "../../../src/bot/core/module.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createModules } from "../../../src/bot/modules.ts";
import { loadConfig } from "../../../src/config.ts";
import { type Container, createContainer } from "../../../src/container.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { person } from "../../support/updates.ts";
import { captureLogger, type LogLine } from "../harness.ts";

export const ADMIN = person(9101, { first_name: "Ada", language_code: "en" });
export const SECOND_ADMIN = person(9102, { first_name: "Bea", language_code: "en" });
export const KEEPER = person(9103, { first_name: "Kim", language_code: "en" });

export interface StoresWorld {
  sandbox: Sandbox;
  fake: FakeBotApi;
  store: Store;
  container: Container;
  logs: LogLine[];
  bot: Bot<BotContext>;
  modules: BotModule[];
  send(update: Update): Promise<void>;
  /** Sends and returns what the bot called in answer (handleUpdate waits for it). */
  exchange(update: Update): Promise<RecordedCall[]>;
  /** Everything the world wrote to the store and the logs, as one text (to look for keys). */
  everything(): Promise<string>;
  /** Stops this bot and builds a new one, container included, over the same store (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface StoresWorldOptions {
  sandbox?: SandboxOptions;
  store?: Store;
  /** Another world's sandbox (two processes on one Ozon). */
  sharedSandbox?: Sandbox;
}

export async function startStores(options: StoresWorldOptions = {}): Promise<StoresWorld> {
  const sandbox =
    options.sharedSandbox ??
    (await startSandbox({
      stores: 2,
      initialPostings: 0,
      historyPostings: 0,
      initialChats: 0,
      ...options.sandbox,
    }));
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const first = sandbox.stores[0]?.credentials;
  if (!first) throw new Error("no sandbox store");
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: `${ADMIN.id},${SECOND_ADMIN.id}`,
    STORE: "memory",
    DEFAULT_LOCALE: "en",
    OZON_SANDBOX: "false",
    OZON_STORE_NAME: "Северный",
    OZON_CLIENT_ID: first.sellerClientId,
    OZON_API_KEY: first.sellerApiKey,
    OZON_SELLER_URL: sandbox.sellerUrl,
    OZON_PERFORMANCE_URL: sandbox.performanceUrl,
    POSTINGS_POLL_SECONDS: "0.2",
    // Stalled after 3 s without a good pass (three of the loops' shortest intervals): /status's
    // tests see a stall within their waits; the default is two minutes.
    STALL_AFTER_SECONDS: "3",
    CHATS_POLL_SECONDS: "60",
    SECRETS_KEY: Buffer.alloc(32, 3).toString("base64"),
  });
  const { logger, logs } = captureLogger();
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);

  const build = async () => {
    const container = await createContainer(config, logger, { store });
    const modules = createModules({ container, i18n, codec });
    const bot = createBot({
      config,
      logger,
      store,
      access: container.access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules,
    });
    for (const module of modules) await module.start?.(bot.api);
    return { container, modules, bot };
  };
  const stop = async (current: Awaited<ReturnType<typeof build>>) => {
    for (const module of [...current.modules].reverse()) await module.stop?.();
    // The store is the world's: the container must not close it.
    await current.container.shops.close();
    await current.container.health?.settled();
  };

  let current = await build();
  const world: StoresWorld = {
    sandbox,
    fake,
    store,
    logs,
    get container() {
      return current.container;
    },
    get bot() {
      return current.bot;
    },
    get modules() {
      return current.modules;
    },
    send: (update) => current.bot.handleUpdate(update),
    async exchange(update) {
      const since = fake.calls.length;
      await current.bot.handleUpdate(update);
      return fake.calls.slice(since);
    },
    async everything() {
      const entries = await store.list("");
      return JSON.stringify(entries) + JSON.stringify(logs);
    },
    async restart() {
      await stop(current);
      current = await build();
    },
    async close() {
      await stop(current);
      if (!options.sharedSandbox) await sandbox.close();
      await fake.close();
      if (!options.store) await store.close();
    },
  };
  return world;
}

/** Subscribes a person's private chat to posting alerts (as /subscribe would). */
export async function subscribe(world: StoresWorld, chatId: number): Promise<void> {
  await new SubscriptionService(world.store).subscribe({
    chatId,
    kind: "private",
    subscribedBy: ADMIN.id,
  });
}

/** The last message shown among `calls` (sent or edited). */
export function lastScreen(calls: RecordedCall[]): RecordedCall {
  const screens = calls.filter(
    (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.response?.ok,
  );
  const last = screens.at(-1);
  if (!last) throw new Error(`no message among: ${calls.map((c) => c.method).join(", ")}`);
  return last;
}
