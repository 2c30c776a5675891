/**
 * The relay module end to end: the real sandbox over HTTP with a real Seller client, the fake
 * Bot API over HTTP, a store, and a bot built with the module. Passes are driven with runOnce().
 */
import type { Update } from "grammy/types";
import {
  createRelayModule,
  type RelayBotModule,
  type RelayModuleOptions,
} from "../../../src/bot/chats/module.ts";
import {
  createQuestionsModule,
  type QuestionsBotModule,
  type QuestionsModuleOptions,
} from "../../../src/bot/chats/questions/module.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import { type BotDeps, createBot } from "../../../src/bot/index.ts";
import { senderModule } from "../../../src/bot/modules.ts";
import { type Config, loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import { createSellerClient, type SellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { stopModules } from "../../../src/shutdown.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { person } from "../../support/updates.ts";
import { captureLogger, type LogLine } from "../harness.ts";

export const ADMIN = person(701, { first_name: "Anna", language_code: "en" });
export const SELLER = person(702, { first_name: "Sergey", language_code: "en" });
export const WAREHOUSE = person(703, { first_name: "Wanda", language_code: "en" });

export interface RelayEnv {
  sandbox: Sandbox;
  seller: SellerClient;
  /** One Seller client per sandbox store (the first is `seller`). */
  sellers: SellerClient[];
  shops: ShopRegistry;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  config: Config;
  logs: LogLine[];
  module: RelayBotModule;
  /** The product questions module, when the env was asked for it (`questions`). */
  questions: QuestionsBotModule | undefined;
  bot: ReturnType<typeof createBot>;
  send(update: Update): Promise<void>;
  /** Stops as main does: the module and its sender side by side (queued sends are refused). */
  stop(deadline?: AbortSignal): Promise<void>;
  /** A new process: a fresh module and bot over the same store, sandbox and fake. */
  restart(module?: ModuleOptions): Promise<void>;
  close(): Promise<void>;
}

/** The module's sender and polling (default: a sender that never waits, no polling: runOnce()). */
interface ModuleOptions {
  sender?: TelegramSender;
  poll?: boolean;
}

export interface RelayEnvOptions {
  module?: ModuleOptions;
  sandbox?: SandboxOptions;
  store?: Store;
  conversations?: BotDeps["conversations"];
  features?: BotDeps["features"];
  /** Passed to the ChatRelay (download limits, tries). */
  relay?: RelayModuleOptions["relay"];
  /** Lifetimes of the relay's records (message links, cursors). */
  repositories?: RelayModuleOptions["repositories"];
  /** More configuration (CHATS_POLL_SECONDS, say). */
  config?: Record<string, string>;
  /** Also the product questions module (never polling: runOnce). */
  questions?: QuestionsModuleOptions;
}

/** Shop names of a two-store env: the sandbox's first store and a second one. */
export const SHOP_NAMES = ["Северный", "Южный"] as const;

export async function startRelayEnv(options: RelayEnvOptions = {}): Promise<RelayEnv> {
  const sandbox = await startSandbox({ initialChats: 3, ...options.sandbox });
  const retry = { baseDelayMs: 1, maxDelayMs: 5 };
  const seller = sandboxSeller(sandbox, { retry });
  // Every further sandbox store is a shop of its own, with its own keys.
  const sellers = [
    seller,
    ...sandbox.stores.slice(1).map((s) =>
      createSellerClient({
        baseUrl: sandbox.sellerUrl,
        clientId: s.credentials.sellerClientId,
        apiKey: s.credentials.sellerApiKey,
        limiter: null,
        retry,
      }),
    ),
  ];
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "en",
    OZON_CLIENT_ID: sandbox.credentials.sellerClientId,
    OZON_API_KEY: sandbox.credentials.sellerApiKey,
    ...options.config,
  });
  const { logger, logs } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  await access.grant(SELLER.id, "seller", ADMIN.id);
  await access.grant(WAREHOUSE.id, "warehouse", ADMIN.id);
  const shops = await testShops(
    store,
    // Ids as the sandbox's Client-Ids: sandbox-client, sandbox-client-2...
    sellers.map((s, i) => ({ seller: s, name: SHOP_NAMES[i] ?? `Магазин ${i + 1}` })),
  );
  const container: Container = {
    config,
    logger,
    store,
    access,
    shops,
    close: async () => undefined,
  };
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);

  const build = async (moduleOptions: ModuleOptions = {}) => {
    const sender = moduleOptions.sender ?? unlimitedSender();
    const module = createRelayModule(
      { container, i18n, codec, sender },
      {
        poll: moduleOptions.poll ?? false,
        ...(options.relay ? { relay: options.relay } : {}),
        ...(options.repositories ? { repositories: options.repositories } : {}),
      },
    );
    const questions = options.questions
      ? createQuestionsModule(
          { container, i18n, codec, sender },
          { ...options.questions, poll: false },
        )
      : undefined;
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      conversations: options.conversations,
      features: options.features,
      modules: questions ? [module, questions] : [module],
    });
    await module.start?.(bot.api);
    await questions?.start?.(bot.api);
    return { module, questions, bot, sender };
  };

  const built = await build(options.module);
  let sender = built.sender;
  const env: RelayEnv = {
    sandbox,
    seller,
    sellers,
    shops,
    fake,
    store,
    access,
    config,
    logs,
    module: built.module,
    questions: built.questions,
    bot: built.bot,
    send: (update) => env.bot.handleUpdate(update),
    stop: (deadline = AbortSignal.timeout(10_000)) =>
      stopModules(
        [env.module, ...(env.questions ? [env.questions] : []), senderModule(sender)],
        deadline,
        logger,
      ),
    async restart(module) {
      await env.stop();
      const next = await build(module);
      env.module = next.module;
      env.questions = next.questions;
      env.bot = next.bot;
      sender = next.sender;
    },
    async close() {
      await env.stop();
      await fake.close();
      await Promise.all(sellers.map((s) => s.close()));
      await sandbox.close();
      if (!options.store) await store.close();
    },
  };
  return env;
}

/** Shop ids of a two-store env (the sandbox's Client-Ids). */
export const SHOP_IDS = ["sandbox-client", "sandbox-client-2"] as const;

/**
 * An env with the product questions module, each shop's first pass run (it only notes what is
 * there); `pass` runs one more pass of a shop (default the first) of the module started here.
 */
export async function startQuestionsEnv(options: RelayEnvOptions = {}) {
  const e = await startRelayEnv({ questions: {}, ...options });
  const questions = e.questions;
  if (!questions) throw new Error("no questions module");
  for (const id of SHOP_IDS.slice(0, e.sandbox.stores.length)) {
    const first = await questions.runOnce(id);
    if (!first.firstRun || first.questions !== 0) {
      throw new Error(`the first pass of ${id} relayed something: ${JSON.stringify(first)}`);
    }
  }
  const pass = (shopId: string = SHOP_IDS[0]) => questions.runOnce(shopId);
  return { e, pass };
}

/** Open buyer chats of the sandbox (or one of its stores), oldest first. */
export function openBuyerChats(sandbox: Pick<Sandbox, "control">) {
  return sandbox.control.chats().filter((c) => c.kind === "buyer" && c.status === "OPENED");
}

/**
 * What the seller side wrote into a sandbox chat after message `afterId` (the seed has some);
 * `sandbox` may be one store of a several-store sandbox.
 */
export function sellerMessages(sandbox: Pick<Sandbox, "control">, chatId: string, afterId = "0") {
  return (sandbox.control.chat(chatId)?.messages ?? []).filter(
    (m) => m.author === "seller" && BigInt(m.id) > BigInt(afterId),
  );
}

/** Calls that sent something to a Telegram chat (messages, photos, documents). */
export function sendsTo(fake: FakeBotApi, chatId: number): RecordedCall[] {
  return fake.calls.filter(
    (c) =>
      ["sendMessage", "sendPhoto", "sendDocument"].includes(c.method) &&
      Number(c.payload.chat_id) === chatId,
  );
}

/** The message a recorded call produced, for building a reply to it. */
export function resultOf(call: RecordedCall) {
  if (!call.response?.ok) throw new Error(`${call.method} was not accepted`);
  return call.response.result as never;
}

export function bytesOf(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}

/** The topic a recorded createForumTopic call made. */
export function createdTopicId(call: RecordedCall | undefined): number {
  const result = call?.response?.ok ? (call.response.result as { message_thread_id?: number }) : {};
  if (typeof result.message_thread_id !== "number") throw new Error("no topic was created");
  return result.message_thread_id;
}
