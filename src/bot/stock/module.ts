/**
 * Stock alerts as a bot module: one stock watcher per store that can be read (a lease per store,
 * so that of several processes one watches it), a pass at once on a push that says a store's
 * stock changed, the /subscribe row that turns stock alerts on or off for a chat, and the
 * 📦 Stock button under each alert.
 * Tests: test/bot/stock/alerts.test.ts
 */
import type { Api } from "grammy";
import { CostPrices } from "../../services/money/index.ts";
import { BOOK_LEASE_NAME, BookDesk } from "../../services/stock/book-desk.ts";
import { BookGate } from "../../services/stock/book-gate.ts";
import type { BookOzon } from "../../services/stock/book-ozon.ts";
import type { StockLevel } from "../../services/stock/crossings.ts";
import { sellerBookOzon, sellerStockSource } from "../../services/stock/ozon-source.ts";
import { StockAlertChoice, StockThreshold } from "../../services/stock/settings.ts";
import {
  STOCK_LEASE_NAME,
  type StockPassReport,
  type StockSource,
  StockWatcher,
  type StockWatcherOptions,
} from "../../services/stock/watcher.ts";
import { SubscriptionService } from "../../services/subscriptions.ts";
import { PerShop } from "../../shops/per-shop.ts";
import type { Shop } from "../../shops/registry.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { type BookFeatureDeps, bookFeature, bookRights } from "./book-feature.ts";
import { TelegramBookNotifier } from "./book-notifier.ts";
import { stockToggleButton } from "./keyboards.ts";
import { TelegramStockNotifier } from "./notifier.ts";
import { stockButtonsFeature } from "./stock-buttons.ts";

export interface StockModuleOptions {
  /** false: start() prepares the watchers but does not poll (tests use runOnce). */
  poll?: boolean;
  /** How a store's FBS stock is read; undefined: the store is not watched. */
  sourceOf?: (shop: Shop) => StockSource | undefined;
  lease?: StockWatcherOptions["lease"];
  now?: () => Date;
  /** How a store's workbook reads and changes Ozon; undefined: no workbook for it. */
  bookOzonOf?: (shop: Shop) => BookOzon | undefined;
  /** Between two workbook requests (default: Ozon's pace, 750 ms). */
  bookPaceMs?: number;
  /** Uploaded workbooks read at once (default 2; one per person always). */
  bookReadsAtOnce?: number;
  /** How an uploaded workbook is read (default: in a worker thread; tests slow it down). */
  bookRead?: BookFeatureDeps["read"];
}

export interface StockBotModule extends BotModule {
  runOnce(shopId: string): Promise<StockPassReport>;
  /** The workbook desk of a store (after start). */
  deskOf(shopId: string): BookDesk | undefined;
  /** The /subscribe row of this chat: stock alerts on or off. */
  subscribeRow(ctx: BotContext): Promise<{ text: string; data: string } | undefined>;
}

export type { StockLevel };

export function createStockModule(
  deps: ModuleDeps,
  options: StockModuleOptions = {},
): StockBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const subscriptions = new SubscriptionService(store, {
    legacyShopId: () => shops.legacyOwner()?.id,
  });
  const choice = new StockAlertChoice(store);
  // Each store's own source: its catalogue is kept for an hour between passes.
  const sourceOf =
    options.sourceOf ??
    ((shop: Shop) => (shop.seller ? sellerStockSource(shop.seller) : undefined));
  let watchers: PerShop<StockWatcher> | undefined;
  let desks: PerShop<BookDesk> | undefined;
  const ozonOf =
    options.bookOzonOf ?? ((shop: Shop) => (shop.seller ? sellerBookOzon(shop.seller) : undefined));

  return {
    name: "stock",
    features: [
      stockButtonsFeature({ shops, choice, subscriptions, lowStock: config.stock.lowStock }),
      bookFeature({
        shops,
        deskOf: (shopId) => desks?.get(shopId),
        ozonOf,
        gate: new BookGate({ atOnce: options.bookReadsAtOnce ?? 2 }),
        ...(options.bookRead ? { read: options.bookRead } : {}),
      }),
    ],
    start(api: Api) {
      if (watchers) return;
      const perShop = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined || options.sourceOf !== undefined,
        start: (shop) => {
          const source: StockSource = sourceOf(shop) ?? (async () => []);
          const leased = storeLoopLease(shop.store, STOCK_LEASE_NAME, options.lease);
          const notifier = new TelegramStockNotifier({
            api: apiForSender(api),
            sender,
            i18n,
            defaultLocale: config.defaultLocale,
            access,
            codec,
            shops,
            subscriptions,
            choice,
            store,
            logger,
          });
          const threshold = new StockThreshold(shop.store, config.stock.lowStock);
          const watcher = new StockWatcher({
            shopId: shop.id,
            source,
            store: leased.store,
            notifier,
            threshold: () => threshold.get(),
            pollMinutes: config.stock.pollMinutes,
            lease: leased.lease,
            ...(options.now ? { now: options.now } : {}),
            logger: logger.child({ module: "stock", shop: shop.id }),
          });
          if (options.poll !== false) watcher.start();
          return watcher;
        },
      });
      watchers = perShop;
      perShop.start();
      desks = new PerShop({
        shops,
        logger,
        wants: (shop) => ozonOf(shop) !== undefined,
        start: (shop) => {
          const leased = storeLoopLease(shop.store, BOOK_LEASE_NAME, options.lease);
          const desk = new BookDesk({
            shopId: shop.id,
            store: leased.store,
            shared: shop.store,
            ozon: ozonOf(shop) as BookOzon,
            audit: auditTrailOf(container),
            notifier: new TelegramBookNotifier({
              api: apiForSender(api),
              sender,
              i18n,
              defaultLocale: config.defaultLocale,
            }),
            ...(options.bookPaceMs === undefined ? {} : { paceMs: options.bookPaceMs }),
            rights: async (job) => bookRights(await access.find(job.by), job.shopId),
            keepCosts: (draft) =>
              new CostPrices(shop.store).set(draft.costs ?? [], draft.by, new Date()),
            lease: leased.lease,
            logger: logger.child({ module: "stock-book", shop: shop.id }),
          });
          if (options.poll !== false) desk.start();
          return desk;
        },
      });
      desks.start();
    },
    async stop(deadline) {
      await Promise.all([watchers?.stop(deadline), desks?.stop(deadline)]);
      watchers = undefined;
      desks = undefined;
    },
    deskOf: (shopId) => desks?.get(shopId),
    passAfterPush(shopId, area) {
      const watcher = watchers?.get(shopId);
      if (!watcher) return undefined;
      // A stock push: its SKUs read now (pushes within the dispatcher's window together); one
      // naming none: a whole read, at most once a minute (the watcher's gap).
      if (area === "stocks") {
        return (_hints, stock) => watcher.afterPush(stock ?? { skus: [], every: true });
      }
      if (area !== "postings") return undefined;
      // A new posting may take the last units of its products: those SKUs read soon, wherever
      // the watcher leads (a nudge, never holding up the postings' own pass or its hint).
      return async (_hints, stock) => {
        if (stock) watcher.nudge(stock);
        return true;
      };
    },
    runOnce(shopId) {
      const watcher = watchers?.get(shopId);
      if (!watcher) return Promise.reject(new Error(`no stock watcher for store ${shopId}`));
      return watcher.runOnce();
    },
    async subscribeRow(ctx) {
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return undefined;
      return stockToggleButton(codec, ctx.t, await choice.wants(chatId));
    },
  };
}
