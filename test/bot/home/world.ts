/**
 * Home's test world: the sandbox over HTTP with two stores (North, South), the fake Bot API, a
 * store (memory unless given: Redis for the two-process tests) and bots with the Home module —
 * one per "process", sharing the sandbox, the fake and the store; each has its own kept reads.
 */
import type { User } from "grammy/types";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import { createHomeModule } from "../../../src/bot/home/index.ts";
import type { HomeBotModule } from "../../../src/bot/home/module.ts";
import { createBot } from "../../../src/bot/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { command, type group, person } from "../../support/updates.ts";
import { captureLogger, type LogLine } from "../harness.ts";

export const ADMIN = person(7001, { first_name: "Ada", language_code: "en" });
export const ADMIN_RU = person(7002, { first_name: "Аня", language_code: "ru" });
export const HOUR = 3_600_000;

/** One bot process: its bot and its Home module. */
export interface HomeProcess {
  bot: ReturnType<typeof createBot>;
  home: HomeBotModule;
}

export interface World extends HomeProcess {
  sandbox: Sandbox;
  fake: FakeBotApi;
  shops: ShopRegistry;
  sellers: SellerClient[];
  access: AccessService;
  store: Store;
  logs: LogLine[];
  /** Another process (or this one restarted): a new bot and Home over the same store. */
  process(): HomeProcess;
}

/** The clock of the counts and redraws: real time, moved on by a test. */
export const clock = { shiftMs: 0, now: () => Date.now() + clock.shiftMs };

let current: World | undefined;

export async function closeWorld(): Promise<void> {
  const w = current;
  current = undefined;
  if (!w) return;
  for (const seller of w.sellers) await seller.close();
  await w.sandbox.close();
  await w.fake.close();
  await w.store.close();
}

export async function startWorld(
  options: { store?: Store; sender?: () => TelegramSender } = {},
): Promise<World> {
  clock.shiftMs = 0;
  const sandbox = await startSandbox({
    stores: 2,
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
  });
  const fake = await FakeBotApi.start();
  const store = options.store ?? new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: `${ADMIN.id},${ADMIN_RU.id}`,
    STORE: "memory",
    DEFAULT_LOCALE: "ru",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger, logs } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const sellers = sandbox.stores.map(({ credentials }) =>
    createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: credentials.sellerClientId,
      apiKey: credentials.sellerApiKey,
      limiter: null,
      retry: { maxAttempts: 1 },
    }),
  );
  const shops = await testShops(
    store,
    sandbox.stores.map((one, i) => ({
      id: one.credentials.sellerClientId,
      name: i === 0 ? "North" : "South",
      seller: sellers[i] as SellerClient,
    })),
  );
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
  const process = (): HomeProcess => {
    const home = createHomeModule(
      { container, i18n, codec, sender: (options.sender ?? unlimitedSender)() },
      { now: clock.now, poll: false },
    );
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      shops,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules: [home],
    });
    void home.start?.(bot.api);
    return { bot, home };
  };
  const first = process();
  current = { ...first, sandbox, fake, shops, sellers, access, store, logs, process };
  return current;
}

/** Store 1 (North): one posting late, one due within 2 h, one later; store 2 (South): two later. */
export function seedPostings(w: World): void {
  const [north, south] = w.sandbox.stores;
  const now = Date.now();
  north?.control.addPosting({ shipmentDate: now - HOUR });
  north?.control.addPosting({ shipmentDate: now + HOUR });
  north?.control.addPosting({ shipmentDate: now + 10 * HOUR });
  south?.control.addPosting({ shipmentDate: now + 10 * HOUR });
  south?.control.addPosting({ shipmentDate: now + 12 * HOUR });
}

/** Sends the command and waits for the screen it sends. */
export async function open(
  w: Pick<World, "bot" | "fake">,
  from: User,
  name = "start",
  chat?: ReturnType<typeof group>,
): Promise<RecordedCall> {
  const since = w.fake.calls.length;
  await w.bot.handleUpdate(command(name, { from, ...(chat ? { chat } : {}) }));
  return w.fake.waitForCall("sendMessage", () => true, 5_000, { since });
}

export const ozonCalls = (w: World) => w.sandbox.requests.length;
