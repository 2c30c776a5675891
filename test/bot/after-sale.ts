/**
 * Returns and ratings end to end: the real sandbox over HTTP with a real Seller client, the fake
 * Bot API over HTTP, a store, and a bot built with the ratings and returns modules. Passes are
 * driven with runOnce(); restart() is a new process over the same store, sandbox and fake.
 */
import type { Update } from "grammy/types";
import { createCallbackCodec } from "../../src/bot/core/callback-data.ts";
import { createI18n } from "../../src/bot/core/i18n.ts";
import type { BotModule } from "../../src/bot/core/module.ts";
import { createBot } from "../../src/bot/index.ts";
import { senderModule } from "../../src/bot/modules.ts";
import { createRatingsModule, type RatingsBotModule } from "../../src/bot/ratings/index.ts";
import { createReturnsModule, type ReturnsBotModule } from "../../src/bot/returns/index.ts";
import { loadConfig } from "../../src/config.ts";
import type { Container } from "../../src/container.ts";
import type { SellerClient } from "../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { AccessService } from "../../src/services/access/index.ts";
import { stopModules } from "../../src/shutdown.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";
import { unlimitedSender } from "../support/sender.ts";
import { testShops } from "../support/shops.ts";
import { person } from "../support/updates.ts";
import { captureLogger, type LogLine } from "./harness.ts";

export const ADMIN = person(901, { first_name: "Анна", language_code: "ru" });
export const MANAGER = person(902, { first_name: "Mike", language_code: "en" });
export const SELLER = person(903, { first_name: "Sergey", language_code: "en" });
export const WAREHOUSE = person(904, { first_name: "Wanda", language_code: "en" });
export const SHOP_ID = "sandbox-client";

export interface AfterSaleEnv {
  sandbox: Sandbox;
  seller: SellerClient;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  logs: LogLine[];
  ratings: RatingsBotModule;
  returns: ReturnsBotModule;
  modules: BotModule[];
  bot: ReturnType<typeof createBot>;
  send(update: Update): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startAfterSaleEnv(
  options: {
    store?: Store;
    fake?: FakeBotApi;
    sandbox?: Sandbox;
    /** This many stores, all over the one sandbox (each lists its returns): default 1. */
    shopCount?: number;
  } = {},
): Promise<AfterSaleEnv> {
  const sandbox = options.sandbox ?? (await startSandbox());
  const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
  const fake = options.fake ?? (await FakeBotApi.start());
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "ru",
  });
  const { logger, logs } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  await access.grant(MANAGER.id, "manager", ADMIN.id);
  await access.grant(SELLER.id, "seller", ADMIN.id);
  await access.grant(WAREHOUSE.id, "warehouse", ADMIN.id);
  await access.setLocale({ id: MANAGER.id }, "en");
  await access.setLocale({ id: SELLER.id }, "en");
  await access.setLocale({ id: WAREHOUSE.id }, "en");
  const shops = await testShops(
    store,
    Array.from({ length: options.shopCount ?? 1 }, () => ({ seller })),
  );
  const container: Container = { config, logger, store, access, shops, close: async () => {} };
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);

  const build = async () => {
    const sender = unlimitedSender();
    const deps = { container, i18n, codec, sender };
    const ratings = createRatingsModule(deps, { poll: false, lease: false });
    const returns = createReturnsModule(deps, { poll: false, lease: false });
    const modules: BotModule[] = [ratings, returns];
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules,
      shops,
    });
    for (const module of modules) await module.start?.(bot.api);
    return { ratings, returns, modules, bot, sender };
  };
  let built = await build();
  const stop = () =>
    stopModules(
      [...built.modules, senderModule(built.sender)],
      AbortSignal.timeout(10_000),
      logger,
    );
  const env: AfterSaleEnv = {
    sandbox,
    seller,
    fake,
    store,
    access,
    logs,
    ratings: built.ratings,
    returns: built.returns,
    modules: built.modules,
    bot: built.bot,
    send: (update) => env.bot.handleUpdate(update),
    async restart() {
      await stop();
      built = await build();
      env.ratings = built.ratings;
      env.returns = built.returns;
      env.modules = built.modules;
      env.bot = built.bot;
    },
    async close() {
      await stop();
      if (!options.fake) await fake.close();
      await seller.close();
      if (!options.sandbox) await sandbox.close();
      if (!options.store) await store.close();
    },
  };
  return env;
}
