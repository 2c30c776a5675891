/**
 * The stock module in a real bot, beside the postings module (for /subscribe): the sandbox over
 * HTTP with the real Seller client, the fake Bot API over HTTP, a store (memory, or Redis for
 * restart tests). Watchers and desks do not poll on a timer: tests drive them.
 */
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createPostingsModule } from "../../../src/bot/postings/module.ts";
import { createProductsModule } from "../../../src/bot/products/index.ts";
import {
  createStockModule,
  type StockBotModule,
  type StockModuleOptions,
} from "../../../src/bot/stock/module.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService, type Role } from "../../../src/services/access/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { person } from "../../support/updates.ts";
import { captureLogger } from "../harness.ts";

export const ADMIN = person(9101, { first_name: "Ada", language_code: "en" });
export const KEEPER = person(9102, { first_name: "Kim", language_code: "en" });
export const IVAN = person(9103, { first_name: "Иван", language_code: "ru" });
export const PACKER = person(9104, { first_name: "Pat", language_code: "en" });
export const MANAGER = person(9105, { first_name: "Mia", language_code: "en" });

export interface StockHarness {
  sandbox: Sandbox;
  seller: SellerClient;
  shops: ShopRegistry;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  readonly module: StockBotModule;
  readonly bot: Bot<BotContext>;
  shopId: string;
  send(update: Update): Promise<void>;
  /** Stops the modules and builds new ones over the same store, sandbox and fake (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface StockHarnessOptions {
  store?: Store;
  closeStore?: boolean;
  module?: Omit<StockModuleOptions, "poll">;
  env?: Record<string, string>;
}

export async function startStock(options: StockHarnessOptions = {}): Promise<StockHarness> {
  const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "en",
    ...options.env,
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const roles: Array<[User, Role]> = [
    [KEEPER, "warehouse"],
    [IVAN, "warehouse"],
    [PACKER, "warehouse"],
    [MANAGER, "manager"],
  ];
  for (const [user, role] of roles) await access.grant(user.id, role, ADMIN.id);
  const { credentials } = sandbox;
  const seller = createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId: credentials.sellerClientId,
    apiKey: credentials.sellerApiKey,
    limiter: null,
    retry: { maxAttempts: 1 },
  });
  const shops = await testShops(store, [{ id: credentials.sellerClientId, seller }]);
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  const container = {
    config,
    logger,
    store,
    access,
    shops,
    close: async () => {},
  } satisfies Container;

  const build = () => {
    const sender: TelegramSender = unlimitedSender();
    const deps = { container, i18n, codec, sender };
    const module = createStockModule(deps, { ...options.module, poll: false });
    // The product card and its stock dialog, which an alert's 📦 Stock opens.
    const products = createProductsModule(deps);
    const postings = createPostingsModule(deps, {
      poll: false,
      subscribeRow: (ctx) => module.subscribeRow(ctx),
    });
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules: [products, postings, module],
    });
    postings.start?.(bot.api);
    module.start?.(bot.api);
    products.start?.(bot.api);
    return { module, postings, products, bot, sender };
  };
  let current = build();
  const stop = async () => {
    await current.module.stop?.();
    await current.postings.stop?.();
    await current.products.stop?.();
    await current.sender.close();
  };
  return {
    sandbox,
    seller,
    shops,
    fake,
    store,
    access,
    shopId: credentials.sellerClientId,
    get module() {
      return current.module;
    },
    get bot() {
      return current.bot;
    },
    send: (update) => current.bot.handleUpdate(update),
    async restart() {
      await stop();
      current = build();
    },
    async close() {
      await stop();
      await seller.close();
      await sandbox.close();
      await fake.close();
      if (options.closeStore ?? !options.store) await store.close();
    },
  };
}

/** sendMessage calls to a chat since `since` that Telegram accepted. */
export function messagesTo(h: StockHarness, chatId: number, since = 0): RecordedCall[] {
  return h.fake
    .callsTo("sendMessage")
    .filter((c) => c.seq >= since && Number(c.payload.chat_id) === chatId && c.response?.ok);
}

export async function exchange(h: StockHarness, update: Update): Promise<RecordedCall[]> {
  const since = h.fake.calls.length;
  await h.send(update);
  return h.fake.calls.slice(since);
}

export function lastScreen(calls: RecordedCall[]): RecordedCall {
  const screens = calls.filter(
    (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.response?.ok,
  );
  const last = screens.at(-1);
  if (!last) throw new Error(`no message among: ${calls.map((c) => c.method).join(", ")}`);
  return last;
}
