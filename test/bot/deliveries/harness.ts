/**
 * The deliveries module (with the postings module beside it, as in the running bot) over the
 * sandbox on HTTP with the real Seller client and the fake Bot API. `processes` bots share one
 * store, as processes sharing Redis do: each has its own modules, sender and Seller client.
 */
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { createAuditModule } from "../../../src/bot/audit/index.ts";
import { type CallbackCodec, createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { BotModule } from "../../../src/bot/core/module.ts";
import type { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import { createDeliveriesModule } from "../../../src/bot/deliveries/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createPostingsModule, type PostingsModule } from "../../../src/bot/postings/module.ts";
import { createProductsModule } from "../../../src/bot/products/index.ts";
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
export const PACKER = person(9103, { first_name: "Pat", language_code: "en" });
export const SELLER = person(9104, { first_name: "Sam", language_code: "en" });
export const MANAGER = person(9105, { first_name: "Max", language_code: "en" });

interface Process {
  bot: Bot<BotContext>;
  postings: PostingsModule;
  modules: BotModule[];
  sender: TelegramSender;
  seller: SellerClient;
}

export interface DeliveriesHarness {
  sandbox: Sandbox;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  codec: CallbackCodec;
  /** The shop's ref, as its buttons carry it. */
  shopRef: string;
  /** The first process's shops. */
  shops: ShopRegistry;
  /** The first process's postings module (its watcher runs when a test says). */
  readonly postings: PostingsModule;
  /** Sends to the first process (the bot), or to the i-th. */
  send(update: Update, processIndex?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DeliveriesHarnessOptions {
  store?: Store;
  processes?: number;
  locale?: "ru" | "en";
  now?: () => number;
  /** With the audit area too (it answers the cards' 🕘 History). */
  withAudit?: boolean;
  /** With the products area too (/products, a card's stock and price dialogs). */
  withProducts?: boolean;
  /** This many stores, all over the one sandbox (each lists its postings): default 1. */
  shopCount?: number;
}

export async function startDeliveries(
  options: DeliveriesHarnessOptions = {},
): Promise<DeliveriesHarness> {
  const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: options.locale ?? "en",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const roles: Array<[User, Role]> = [
    [KEEPER, "warehouse"],
    [PACKER, "warehouse"],
    [SELLER, "seller"],
    [MANAGER, "manager"],
  ];
  for (const [user, role] of roles) await access.grant(user.id, role, ADMIN.id);
  const credentials = sandbox.credentials;
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);

  const processes: Process[] = [];
  let shopRef = "";
  let firstShops: ShopRegistry | undefined;
  for (let i = 0; i < (options.processes ?? 1); i++) {
    const seller = createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: credentials.sellerClientId,
      apiKey: credentials.sellerApiKey,
      limiter: null,
      retry: { maxAttempts: 1 },
    });
    // Named as stores often are: long enough that a list of them all would not fit one message.
    const extra = Array.from({ length: (options.shopCount ?? 1) - 1 }, (_, i) => ({
      seller,
      name: `Магазин ${i + 2} · Электроника и товары для дома`,
    }));
    const shops = await testShops(store, [{ id: credentials.sellerClientId, seller }, ...extra]);
    shopRef = must(shops.all()[0], "shop").ref;
    firstShops ??= shops;
    const container = { config, logger, store, access, shops, close: async () => {} };
    const sender = unlimitedSender();
    const shared = { container: container satisfies Container, i18n, codec, sender };
    const postings = createPostingsModule(shared, { poll: false });
    const modules: BotModule[] = [
      postings,
      createDeliveriesModule(shared, options.now ? { now: options.now } : {}),
      ...(options.withAudit ? [createAuditModule(shared)] : []),
      ...(options.withProducts ? [createProductsModule(shared)] : []),
    ];
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
    });
    for (const module of modules) await module.start?.(bot.api);
    processes.push({ bot, postings, modules, sender, seller });
  }
  return {
    sandbox,
    fake,
    store,
    access,
    codec,
    shopRef,
    shops: must(firstShops, "shops"),
    postings: must(processes[0], "process").postings,
    send: (update, index = 0) => must(processes[index], "process").bot.handleUpdate(update),
    async close() {
      for (const p of processes) {
        for (const module of p.modules) await module.stop?.();
        await p.sender.close();
        await p.seller.close();
      }
      await sandbox.close();
      await fake.close();
      if (!options.store) await store.close();
    },
  };
}

/** Sends an update and returns what the bot sent or edited in answer (handleUpdate waits). */
export async function exchange(
  h: DeliveriesHarness,
  update: Update,
  processIndex = 0,
): Promise<RecordedCall[]> {
  const since = h.fake.calls.length;
  await h.send(update, processIndex);
  return h.fake.calls.slice(since);
}

/** The last sendMessage / editMessageText among `calls` that Telegram took. */
export function lastScreen(calls: readonly RecordedCall[]): RecordedCall {
  const screens = calls.filter(
    (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.response?.ok,
  );
  return must(screens.at(-1), `a message among ${calls.map((c) => c.method).join(", ")}`);
}

/** Popup texts of answerCallbackQuery among `calls`. */
export function answers(calls: readonly RecordedCall[]): string[] {
  return calls
    .filter((c) => c.method === "answerCallbackQuery" && c.payload.text !== undefined)
    .map((c) => String(c.payload.text));
}

export function must<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}
