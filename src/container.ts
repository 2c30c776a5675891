/**
 * Builds the long-lived parts once — store, Ozon sandbox (when asked for), Ozon clients, access
 * service — and closes them in reverse order. main.ts hands them to the bot and the services.
 */
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import {
  createPerformanceClient,
  createSellerClient,
  type PerformanceClient,
  type SellerClient,
} from "./ozon/index.ts";
import { startSandbox } from "./sandbox/index.ts";
import { AccessService } from "./services/access.ts";
import { openStore } from "./store/index.ts";
import type { Store } from "./store/port.ts";
import { storedSuccessors } from "./store/successor-memory.ts";

export interface Container {
  config: Config;
  logger: Logger;
  store: Store;
  access: AccessService;
  /** Each client exists when its credentials are set (always with the sandbox). */
  ozon: { seller?: SellerClient; performance?: PerformanceClient };
  /** The built-in simulated Ozon, when OZON_SANDBOX is on. */
  sandbox?: { url: string };
  /** Closes the Ozon clients, the sandbox and the store (Redis connection, SQLite file). */
  close(): Promise<void>;
}

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
    if (config.ozon.sandbox) {
      // Some life in the simulated shop, so a trial run shows alerts and buyer messages.
      const started = await startSandbox({
        host: "127.0.0.1",
        port: 0,
        newPostingEverySeconds: 300,
        buyerMessageEverySeconds: 180,
        // Rebuilt at every start while the store remembers: new numbers and ids must not repeat.
        freshAfterStart: true,
      });
      closers.push({ name: "Ozon sandbox", close: () => started.close() });
      sellerUrl = started.sellerUrl;
      performanceUrl = started.performanceUrl;
      sandbox = { url: started.url };
      logger.info(
        { sandbox: started.url },
        "Using the built-in Ozon sandbox: a simulated shop, no real Ozon account is touched",
      );
    }

    const ozon: Container["ozon"] = {};
    const { seller: sellerConfig, performance: performanceConfig } = config.ozon;
    if (sellerConfig.clientId && sellerConfig.apiKey) {
      const seller = createSellerClient({
        baseUrl: sellerUrl,
        clientId: sellerConfig.clientId,
        apiKey: sellerConfig.apiKey,
        requestsPerSecond: sellerConfig.requestsPerSecond,
        successorMemory: storedSuccessors(store, "seller"),
        logger,
      });
      closers.push({ name: "Seller API client", close: () => seller.close() });
      ozon.seller = seller;
    }
    if (performanceConfig.clientId && performanceConfig.clientSecret) {
      const performance = createPerformanceClient({
        baseUrl: performanceUrl,
        clientId: performanceConfig.clientId,
        clientSecret: performanceConfig.clientSecret,
        successorMemory: storedSuccessors(store, "performance"),
        logger,
      });
      closers.push({ name: "Performance API client", close: () => performance.close() });
      ozon.performance = performance;
    }

    const access = new AccessService({ store, adminIds: config.adminIds });
    return { config, logger, store, access, ozon, sandbox, close };
  } catch (error) {
    await close();
    throw error;
  }
}
