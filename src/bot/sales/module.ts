/**
 * Sales from Ozon's warehouses (FBO) as one bot module: a watcher per store with Seller API keys
 * (a background loop under the store's lease, so that of several processes one tells), telling
 * the chats that chose "🛒 Sales" in /subscribe about each order, a burst as one digest, and
 * redrawing a card when its order is cancelled.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
import type { Api } from "grammy";
import {
  SALES_LEASE_NAME,
  SALES_POLL_MS,
  type SalesPassReport,
  SalesSubscribers,
  SalesWatcher,
  type SalesWatcherOptions,
} from "../../services/sales/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import type { BotContext } from "../core/context.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { TelegramSalesNotifier } from "./notifier.ts";
import { salesSubscribeFeature, salesSubscribeRow } from "./subscribe.ts";

export interface SalesModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollMs?: number;
  lease?: SalesWatcherOptions["lease"];
  /** Watcher settings tests change (burst, cancellation checks, the clock). */
  watcher?: Pick<
    SalesWatcherOptions,
    "burstThreshold" | "digestSize" | "overlapMs" | "cancelCheckMs" | "now"
  >;
}

export interface SalesBotModule extends BotModule {
  runOnce(shopId: string): Promise<SalesPassReport>;
  /** The /subscribe row of this chat: 🛒 Sales on or off (or the stores to choose). */
  subscribeRow(ctx: BotContext): Promise<{ text: string; data: string } | undefined>;
}

export function createSalesModule(
  deps: ModuleDeps,
  options: SalesModuleOptions = {},
): SalesBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const subscribers = new SalesSubscribers(store);
  let watchers: PerShop<SalesWatcher> | undefined;
  return {
    name: "sales",
    features: [salesSubscribeFeature({ shops, subscribers })],
    start(api: Api) {
      if (watchers) return;
      watchers = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const seller = shop.seller as NonNullable<typeof shop.seller>;
          const leased = storeLoopLease(shop.store, SALES_LEASE_NAME, options.lease);
          const watcher = new SalesWatcher({
            ...options.watcher,
            shopId: shop.id,
            source: seller.fbo,
            store: leased.store,
            lease: leased.lease,
            notifier: new TelegramSalesNotifier({
              api: apiForSender(api),
              shops,
              shared: store,
              subscribers,
              access,
              i18n,
              defaultLocale: config.defaultLocale,
              sender,
              logger,
            }),
            pollMs: options.pollMs ?? SALES_POLL_MS,
            logger: logger.child({ shop: shop.id, loop: "sales" }),
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
      if (!watcher) return Promise.reject(new Error("The sales module has not been started"));
      return watcher.runOnce();
    },
    subscribeRow: (ctx) => salesSubscribeRow(ctx, { shops, subscribers }, codec),
  };
}
