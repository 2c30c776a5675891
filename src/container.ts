/**
 * Builds the long-lived parts once — store, Ozon sandbox (when asked for), the shops with their
 * Ozon clients, access service — and closes them in reverse order. main.ts hands them to the bot
 * and the services.
 * Tests: test/container.test.ts, test/bot/core/bot-removed.test.ts and 1 more
 */
import type { Config } from "./config.ts";
import { type Logger, maskAlso } from "./logger.ts";
import type { MethodCatalogue } from "./openapi/catalogue.ts";
import { storedFallbacks } from "./ozon/fallback-memory.ts";
import { createPerformanceClient, createSellerClient } from "./ozon/index.ts";
import { AccessService } from "./services/access/index.ts";
import { LoopHealth } from "./services/health/health.ts";
import { Vitals } from "./services/health/vitals.ts";
import { type ShopEntry, secretsOf } from "./shops/entry.ts";
import { ShopHealth } from "./shops/health.ts";
import type { CheckClientFactory } from "./shops/key-check.ts";
import { type ShopClientFactory, ShopRegistry } from "./shops/registry.ts";
import { SecretBox } from "./shops/secrets.ts";
import { openStore } from "./store/index.ts";
import { sharedByProcesses } from "./store/lease.ts";
import type { Store } from "./store/port.ts";
import { BOT_VERSION } from "./version.ts";

/** How soon a store added, renamed or paused at one process is known to the others. */
const SHOPS_SYNC_MS = 5_000;

export interface Container {
  config: Config;
  logger: Logger;
  store: Store;
  access: AccessService;
  /** The Ozon stores served, each with the clients its keys allow. */
  shops: ShopRegistry;
  /**
   * Whether each shop's keys work, as its clients find out (admins are told of changes). Always
   * made here; optional so that tests may build a container of only the parts they need.
   */
  health?: ShopHealth;
  /** Ozon clients built the container's way: for the shops served, and for checking new keys. */
  ozonClients?: OzonClientFactories;
  /** The process's counters for /status and /metrics (Ozon calls, pushes, Telegram). */
  vitals?: Vitals;
  /** The loops' health across processes (/status, the stall notices); started by the status module. */
  loopHealth?: LoopHealth;
  /**
   * Ozon's documents as /status holds the bot's methods against them; unset: the copy this
   * version was checked against (`ozon-openapi/`). Tests set another to move the announcements.
   */
  ozonMethods?: MethodCatalogue;
  /** The built-in simulated Ozon, when OZON_SANDBOX is on. */
  sandbox?: { url: string; setPushTarget(url: string | undefined): void };
  /** Closes the Ozon clients, the sandbox and the store (Redis connection, SQLite file). */
  close(): Promise<void>;
}

export interface OzonClientFactories {
  /** A served shop's clients: rate limit, successor memory in its store, health observer. */
  forShop: ShopClientFactory;
  /** Clients only to check keys before saving them: tried once, nothing recorded. */
  forCheck: CheckClientFactory;
}

/** How long a key check may wait for Ozon before it says "try later". */
const KEY_CHECK_SECONDS = 15;

export interface ContainerOverrides {
  /** Use this store instead of opening the configured one (tests). */
  store?: Store;
}

export async function createContainer(
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const closers: Array<{ name: string; close: () => Promise<void> }> = [];
  const close = async () => {
    for (const { name, close } of closers.splice(0).reverse()) {
      try {
        await close();
        logger.info(`${name} closed`);
      } catch (error) {
        logger.warn({ err: error }, `closing ${name} failed`);
      }
    }
  };

  try {
    const store = overrides.store ?? (await openStore(config.store, logger));
    closers.push({ name: "Store", close: () => store.close() });

    let sellerUrl = config.ozon.seller.url;
    let performanceUrl = config.ozon.performance.url;
    let sandbox: Container["sandbox"];
    let fromEnv: ShopEntry[] = config.ozon.shops;
    if (config.ozon.sandbox) {
      // Loaded only when asked for: the simulated Ozon is a large part of the code (memory at idle).
      const { startSandbox } = await import("./sandbox/index.ts");
      // Some life in the simulated shop, so a trial run shows alerts and buyer messages.
      const started = await startSandbox({
        host: "127.0.0.1",
        port: 0,
        newPostingEverySeconds: 300,
        buyerMessageEverySeconds: 180,
        // Rebuilt at every start while the store remembers: new numbers and ids must not repeat.
        freshAfterStart: true,
        stores: config.ozon.sandboxStores,
      });
      closers.push({ name: "Ozon sandbox", close: () => started.close() });
      sellerUrl = started.sellerUrl;
      performanceUrl = started.performanceUrl;
      sandbox = { url: started.url, setPushTarget: (url) => started.setPushTarget(url) };
      fromEnv = started.stores.map(({ name, credentials: c }) => ({
        id: c.sellerClientId,
        name,
        seller: { clientId: c.sellerClientId, apiKey: c.sellerApiKey },
        performance: { clientId: c.performanceClientId, clientSecret: c.performanceClientSecret },
      }));
      logger.info(
        { sandbox: started.url },
        "Using the built-in Ozon sandbox: a simulated shop, no real Ozon account is touched",
      );
    }

    const health = new ShopHealth({ store, logger: logger.child({ module: "shop-health" }) });
    const vitals = new Vitals();
    const loopHealth = new LoopHealth({
      store,
      version: BOT_VERSION,
      stallFloorMs: config.stallAfterSeconds * 1000,
      ozonFailures: () => vitals.ozonFailuresByShop(),
      logger: logger.child({ module: "loop-health" }),
    });
    // Keys of shops added in the bot are known only now: masked in the logs from here on.
    const known = (entry: ShopEntry) => maskAlso(logger, secretsOf(entry));
    const forShop: ShopClientFactory = (entry, shopStore) => {
      known(entry);
      const shopLogger = logger.child({ shop: entry.id });
      return {
        ...(entry.seller
          ? {
              seller: createSellerClient({
                baseUrl: sellerUrl,
                clientId: entry.seller.clientId,
                apiKey: entry.seller.apiKey,
                requestsPerSecond: config.ozon.seller.requestsPerSecond,
                fallbackMemory: storedFallbacks(shopStore, "seller"),
                logger: shopLogger,
                observer: health.observer(entry.id, "seller"),
                calls: vitals.ozonObserver(entry.id),
              }),
            }
          : {}),
        ...(entry.performance
          ? {
              performance: createPerformanceClient({
                baseUrl: performanceUrl,
                clientId: entry.performance.clientId,
                clientSecret: entry.performance.clientSecret,
                fallbackMemory: storedFallbacks(shopStore, "performance"),
                logger: shopLogger,
                observer: health.observer(entry.id, "performance"),
                calls: vitals.ozonObserver(entry.id),
              }),
            }
          : {}),
      };
    };
    const checkTimeouts = { totalSeconds: KEY_CHECK_SECONDS };
    const forCheck: CheckClientFactory = (entry) => {
      known(entry);
      const checkLogger = logger.child({ shop: entry.id, check: true });
      return {
        ...(entry.seller
          ? {
              seller: createSellerClient({
                baseUrl: sellerUrl,
                clientId: entry.seller.clientId,
                apiKey: entry.seller.apiKey,
                requestsPerSecond: config.ozon.seller.requestsPerSecond,
                retry: { maxAttempts: 1 },
                timeouts: checkTimeouts,
                logger: checkLogger,
              }),
            }
          : {}),
        ...(entry.performance
          ? {
              performance: createPerformanceClient({
                baseUrl: performanceUrl,
                clientId: entry.performance.clientId,
                clientSecret: entry.performance.clientSecret,
                retry: { maxAttempts: 1 },
                timeouts: checkTimeouts,
                logger: checkLogger,
              }),
            }
          : {}),
      };
    };
    const shops = await ShopRegistry.open({
      store,
      fromEnv,
      clients: forShop,
      secrets: secretBox(config, logger),
      logger,
    });
    closers.push({ name: "Ozon clients", close: () => shops.close() });
    // Other processes on the same Redis may add, rename, pause or remove stores in the bot.
    if (sharedByProcesses(store)) shops.followOtherProcesses(SHOPS_SYNC_MS);
    // After the clients: what their last calls told is written before the store closes.
    closers.push({ name: "Shop health", close: () => health.settled() });

    const access = new AccessService({ store, adminIds: config.adminIds });
    const ozonClients = { forShop, forCheck };
    return {
      config,
      logger,
      store,
      access,
      shops,
      health,
      vitals,
      loopHealth,
      ozonClients,
      sandbox,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** SECRETS_KEY, or a key derived from the bot token (said once, at start). */
function secretBox(config: Config, logger: Logger): SecretBox {
  if (config.secretsKey) return SecretBox.fromKey(config.secretsKey);
  logger.warn(
    "SECRETS_KEY is not set: keys of stores added in the bot are encrypted with a key derived from BOT_TOKEN (set SECRETS_KEY to keep them readable when the token changes)",
  );
  return SecretBox.fromBotToken(config.botToken);
}
