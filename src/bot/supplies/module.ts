/**
 * FBO supplies as one bot module: `/supplies` (orders by state, a card with contents on tap) and
 * a supplies watcher per store with Seller API keys (under the store's lease) telling the chats
 * that chose the store's 🛒 Sales when a supply is accepted, accepted with discrepancies, or
 * cancelled.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
import type { Api } from "grammy";
import { SalesSubscribers } from "../../services/sales/index.ts";
import {
  SUPPLIES_LEASE_NAME,
  SUPPLIES_POLL_MS,
  type SuppliesPassReport,
  SuppliesWatcher,
  type SuppliesWatcherOptions,
} from "../../services/supplies/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { TelegramSalesNotifier } from "../sales/index.ts";
import { TelegramSupplyNotifier } from "./notifier.ts";
import { suppliesFeature } from "./screen.ts";

export interface SuppliesModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollMs?: number;
  lease?: SuppliesWatcherOptions["lease"];
}

export interface SuppliesBotModule extends BotModule {
  runOnce(shopId: string): Promise<SuppliesPassReport>;
}

export function createSuppliesModule(
  deps: ModuleDeps,
  options: SuppliesModuleOptions = {},
): SuppliesBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  let watchers: PerShop<SuppliesWatcher> | undefined;
  return {
    name: "supplies",
    features: [suppliesFeature({ shops })],
    start(api: Api) {
      if (watchers) return;
      const audience = new TelegramSalesNotifier({
        api: apiForSender(api),
        shops,
        shared: store,
        subscribers: new SalesSubscribers(store),
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
          const seller = shop.seller as NonNullable<typeof shop.seller>;
          const leased = storeLoopLease(shop.store, SUPPLIES_LEASE_NAME, options.lease);
          const watcher = new SuppliesWatcher({
            shopId: shop.id,
            source: seller.supplies,
            store: leased.store,
            lease: leased.lease,
            notifier: new TelegramSupplyNotifier({
              api: apiForSender(api),
              shops,
              store: leased.store,
              shared: store,
              audience: (shopId) => audience.audience(shopId),
              access,
              i18n,
              defaultLocale: config.defaultLocale,
              codec,
              sender,
              logger,
            }),
            pollMs: options.pollMs ?? SUPPLIES_POLL_MS,
            logger: logger.child({ shop: shop.id, loop: "supplies" }),
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
      if (!watcher) return Promise.reject(new Error("The supplies module has not been started"));
      return watcher.runOnce();
    },
  };
}
