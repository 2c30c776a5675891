/**
 * /money's world: the sandbox over HTTP with two stores (store 1 with Performance keys too), the
 * fake Bot API, and a bot with the money module on one clock shared with the sandbox. Yesterday
 * (7 Dec 2026) store 1 delivered two postings, one returned the same day; store 2 delivered one.
 */
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createHomeModule } from "../../../src/bot/home/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import {
  createMoneyModule,
  type MoneyBotModule,
  yesterdayMoney,
} from "../../../src/bot/money/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import {
  createPerformanceClient,
  createSellerClient,
  type PerformanceClient,
  type SellerClient,
} from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { person } from "../../support/updates.ts";
import { captureLogger } from "../harness.ts";

export const ADMIN = person(911, { first_name: "Анна", language_code: "ru" });
export const MANAGER = person(912, { first_name: "Mike", language_code: "en" });
export const LIMITED = person(913, { first_name: "Lena", language_code: "en" });
export const WAREHOUSE = person(914, { first_name: "Wanda", language_code: "en" });

// 2026-12-08 12:00 Moscow: yesterday is the 7th (Monday), the week began on the 7th.
export const NOW = Date.parse("2026-12-08T09:00:00Z");
export const YESTERDAY = Date.parse("2026-12-07T10:00:00Z");

export interface World {
  money: MoneyBotModule;
  /** Moves the clock of the bot and the sandbox. */
  setNow(ms: number): void;
  sandbox: Sandbox;
  shops: ShopRegistry;
  /** The SKUs of store 1's postings of yesterday: the returned one, the other. */
  skus: { returned: string; kept: string };
  fake: FakeBotApi;
  sellers: SellerClient[];
  performance: PerformanceClient;
  send(update: Parameters<ReturnType<typeof createBot>["handleUpdate"]>[0]): Promise<void>;
  close(): Promise<void>;
}

export async function startWorld(options: { start?: boolean } = {}): Promise<World> {
  let now = YESTERDAY;
  const sandbox = await startSandbox({
    stores: 2,
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
    now: () => now,
  });
  const creds = sandbox.stores.map((s) => s.credentials);
  const clients = creds.map((c) => createSellerFor(sandbox, c.sellerClientId, c.sellerApiKey));
  const first = sandbox.stores[0]?.credentials;
  const performance = createPerformanceClient({
    baseUrl: sandbox.performanceUrl,
    clientId: first?.performanceClientId ?? "",
    clientSecret: first?.performanceClientSecret ?? "",
    random: () => 0,
  });
  // Yesterday: store 1 delivers two postings (one returned the same day), store 2 one.
  const one = sandbox.stores[0]?.control;
  const two = sandbox.stores[1]?.control;
  const deliver = (control: typeof one, price: string) => {
    const p = control?.addPosting({ status: "awaiting_deliver", products: [{ price }] });
    control?.setPostingStatus(p?.postingNumber ?? "", "delivered");
    return p?.postingNumber ?? "";
  };
  const skuOf = (n: string) => String(one?.posting(n)?.products[0]?.sku ?? "");
  const returned = deliver(one, "1000.10");
  const kept = deliver(one, "0.20");
  const skus = { returned: skuOf(returned), kept: skuOf(kept) };
  one?.afterSale.addReturn({ postingNumber: returned });
  deliver(two, "333.33");
  now = NOW;

  const fake = await FakeBotApi.start();
  const store = new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "ru",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  for (const p of [MANAGER, LIMITED]) {
    await access.grant(p.id, "manager", ADMIN.id);
    await access.setLocale({ id: p.id }, "en");
  }
  await access.grant(WAREHOUSE.id, "warehouse", ADMIN.id);
  const shops = await testShops(store, [
    {
      id: creds[0]?.sellerClientId ?? "",
      name: "Север",
      seller: clients[0] as SellerClient,
      performance,
    },
    { id: creds[1]?.sellerClientId ?? "", name: "Юг", seller: clients[1] as SellerClient },
  ]);
  await access.setScope(LIMITED.id, "manager", [creds[1]?.sellerClientId ?? ""]);
  const container: Container = { config, logger, store, access, shops, close: async () => {} };
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  const money = createMoneyModule(
    { container, i18n, codec, sender: unlimitedSender() },
    { now: () => now, poll: false, lease: false },
  );
  // Home beside it, as the bot has it: the manager's money line comes from the same reader.
  const home = createHomeModule(
    { container, i18n, codec, sender: unlimitedSender() },
    { now: () => now, poll: false, money: yesterdayMoney(money.reader, shops) },
  );
  const bot = createBot({
    config,
    logger,
    store,
    access,
    i18n,
    codec,
    botInfo: fake.botInfo,
    client: { apiRoot: fake.apiRoot },
    modules: [money, home],
    shops,
  });
  if (options.start) await money.start?.(bot.api);
  return {
    money,
    setNow: (ms) => {
      now = ms;
    },
    sandbox,
    shops,
    skus,
    fake,
    sellers: clients,
    performance,
    send: (update) => bot.handleUpdate(update),
    async close() {
      await money.stop?.();
      await fake.close();
      for (const c of clients) await c.close();
      await performance.close();
      await sandbox.close();
      await store.close();
    },
  };
}

function createSellerFor(sandbox: Sandbox, clientId: string, apiKey: string): SellerClient {
  return createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId,
    apiKey,
    limiter: null,
    stockLimiter: null,
    retry: { maxAttempts: 1 },
  });
}

export const adsKopecks = (w: World, day: string): bigint =>
  BigInt(Math.round((w.sandbox.stores[0]?.control.adTotals(day, day).spend ?? 0) * 100));

export const lastTo = (w: World, chatId: number, method = "sendMessage") =>
  w.fake
    .callsTo(method)
    .filter((c) => Number(c.payload.chat_id) === chatId)
    .at(-1);

export const financeCalls = (w: World, path: string) =>
  w.sandbox.requests.filter((r) => r.path === path).length;
