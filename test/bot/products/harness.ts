/**
 * The products module in a real bot: the sandbox over HTTP with the real Seller client, the fake
 * Bot API over HTTP, a store (memory, or Redis for the two-process tests). One clock drives the
 * sandbox and the bot, so Ozon's change limit can be waited out without waiting.
 */
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { createAuditModule } from "../../../src/bot/audit/index.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createPostingsModule } from "../../../src/bot/postings/index.ts";
import { createProductsModule } from "../../../src/bot/products/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import { type SellerClient, systemClock } from "../../../src/ozon/index.ts";
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
export const MANAGER = person(9103, { first_name: "Max", language_code: "en" });
/** Warehouse and manager, in Russian. */
export const OLGA = person(9104, { first_name: "Оля", language_code: "ru" });
export const SELLER = person(9105, { first_name: "Sam", language_code: "en" });

export interface ProductsHarness {
  sandbox: Sandbox;
  seller: SellerClient;
  shops: ShopRegistry;
  fake: FakeBotApi;
  store: Store;
  bot: Bot<BotContext>;
  /** A second bot over the same store, Ozon and Telegram: another process. */
  second: Bot<BotContext>;
  /** The clock of the bot and the sandbox (epoch ms); tests move it. */
  clock: { now: number };
  send(update: Update, bot?: Bot<BotContext>): Promise<RecordedCall[]>;
  close(): Promise<void>;
}

export async function startProducts(
  options: {
    store?: Store;
    closeStore?: boolean;
    withPostings?: boolean;
    withAudit?: boolean;
  } = {},
): Promise<ProductsHarness> {
  const clock = { now: Date.parse("2026-11-27T09:00:00Z") };
  const sandbox = await startSandbox({
    initialPostings: 0,
    historyPostings: 0,
    now: () => clock.now,
  });
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "en",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const roles: Array<[User, Role]> = [
    [KEEPER, "warehouse"],
    [MANAGER, "manager"],
    [OLGA, "warehouse"],
    [OLGA, "manager"],
    [SELLER, "seller"],
  ];
  for (const [user, role] of roles) await access.grant(user.id, role, ADMIN.id);
  const seller = createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId: sandbox.credentials.sellerClientId,
    apiKey: sandbox.credentials.sellerApiKey,
    limiter: null,
    // The pace of stock requests shared with the workbook is the stock harness's to test.
    stockLimiter: null,
    retry: { maxAttempts: 1 },
    // What the client keeps for a minute (analytics, warehouses) ages on the tests' clock.
    clock: { now: () => clock.now, sleep: systemClock.sleep },
  });
  const shops = await testShops(store, [
    { id: sandbox.credentials.sellerClientId, name: sandbox.stores[0]?.name ?? "Северный", seller },
  ]);
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
  const senders = [unlimitedSender(), unlimitedSender()];
  const build = (i: number) => {
    const moduleDeps = {
      container,
      i18n,
      codec,
      sender: senders[i] as ReturnType<typeof unlimitedSender>,
    };
    const module = createProductsModule(moduleDeps, { now: () => clock.now });
    const postings = options.withPostings
      ? [createPostingsModule(moduleDeps, { poll: false })]
      : [];
    // The audit area answers the card's 🕘 History.
    const audit = options.withAudit ? [createAuditModule(moduleDeps)] : [];
    return createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules: [module, ...postings, ...audit],
    });
  };
  const bot = build(0);
  const second = build(1);
  return {
    sandbox,
    seller,
    shops,
    fake,
    store,
    bot,
    second,
    clock,
    async send(update, which = bot) {
      const since = fake.calls.length;
      await which.handleUpdate(update);
      return fake.calls.slice(since);
    },
    async close() {
      for (const sender of senders) await sender.close();
      await seller.close();
      await sandbox.close();
      await fake.close();
      if (options.closeStore ?? !options.store) await store.close();
    },
  };
}

/** The last message sent or edited among `calls`. */
export function lastScreen(calls: RecordedCall[]): RecordedCall {
  const screens = calls.filter(
    (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.response?.ok,
  );
  const last = screens.at(-1);
  if (!last) throw new Error(`no message among: ${calls.map((c) => c.method).join(", ")}`);
  return last;
}
