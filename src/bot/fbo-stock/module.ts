/**
 * FBO stock per cluster as one bot module: `/stock` with the restock XLSX and the chat's 🛒 Sales
 * switch for the store (the way in for managers, who have no /subscribe), and a days-of-stock
 * watcher per store with Seller API keys (under the store's lease) telling the chats that chose
 * the store's 🛒 Sales about products falling under its threshold of days in a cluster. Every
 * read of Ozon's analytics goes through one book per store, kept until Ozon's next refresh.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
import type { Api } from "grammy";
import {
  FBO_STOCK_LEASE_NAME,
  FBO_STOCK_POLL_MS,
  type FboStockBook,
  type FboStockPassReport,
  FboStockWatcher,
  type FboStockWatcherOptions,
} from "../../services/fbo-stock/index.ts";
import { SalesSubscribers } from "../../services/sales/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import type { Shop } from "../../shops/registry.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { salesShopRow, TelegramSalesNotifier } from "../sales/index.ts";
import { ShopBooks } from "./books.ts";
import { TelegramDaysNotifier } from "./notifier.ts";
import { fboStockFeature } from "./screen.ts";

export interface FboStockModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollMs?: number;
  lease?: FboStockWatcherOptions["lease"];
  /** The clock of the kept reads (tests move it past Ozon's refresh). */
  now?: () => number;
}

export interface FboStockBotModule extends BotModule {
  runOnce(shopId: string): Promise<FboStockPassReport>;
}

export function createFboStockModule(
  deps: ModuleDeps,
  options: FboStockModuleOptions = {},
): FboStockBotModule {
  const { container, i18n, sender } = deps;
  const { store, access, config, logger, shops } = container;
  const now = options.now ?? Date.now;
  const books = new ShopBooks(now);
  const bookOf = (shop: Shop): FboStockBook => books.of(shop);
  // A removed store's client is closed: its book goes with it (added again, it gets a new one).
  shops.onChange((change) => {
    if (change.kind === "removed") books.drop(change.shop.id);
  });
  const subscribers = new SalesSubscribers(store);
  let watchers: PerShop<FboStockWatcher> | undefined;
  return {
    name: "fbo-stock",
    features: [
      fboStockFeature({
        shops,
        bookOf,
        alertsRow: (ctx, shop) => salesShopRow(ctx, shop, subscribers, deps.codec),
      }),
    ],
    start(api: Api) {
      if (watchers) return;
      const audience = new TelegramSalesNotifier({
        api: apiForSender(api),
        shops,
        shared: store,
        subscribers,
        access,
        i18n,
        defaultLocale: config.defaultLocale,
        sender,
        logger,
      });
      watchers = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const leased = storeLoopLease(shop.store, FBO_STOCK_LEASE_NAME, options.lease);
          const watcher = new FboStockWatcher({
            shopId: shop.id,
            book: bookOf(shop),
            store: leased.store,
            lease: leased.lease,
            notifier: new TelegramDaysNotifier({
              api: apiForSender(api),
              shops,
              store: leased.store,
              shared: store,
              audience: (shopId) => audience.audience(shopId),
              access,
              i18n,
              defaultLocale: config.defaultLocale,
              sender,
              logger,
            }),
            pollMs: options.pollMs ?? FBO_STOCK_POLL_MS,
            logger: logger.child({ shop: shop.id, loop: "fbo-stock" }),
          });
          if (options.poll !== false) watcher.start();
          return watcher;
        },
      });
      watchers.start();
    },
    async stop(deadline) {
      await watchers?.stop(deadline);
      watchers = undefined;
    },
    runOnce(shopId) {
      const watcher = watchers?.get(shopId);
      if (!watcher) return Promise.reject(new Error("The FBO stock module has not been started"));
      return watcher.runOnce();
    },
  };
}
