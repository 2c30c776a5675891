/**
 * The advertising module end to end: the real sandbox over HTTP, the real Performance client,
 * the fake Bot API over HTTP, a store, and the bot built with the ads module as main.ts builds
 * it. `restart()` stops the module and builds a new module and bot over the same store (or a
 * reopened one), as a new process would.
 *
 * `stores: 2` runs the multi-store sandbox with one shop per sandbox store, each with its own
 * Performance client; `addedInBot` makes the shops after the first ones an admin added in the
 * bot (so a test can remove them).
 */
import type { Update, User } from "grammy/types";
import {
  type AdsModule,
  type AdsModuleOptions,
  createAdsModule,
} from "../../../src/bot/ads/module.ts";
import {
  createSchedulesModule,
  type SchedulesModule,
  type SchedulesModuleOptions,
} from "../../../src/bot/ads/schedules/module.ts";
import { createAuditModule } from "../../../src/bot/audit/index.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createBot } from "../../../src/bot/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../../src/ozon/performance/client.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import { personKey } from "../../../src/services/access/roles.ts";
import type { ReportJob } from "../../../src/services/ads/index.ts";
import type { ShopEntry } from "../../../src/shops/entry.ts";
import { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { TEST_SECRETS } from "../../support/shops.ts";
import { command, person, text } from "../../support/updates.ts";
import { captureLogger, type LogLine, press } from "../harness.ts";

export const MANAGER = person(7101, { first_name: "Marina", language_code: "ru" });
export const MANAGER_EN = person(7102, { first_name: "Mark", language_code: "en" });
export const WAREHOUSE = person(7103, { first_name: "Vasya", language_code: "ru" });
export const STRANGER = person(7104, { first_name: "Stranger", language_code: "ru" });

export interface WorldOptions {
  sandbox?: SandboxOptions;
  module?: AdsModuleOptions;
  /** REPORT_POLL_SECONDS (default 0.02). */
  pollSeconds?: number;
  /** The Performance client's cap on report files (default MAX_REPORT_BYTES). */
  maxReportBytes?: number;
  /** Extra settings, as environment variables (BUDGET_MAX_ROUBLES...). */
  env?: Record<string, string>;
  /** A store to use (default: a new memory store); `reopen` gives one for a restart. */
  store?: Store;
  reopen?: () => Promise<Store>;
  /** Sandbox stores, one shop each (default 1). */
  stores?: number;
  /** Shops after the first were added in the bot (removable), not from the environment. */
  addedInBot?: boolean;
  /** Shops also get Seller API keys and clients (the managers' digest reads sales). */
  seller?: boolean;
  /** Also builds the scheduled reports module (/schedule) with these options. */
  schedules?: SchedulesModuleOptions;
}

export interface World {
  sandbox: Sandbox;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  /** Store 1's Performance client. */
  client: PerformanceClient;
  /** Each sandbox store's Performance client, store 1 first. */
  clients: PerformanceClient[];
  /** The shop registry of the current module. */
  shops: ShopRegistry;
  module: AdsModule;
  /** The scheduled reports module (with `schedules` only). */
  schedules: SchedulesModule;
  logs: LogLine[];
  bot: ReturnType<typeof createBot>;
  send(update: Update): Promise<void>;
  /** Stops the module (and reopens the store when asked) and builds a new module and bot. */
  restart(options?: { start?: boolean }): Promise<void>;
  /** The module's start(api) with the bot's api. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const open: Array<() => Promise<void>> = [];

/** Closes everything the worlds of a test opened (call in afterEach). */
export async function closeWorlds(): Promise<void> {
  while (open.length > 0) await open.pop()?.();
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const sandbox = await startSandbox({
    reportStepMs: 40,
    ...(options.stores ? { stores: options.stores } : {}),
    ...options.sandbox,
  });
  open.push(() => sandbox.close());
  const fake = await FakeBotApi.start();
  open.push(() => fake.close());
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    STORE: "memory",
    OZON_SANDBOX: "1",
    OZON_PERFORMANCE_URL: sandbox.performanceUrl,
    REPORT_POLL_SECONDS: String(options.pollSeconds ?? 0.02),
    TIMEZONE: "Europe/Moscow",
    DEFAULT_LOCALE: "ru",
    ...options.env,
  });
  const { logger, logs } = captureLogger();
  // No pauses between the client's own retries: the runner hears a 429 at once.
  const clients = sandbox.stores.map(({ credentials }) =>
    createPerformanceClient({
      baseUrl: sandbox.performanceUrl,
      clientId: credentials.performanceClientId,
      clientSecret: credentials.performanceClientSecret,
      random: () => 0,
      logger,
      ...(options.maxReportBytes !== undefined ? { maxReportBytes: options.maxReportBytes } : {}),
    }),
  );
  // Removing a shop closes its client already.
  for (const each of clients) open.push(() => each.close().catch(() => {}));
  const client = clients[0] as PerformanceClient;
  // Shop ids as the built-in sandbox gives them: each store's Seller Client-Id.
  const entries: ShopEntry[] = sandbox.stores.map(({ name, credentials }) => ({
    id: credentials.sellerClientId,
    name,
    ...(options.seller
      ? { seller: { clientId: credentials.sellerClientId, apiKey: credentials.sellerApiKey } }
      : {}),
    performance: {
      clientId: credentials.performanceClientId,
      clientSecret: credentials.performanceClientSecret,
    },
  }));
  const clientOf = new Map(entries.map((entry, index) => [entry.id, clients[index]]));
  const sellerOf = new Map(
    options.seller
      ? sandbox.stores.map(({ credentials }) => {
          const seller = createSellerClient({
            baseUrl: sandbox.sellerUrl,
            clientId: credentials.sellerClientId,
            apiKey: credentials.sellerApiKey,
            random: () => 0,
            logger,
          });
          open.push(() => seller.close().catch(() => {}));
          return [credentials.sellerClientId, seller] as const;
        })
      : [],
  );
  let store = options.store ?? new MemoryStore();
  const i18n = createI18n({ defaultLocale: "ru", logger });
  const codec = createCallbackCodec(config.botToken);

  const build = async () => {
    const access = new AccessService({ store, adminIds: [] });
    const shops = await ShopRegistry.open({
      store,
      fromEnv: options.addedInBot ? entries.slice(0, 1) : entries,
      clients: (entry) => ({ performance: clientOf.get(entry.id), seller: sellerOf.get(entry.id) }),
      secrets: TEST_SECRETS,
    });
    for (const entry of entries) if (!shops.get(entry.id)) await shops.add(entry, 1);
    const container: Container = {
      config,
      logger,
      store,
      access,
      shops,
      close: async () => {},
    };
    const sender = unlimitedSender();
    const module = createAdsModule(
      { container, i18n, codec, sender },
      { pollCapSeconds: 0.1, ...options.module },
    );
    const schedules =
      options.schedules &&
      createSchedulesModule({ container, i18n, codec, sender }, module, options.schedules);
    const bot = createBot({
      config,
      logger,
      store,
      access,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      i18n,
      codec,
      // The audit area too: the campaign card's 🕘 History button is answered there.
      modules: [
        ...(schedules ? [module, schedules] : [module]),
        createAuditModule({ container, i18n, codec, sender }),
      ],
    });
    return { access, module, bot, sender, shops, schedules };
  };

  let built = await build();
  let started = false;
  const world: World = {
    sandbox,
    fake,
    get store() {
      return store;
    },
    get access() {
      return built.access;
    },
    client,
    clients,
    get shops() {
      return built.shops;
    },
    get module() {
      return built.module;
    },
    get schedules() {
      if (!built.schedules) throw new Error("the world was started without `schedules`");
      return built.schedules;
    },
    logs,
    get bot() {
      return built.bot;
    },
    send: (update) => built.bot.handleUpdate(update),
    async start() {
      await built.module.start?.(built.bot.api);
      await built.schedules?.start?.(built.bot.api);
      started = true;
    },
    async restart(restartOptions = {}) {
      await built.schedules?.stop?.();
      await built.module.stop?.();
      await built.sender.close();
      started = false;
      if (options.reopen) {
        await store.close();
        store = await options.reopen();
      }
      built = await build();
      if (restartOptions.start ?? true) await world.start();
    },
    async close() {
      if (started) await built.schedules?.stop?.();
      if (started) await built.module.stop?.();
      await built.sender.close();
      started = false;
      if (!options.store || options.reopen) await store.close();
    },
  };
  open.push(() => world.close());
  await world.access.grant(MANAGER.id, "manager");
  await world.access.grant(MANAGER_EN.id, "manager");
  await world.access.grant(WAREHOUSE.id, "warehouse");
  await world.access.setLocale({ id: MANAGER_EN.id, firstName: MANAGER_EN.first_name }, "en");
  sandbox.resetCounters();
  return world;
}

/** Limits a person's manager role to some shops (as an admin's invite "manager of Южный" would). */
export async function limitManager(w: World, userId: number, shopIds: string[]): Promise<void> {
  const key = personKey(userId);
  const record = await w.store.get<Record<string, unknown>>(key);
  await w.store.set(key, { ...record, shops: { manager: shopIds } });
}

/**
 * The latest screen the bot showed in this chat: a sent or edited message; when only its buttons
 * were redrawn since (a tick of a many-choice), that message with the buttons it has now.
 */
export function screen(w: World, chatId: number): RecordedCall {
  const calls = w.fake.calls.filter(
    (c) =>
      (c.method === "sendMessage" ||
        c.method === "editMessageText" ||
        c.method === "editMessageReplyMarkup") &&
      Number(c.payload.chat_id) === chatId &&
      c.response?.ok,
  );
  const last = calls.findLast((c) => c.method !== "editMessageReplyMarkup");
  if (!last) throw new Error(`nothing shown in chat ${chatId}`);
  const messageId = (c: RecordedCall) => {
    const sent = c.response?.ok ? (c.response.result as { message_id?: number }) : undefined;
    return Number(c.payload.message_id ?? sent?.message_id);
  };
  const buttons = calls.findLast(
    (c) =>
      c.seq > last.seq && c.method === "editMessageReplyMarkup" && messageId(c) === messageId(last),
  );
  if (!buttons) return last;
  return { ...last, payload: { ...last.payload, reply_markup: buttons.payload.reply_markup } };
}

/** The buttons' labels of the latest screen in this chat, row after row. */
export function labels(w: World, chatId: number): string[] {
  const markup = screen(w, chatId).payload.reply_markup as
    | { inline_keyboard?: Array<Array<{ text: string }>> }
    | undefined;
  return (markup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

export function screenText(w: World, chatId: number): string {
  return String(screen(w, chatId).payload.text ?? "");
}

/** Presses the button labelled `label` on the latest screen in `user`'s private chat. */
export async function tap(w: World, user: User, label: string | RegExp): Promise<void> {
  await w.send(press(screen(w, user.id), label, user));
}

export async function say(w: World, user: User, body: string): Promise<void> {
  await w.send(text(body, { from: user }));
}

export async function slash(w: World, user: User, name: string): Promise<void> {
  await w.send(command(name, { from: user }));
}

/** Answers to button presses since call `since` (text and alert). */
export function alerts(w: World, since = 0): string[] {
  return w.fake
    .callsTo("answerCallbackQuery")
    .filter((c) => c.seq >= since && c.payload.text !== undefined)
    .map((c) => String(c.payload.text));
}

/** Calls to the Performance API, by kind, from the sandbox's own counters. */
export function performanceCalls(sandbox: Sandbox) {
  const counted = { token: 0, list: 0, budget: 0, submit: 0, status: 0, download: 0, other: 0 };
  for (const [key, n] of Object.entries(sandbox.counters())) {
    if (key === "POST /api/client/token") counted.token += n;
    else if (key === "GET /api/client/campaign") counted.list += n;
    else if (/^(PUT|PATCH) \/api\/client\/campaign\//.test(key)) counted.budget += n;
    else if (/^POST \/api\/client\/statistics(\/phrases|\/attribution)?$/.test(key))
      counted.submit += n;
    else if (key === "GET /api/client/statistics/report") counted.download += n;
    else if (key.startsWith("GET /api/client/statistics/")) counted.status += n;
    else counted.other += n;
  }
  return counted;
}

export async function jobsOf(w: World): Promise<ReportJob[]> {
  return w.module.jobs.repository.all();
}

/** Edits of one progress message (by its message id), in order. */
export function progressEdits(w: World, chatId: number, messageId: number): RecordedCall[] {
  return w.fake.calls.filter(
    (c) =>
      c.method === "editMessageText" &&
      Number(c.payload.chat_id) === chatId &&
      Number(c.payload.message_id) === messageId,
  );
}

/** Edits and sends of one progress message (by its message id), texts in order. */
export function progressTexts(w: World, chatId: number, messageId: number): string[] {
  return progressEdits(w, chatId, messageId).map((c) => String(c.payload.text));
}
