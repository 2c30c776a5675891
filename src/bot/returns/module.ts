/**
 * Returns as one bot module: a watcher per shop with a Seller client (a background loop under a
 * lease) alerting the chats that chose returns; `/returns`; rFBS request cards and the dialog
 * that decides them.
 * Tests: none directly (reached through test/bot/after-sale.ts)
 */
import type { Api } from "grammy";
import {
  RETURNS_LEASE_NAME,
  RETURNS_POLL_MS,
  type ReturnsPassReport,
  ReturnsSubscribers,
  ReturnsWatcher,
  type ReturnsWatcherOptions,
  repairDecisionRecords,
} from "../../services/returns/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { decideConversation } from "./decide-dialog.ts";
import { TelegramReturnsNotifier } from "./notifier.ts";
import { returnsFeature } from "./screen.ts";

export interface ReturnsModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollMs?: number;
  lease?: ReturnsWatcherOptions["lease"];
}

export interface ReturnsBotModule extends BotModule {
  runOnce(shopId: string): Promise<ReturnsPassReport>;
}

export function createReturnsModule(
  deps: ModuleDeps,
  options: ReturnsModuleOptions = {},
): ReturnsBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const subscribers = new ReturnsSubscribers(store);
  let watchers: PerShop<ReturnsWatcher> | undefined;
  let repaired: Promise<unknown> | undefined;
  return {
    name: "returns",
    features: [returnsFeature({ subscribers, timezone: config.timezone, shops })],
    conversations: [
      decideConversation({
        codec,
        shops,
        timezone: config.timezone,
        audit: auditTrailOf(container),
      }),
    ],
    start(api: Api) {
      if (watchers) return;
      // Decisions Ozon took whose record a crash kept from the trail are recorded now.
      repaired ??= Promise.all(
        shops
          .all()
          .map((shop) => repairDecisionRecords(auditTrailOf(container), shop.store, logger)),
      );
      watchers = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const seller = shop.seller as NonNullable<typeof shop.seller>;
          const leased = storeLoopLease(shop.store, RETURNS_LEASE_NAME, options.lease);
          const shopStore = leased.store;
          const watcher = new ReturnsWatcher({
            lease: leased.lease,
            shopId: shop.id,
            api: seller.returns,
            store: shopStore,
            notifier: new TelegramReturnsNotifier({
              api: apiForSender(api),
              shops,
              store: shopStore,
              shared: store,
              subscribers,
              access,
              i18n,
              defaultLocale: config.defaultLocale,
              timezone: config.timezone,
              codec,
              sender,
              logger,
            }),
            pollMs: options.pollMs ?? RETURNS_POLL_MS,
            logger: logger.child({ shop: shop.id, loop: "returns" }),
          });
          if (options.poll !== false) watcher.start();
          return watcher;
        },
      });
      watchers.start();
    },
    async stop(deadline) {
      await repaired;
      await watchers?.stop(deadline);
      watchers = undefined;
    },
    runOnce(shopId) {
      const watcher = watchers?.get(shopId);
      if (!watcher) return Promise.reject(new Error("The returns module has not been started"));
      return watcher.runOnce();
    },
  };
}
