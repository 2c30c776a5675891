/**
 * The postings module in a real bot: the sandbox over HTTP with the real Seller client, the fake
 * Bot API over HTTP, a store (memory, or Redis for restart tests). The watcher does not poll on a
 * timer: tests drive `h.watcher.runOnce()`. The sender has no limits so tests do not wait seconds.
 */

import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { createAuditModule } from "../../../src/bot/audit/index.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import type { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import {
  createPostingsModule,
  type PostingsModule,
  type PostingsModuleOptions,
} from "../../../src/bot/postings/module.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService, type Role } from "../../../src/services/access/index.ts";
import type { PostingWatcher } from "../../../src/services/postings/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { person } from "../../support/updates.ts";
import { captureLogger } from "../harness.ts";

export const ADMIN = person(9001, { first_name: "Ada", language_code: "en" });
export const KEEPER = person(9002, { first_name: "Kim", language_code: "en" });
export const PACKER = person(9003, { first_name: "Pat", language_code: "en" });
/** A seller: may write to buyers, not ship. */
export const SELLER = person(9004, { first_name: "Sam", language_code: "en" });

export interface PostingsHarnessOptions {
  store?: Store;
  sandbox?: SandboxOptions;
  module?: Omit<PostingsModuleOptions, "poll">;
  /** The sender of each built bot (default: no limits, so tests never wait). */
  sender?: () => TelegramSender;
  /** Extra settings, as environment variables (POSTINGS_BURST_THRESHOLD...). */
  env?: Record<string, string>;
  /** Close the store on close (default: when the harness made it). */
  closeStore?: boolean;
  /** Sandbox stores, each a shop of the bot named as the sandbox names it (default 1). */
  stores?: number;
  /** With the audit area too (it answers the cards' 🕘 History). */
  withAudit?: boolean;
}

export interface PostingsHarness {
  sandbox: Sandbox;
  /** The first shop's Seller client. */
  seller: SellerClient;
  /** Every shop's Seller client, in the sandbox's store order. */
  sellers: SellerClient[];
  shops: ShopRegistry;
  fake: FakeBotApi;
  store: Store;
  access: AccessService;
  module: PostingsModule;
  bot: Bot<BotContext>;
  readonly watcher: PostingWatcher;
  /** The watcher of the i-th shop (0-based, in the sandbox's store order). */
  watcherOf(index: number): PostingWatcher;
  send(update: Update): Promise<void>;
  /** Stops the module, builds a new bot and module over the same store, sandbox and fake. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPostings(
  options: PostingsHarnessOptions = {},
): Promise<PostingsHarness> {
  const sandbox = await startSandbox({
    initialPostings: 0,
    historyPostings: 0,
    ...options.sandbox,
    ...(options.stores ? { stores: options.stores } : {}),
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
    ...options.env,
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const roles: Array<[User, Role]> = [
    [KEEPER, "warehouse"],
    [PACKER, "warehouse"],
    [SELLER, "seller"],
  ];
  for (const [user, role] of roles) await access.grant(user.id, role, ADMIN.id);
  const sellers = sandbox.stores.map(({ credentials }) =>
    createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: credentials.sellerClientId,
      apiKey: credentials.sellerApiKey,
      limiter: null,
      retry: { maxAttempts: 1 },
    }),
  );
  const seller = sellers[0] as SellerClient;
  const shops = await testShops(
    store,
    sandbox.stores.map((one, i) => ({
      id: one.credentials.sellerClientId,
      name: one.name,
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

  const build = () => {
    const sender = (options.sender ?? unlimitedSender)();
    const module = createPostingsModule(
      { container, i18n, codec, sender },
      { ...options.module, poll: false },
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
      modules: options.withAudit
        ? [module, createAuditModule({ container, i18n, codec, sender })]
        : [module],
    });
    module.start?.(bot.api);
    return { module, bot, sender };
  };

  let current = build();
  const harness: PostingsHarness = {
    sandbox,
    seller,
    sellers,
    shops,
    fake,
    store,
    access,
    get module() {
      return current.module;
    },
    get bot() {
      return current.bot;
    },
    get watcher() {
      const watcher = current.module.watcher;
      if (!watcher) throw new Error("module not started");
      return watcher;
    },
    watcherOf(index) {
      const shop = must(shops.all()[index], `shop ${index}`);
      return must(current.module.watcherOf(shop.id), `watcher of shop ${index}`);
    },
    send: (update) => current.bot.handleUpdate(update),
    async restart() {
      await current.module.stop?.();
      await current.sender.close();
      current = build();
    },
    async close() {
      await current.module.stop?.();
      await current.sender.close();
      for (const one of sellers) await one.close();
      await sandbox.close();
      await fake.close();
      if (options.closeStore ?? !options.store) await store.close();
    },
  };
  return harness;
}

/** sendMessage calls to a chat since `since` (Telegram accepted them). */
export function messagesTo(h: PostingsHarness, chatId: number, since = 0): RecordedCall[] {
  return h.fake
    .callsTo("sendMessage")
    .filter((c) => c.seq >= since && Number(c.payload.chat_id) === chatId && c.response?.ok);
}

/** Sends an update and returns what the bot sent or edited in answer (handleUpdate waits). */
export async function exchange(h: PostingsHarness, update: Update): Promise<RecordedCall[]> {
  const since = h.fake.calls.length;
  await h.send(update);
  return h.fake.calls.slice(since);
}

/**
 * The progress message edited to the summary `words` (since `since`), waited for; it must come
 * after `file`, the last document it speaks of: "ready" is never said before the files arrive.
 */
export async function readyAfter(
  h: PostingsHarness,
  words: string | RegExp,
  since: number,
  file: RecordedCall,
): Promise<RecordedCall> {
  const matches = (text: string) =>
    typeof words === "string" ? text.includes(words) : words.test(text);
  const ready = await h.fake.waitForCall(
    "editMessageText",
    (c) => matches(String(c.payload.text ?? "")),
    10_000,
    { since, answered: true },
  );
  if (ready.seq < file.seq) throw new Error(`"${words}" was said before the file was sent`);
  return ready;
}

/** The last sendMessage / editMessageText among `calls` (the screen the person sees now). */
export function lastScreen(calls: RecordedCall[]): RecordedCall {
  const screens = calls.filter(
    (c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.response?.ok,
  );
  const last = screens.at(-1);
  if (!last) throw new Error(`no message among: ${calls.map((c) => c.method).join(", ")}`);
  return last;
}

/** The value, or a failed test saying what was missing. */
export function must<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}
