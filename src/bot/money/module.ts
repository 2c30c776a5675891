/**
 * Money as one bot module: `/money` (screen.ts) over one MoneyReader, whose short-lived reads are
 * shared by everyone who opens it; the margins (margins.ts); the posting card's 💰 button
 * (earned.ts); and a watcher per store (under a lease) telling admins and managers of a loss day
 * or a missed payout (services/money/alerts.ts, notifier.ts).
 * Tests: none directly (reached through test/bot/money/world.ts, test/bot/postings/find/harness.ts)
 */
import type { Api } from "grammy";
import {
  CostPrices,
  MarginReader,
  MONEY_ALERTS_LEASE_NAME,
  MoneyAlertSettings,
  type MoneyAlertsPass,
  MoneyAlertsWatcher,
  MoneyReader,
} from "../../services/money/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { earnedFeature } from "./earned.ts";
import { marginsFeature } from "./margins.ts";
import { TelegramMoneyNotifier } from "./notifier.ts";
import { moneyFeature } from "./screen.ts";

export interface MoneyModuleOptions {
  /** The reader's clock (tests move it past the kept reads' time). */
  now?: () => number;
  /** Injected for tests: a reader with its own cache. */
  reader?: MoneyReader;
  /** false: start() prepares the alert watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  lease?: false;
}

export interface MoneyBotModule extends BotModule {
  readonly reader: MoneyReader;
  /** One pass of a store's alert watcher (tests). */
  runAlerts(shopId: string): Promise<MoneyAlertsPass>;
}

export function createMoneyModule(
  deps: ModuleDeps,
  options: MoneyModuleOptions = {},
): MoneyBotModule {
  const { container, i18n, sender } = deps;
  const { config, logger, shops, store, access } = container;
  const now = options.now;
  const reader =
    options.reader ??
    new MoneyReader({
      zone: config.timezone,
      ...(now ? { now } : {}),
      onFallback: (shopId, error) =>
        logger.warn(
          { err: error, shop: shopId },
          "money: /v1/finance/balance failed; the half-month statement stands in",
        ),
    });
  const margins = new MarginReader({ zone: config.timezone, ...(now ? { now } : {}) });
  const settings = new MoneyAlertSettings(store);
  let watchers: PerShop<MoneyAlertsWatcher> | undefined;
  return {
    name: "money",
    reader,
    features: [
      moneyFeature(reader, settings),
      earnedFeature,
      marginsFeature(margins, config.timezone, now),
    ],
    start(api: Api) {
      if (watchers) return;
      watchers = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const leased = storeLoopLease(
            shop.store,
            MONEY_ALERTS_LEASE_NAME,
            options.lease === false ? false : undefined,
          );
          const watcher = new MoneyAlertsWatcher({
            shop: {
              id: shop.id,
              store: shop.store,
              ...(shop.seller ? { seller: shop.seller } : {}),
            },
            store: leased.store,
            margins,
            money: reader,
            costs: new CostPrices(shop.store),
            zone: config.timezone,
            notifier: new TelegramMoneyNotifier({
              api: apiForSender(api),
              shops,
              store: leased.store,
              shared: store,
              access,
              settings,
              i18n,
              defaultLocale: config.defaultLocale,
              sender,
              logger,
            }),
            lease: leased.lease,
            ...(now ? { now } : {}),
            logger: logger.child({ shop: shop.id, loop: "money-alerts" }),
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
    runAlerts(shopId) {
      const watcher = watchers?.get(shopId);
      if (!watcher) return Promise.reject(new Error("The money module has not been started"));
      return watcher.runOnce();
    },
  };
}
