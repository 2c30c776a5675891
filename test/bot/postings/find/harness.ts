/**
 * Finding postings in a real bot: two sandbox stores over HTTP (each a shop), the fake Bot API,
 * and the bot built with both the buyer chat relay and the postings module, as main builds it,
 * so typed numbers meet the relay's reply handling and the fallback as they would live.
 */
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { createRelayModule, type RelayBotModule } from "../../../../src/bot/chats/module.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import type { BotContext } from "../../../../src/bot/core/context.ts";
import { createI18n } from "../../../../src/bot/core/i18n.ts";
import { createBot } from "../../../../src/bot/index.ts";
import { createMoneyModule } from "../../../../src/bot/money/index.ts";
import { createPostingsModule } from "../../../../src/bot/postings/module.ts";
import { loadConfig } from "../../../../src/config.ts";
import type { Container } from "../../../../src/container.ts";
import type { SellerClient } from "../../../../src/ozon/index.ts";
import { createSellerClient } from "../../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../../src/sandbox/index.ts";
import { AccessService } from "../../../../src/services/access/index.ts";
import { type PersonRecord, personKey } from "../../../../src/services/access/roles.ts";
import type { PostingEarnings } from "../../../../src/services/money/index.ts";
import type { ShopRegistry } from "../../../../src/shops/registry.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { FakeBotApi, type RecordedCall } from "../../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../../support/sender.ts";
import { testShops } from "../../../support/shops.ts";
import { person } from "../../../support/updates.ts";
import { captureLogger, type LogLine } from "../../harness.ts";

export const ADMIN = person(9101, { first_name: "Ada", language_code: "en" });
export const KEEPER = person(9102, { first_name: "Kim", language_code: "en" });
/** A seller only: may answer buyers, does not search. */
export const SELLER = person(9103, { first_name: "Sam", language_code: "en" });
/** Seller and warehouse at once. */
export const BOTH = person(9104, { first_name: "Bo", language_code: "en" });
/** Warehouse of the first shop (Северный) only. */
export const NORTH_ONLY = person(9105, { first_name: "Lena", language_code: "en" });
/** Warehouse of every shop, manager of the second shop only: sees money of that one alone. */
export const SOUTH_MANAGER = person(9106, { first_name: "Max", language_code: "en" });

export interface FindHarness {
  sandbox: Sandbox;
  shops: ShopRegistry;
  fake: FakeBotApi;
  relay: RelayBotModule;
  logs: LogLine[];
  bot: Bot<BotContext>;
  send(update: Update): Promise<void>;
  close(): Promise<void>;
}

export interface FindOptions {
  /** What postings earned (the card's 💰 line), with the test's clock. */
  earnings?: PostingEarnings;
  /** With the money area too (it answers the card's 💰 button). */
  withMoney?: boolean;
}

export async function startFind(options: FindOptions = {}): Promise<FindHarness> {
  const sandbox = await startSandbox({ stores: 2, initialPostings: 0, historyPostings: 0 });
  const fake = await FakeBotApi.start();
  const store = new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "en",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger, logs } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const roles: Array<[User, "warehouse" | "seller"]> = [
    [KEEPER, "warehouse"],
    [SELLER, "seller"],
    [BOTH, "seller"],
    [BOTH, "warehouse"],
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
  const shops = await testShops(
    store,
    sandbox.stores.map((one, i) => ({
      id: one.credentials.sellerClientId,
      name: one.name,
      seller: sellers[i] as SellerClient,
    })),
  );
  const north: PersonRecord = {
    id: NORTH_ONLY.id,
    roles: ["warehouse"],
    shops: { warehouse: [sandbox.stores[0]?.credentials.sellerClientId ?? ""] },
  };
  await store.set(personKey(NORTH_ONLY.id), north);
  const southManager: PersonRecord = {
    id: SOUTH_MANAGER.id,
    roles: ["warehouse", "manager"],
    shops: { manager: [sandbox.stores[1]?.credentials.sellerClientId ?? ""] },
  };
  await store.set(personKey(SOUTH_MANAGER.id), southManager);

  const container = {
    config,
    logger,
    store,
    access,
    shops,
    close: async () => {},
  } satisfies Container;
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  const sender = unlimitedSender();
  const deps = { container, i18n, codec, sender };
  const relay = createRelayModule(deps, { poll: false });
  const postings = createPostingsModule(deps, {
    poll: false,
    ...(options.earnings ? { earnings: options.earnings } : {}),
  });
  const modules = [relay, postings, ...(options.withMoney ? [createMoneyModule(deps)] : [])];
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

  return {
    sandbox,
    shops,
    fake,
    relay,
    logs,
    bot,
    send: (update) => bot.handleUpdate(update),
    async close() {
      for (const module of modules) await module.stop?.();
      await sender.close();
      for (const one of sellers) await one.close();
      await sandbox.close();
      await fake.close();
      await store.close();
    },
  };
}

/** What the bot sent (messages accepted by Telegram) to a chat since call number `since`. */
export function sentTo(h: FindHarness, chatId: number, since: number): RecordedCall[] {
  return h.fake
    .callsTo("sendMessage")
    .filter((c) => c.seq >= since && Number(c.payload.chat_id) === chatId && c.response?.ok);
}

/** Sends an update and returns the texts of what the bot then sent to the sender's chat. */
export async function answersTo(h: FindHarness, update: Update, chatId: number) {
  const since = h.fake.calls.length;
  await h.send(update);
  return sentTo(h, chatId, since);
}
