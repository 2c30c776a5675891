/**
 * FBO sales and stock end to end: the real sandbox over HTTP with a real Seller client, the fake Bot API
 * over HTTP, a store, and a bot built with the postings module (for /subscribe), the sales module,
 * the FBO stock module and the supplies module. Passes are driven with runOnce(); restart() is a new process over the same store,
 * sandbox and fake; a second env over the same Redis is a second process.
 */
import type { Update } from "grammy/types";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { BotModule } from "../../../src/bot/core/module.ts";
import {
  createFboStockModule,
  type FboStockBotModule,
  type FboStockModuleOptions,
} from "../../../src/bot/fbo-stock/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import { senderModule } from "../../../src/bot/modules.ts";
import { createPostingsModule } from "../../../src/bot/postings/index.ts";
import {
  createSalesModule,
  type SalesBotModule,
  type SalesModuleOptions,
} from "../../../src/bot/sales/index.ts";
import { createSuppliesModule, type SuppliesBotModule } from "../../../src/bot/supplies/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import type { SellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import { stopModules } from "../../../src/shutdown.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { command, person } from "../../support/updates.ts";
import { captureLogger, type LogLine, press } from "../harness.ts";

export const ADMIN = person(911, { first_name: "Анна", language_code: "ru" });
export const MANAGER = person(912, { first_name: "Mike", language_code: "en" });
export const WAREHOUSE = person(914, { first_name: "Wanda", language_code: "en" });
export const SHOP_ID = "sandbox-client";

export interface SalesEnv {
  sandbox: Sandbox;
  seller: SellerClient;
  fake: FakeBotApi;
  store: Store;
  logs: LogLine[];
  sales: SalesBotModule;
  fboStock: FboStockBotModule;
  supplies: SuppliesBotModule;
  bot: ReturnType<typeof createBot>;
  send(update: Update): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startSalesEnv(
  options: {
    store?: Store;
    fake?: FakeBotApi;
    sandbox?: Sandbox;
    sales?: SalesModuleOptions;
    fboStock?: FboStockModuleOptions;
  } = {},
): Promise<SalesEnv> {
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
  await access.grant(WAREHOUSE.id, "warehouse", ADMIN.id);
  await access.setLocale({ id: MANAGER.id }, "en");
  await access.setLocale({ id: WAREHOUSE.id }, "en");
  const shops = await testShops(store, [{ seller }]);
  const container: Container = { config, logger, store, access, shops, close: async () => {} };
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);

  const build = async () => {
    const sender = unlimitedSender();
    const deps = { container, i18n, codec, sender };
    const sales = createSalesModule(deps, { poll: false, ...options.sales });
    const postings = createPostingsModule(deps, {
      poll: false,
      subscribeRow: async (ctx) => [await sales.subscribeRow(ctx)],
    });
    const fboStock = createFboStockModule(deps, { poll: false, ...options.fboStock });
    const supplies = createSuppliesModule(deps, { poll: false });
    const modules: BotModule[] = [postings, sales, fboStock, supplies];
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
    return { sales, fboStock, supplies, modules, bot, sender };
  };
  let built = await build();
  const stop = () =>
    stopModules(
      [...built.modules, senderModule(built.sender)],
      AbortSignal.timeout(10_000),
      logger,
    );
  const env: SalesEnv = {
    sandbox,
    seller,
    fake,
    store,
    logs,
    sales: built.sales,
    fboStock: built.fboStock,
    supplies: built.supplies,
    bot: built.bot,
    send: (update) => env.bot.handleUpdate(update),
    async restart() {
      await stop();
      built = await build();
      env.sales = built.sales;
      env.fboStock = built.fboStock;
      env.supplies = built.supplies;
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

/** Messages sent to the chat that Telegram accepted. */
export const sentTo = (fake: FakeBotApi, chatId: number): RecordedCall[] =>
  fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

/** The FBO order messages sent to the chat. */
export const salesTo = (fake: FakeBotApi, chatId: number): RecordedCall[] =>
  sentTo(fake, chatId).filter((c) => /FBO order/.test(String(c.payload.text)));

/** Turns 🛒 Sales on in the person's private chat through /subscribe's row. */
export async function chooseSales(env: SalesEnv, who: typeof WAREHOUSE): Promise<void> {
  await env.send(command("subscribe", { from: who }));
  const screen = sentTo(env.fake, who.id).at(-1) as RecordedCall;
  await env.send(press(screen, /🛒/, who));
}
