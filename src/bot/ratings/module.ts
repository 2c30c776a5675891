/**
 * Ratings as one bot module: a watcher per shop with a Seller client (a background loop under a
 * lease, so of several processes one reads), telling admins and managers when a rating crosses a
 * zone; and `/rating` for the current ones.
 * Tests: none directly (reached through test/bot/after-sale.ts)
 */
import type { Api } from "grammy";
import {
  RATINGS_LEASE_NAME,
  RATINGS_POLL_MS,
  type RatingsPassReport,
  RatingsWatcher,
  type RatingsWatcherOptions,
} from "../../services/ratings/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { TelegramRatingsNotifier } from "./notifier.ts";
import { ratingsFeature } from "./screen.ts";

export interface RatingsModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollMs?: number;
  lease?: RatingsWatcherOptions["lease"];
}

export interface RatingsBotModule extends BotModule {
  runOnce(shopId: string): Promise<RatingsPassReport>;
}

export function createRatingsModule(
  deps: ModuleDeps,
  options: RatingsModuleOptions = {},
): RatingsBotModule {
  const { container, i18n, sender } = deps;
  const { access, config, logger, shops, store } = container;
  let watchers: PerShop<RatingsWatcher> | undefined;
  return {
    name: "ratings",
    features: [ratingsFeature],
    start(api: Api) {
      if (watchers) return;
      watchers = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const seller = shop.seller as NonNullable<typeof shop.seller>;
          const leased = storeLoopLease(shop.store, RATINGS_LEASE_NAME, options.lease);
          const shopStore = leased.store;
          const watcher = new RatingsWatcher({
            lease: leased.lease,
            shopId: shop.id,
            api: seller.ratings,
            store: shopStore,
            notifier: new TelegramRatingsNotifier({
              api: apiForSender(api),
              shops,
              store: shopStore,
              shared: store,
              access,
              i18n,
              defaultLocale: config.defaultLocale,
              sender,
              logger,
            }),
            pollMs: options.pollMs ?? RATINGS_POLL_MS,
            logger: logger.child({ shop: shop.id, loop: "ratings" }),
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
      if (!watcher) return Promise.reject(new Error("The ratings module has not been started"));
      return watcher.runOnce();
    },
  };
}
