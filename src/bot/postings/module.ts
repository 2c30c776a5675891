/**
 * The postings area as a bot module: alerts for subscribed chats (the watcher with a Telegram
 * notifier, started once the bot can send), /subscribe and the warehouse filter, /postings,
 * labels, and the ship and cancel dialogs.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts and 5 more)
 */
import type { Api } from "grammy";
import type { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { PostingEarnings } from "../../services/money/index.ts";
import { CardBook } from "../../services/postings/cards.ts";
import { HandoverDesk } from "../../services/postings/handover.ts";
import {
  PostingWatcher,
  type PostingWatcherOptions,
  type SubscriberDirectory,
} from "../../services/postings/index.ts";
import type { DeliveryTiming } from "../../services/postings/job-desk.ts";
import { LabelDesk } from "../../services/postings/label-desk.ts";
import { redrawPackedCards } from "../../services/postings/packed-news.ts";
import {
  type Subscriber,
  SubscriptionService,
  subscriberForShop,
  wantsShop,
} from "../../services/subscriptions.ts";
import { PerShop } from "../../shops/per-shop.ts";
import type { Shop } from "../../shops/registry.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import { auditTrailOf } from "../audit/index.ts";
import { whenBotRemoved } from "../core/bot-removed.ts";
import { chatMovesFor, followChatMove } from "../core/chat-moved.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { maySendAgain } from "../core/telegram-errors.ts";
import { AlertBundler } from "./alert-bundle.ts";
import { cancelPostingConversation } from "./cancel-dialog.ts";
import { cardRedrawFeature } from "./card-redraw.ts";
import { deskRetryFeature } from "./desk-retry.ts";
import { findFeature } from "./find.ts";
import { postingsFeature } from "./handlers.ts";
import { telegramHandoverDelivery } from "./handover-delivery.ts";
import { handoverConversation } from "./handover-dialog.ts";
import { telegramLabelDelivery } from "./label-delivery.ts";
import { TelegramPostingNotifier, type WaitingAlert } from "./notifier.ts";
import { type PostingShops, postingShops } from "./posting-shop.ts";
import type { PackedAnnouncer, PostingDialogDeps } from "./posting-steps.ts";
import { shipConversation } from "./ship-dialog.ts";
import { type SubscriptionsFeatureDeps, subscriptionsFeature } from "./subscriptions.ts";
import { todayFeature } from "./today.ts";

export interface PostingsModuleOptions {
  /** Poll on a timer after start (default true); tests drive `watcher.runOnce()` instead. */
  poll?: boolean;
  /** Watcher settings over the defaults (burst threshold, digest size, reminder time...). */
  watcher?: Partial<Omit<PostingWatcherOptions, "seller" | "store" | "subscriptions" | "notifier">>;
  /**
   * Alerts of several shops waiting for one chat go as one message (default true; the bench
   * turns it off to measure one message per alert).
   */
  bundleAlerts?: boolean;
  /** Poll interval of batch label tasks (default 2 s; tests make it short). */
  labelPollMs?: number;
  /** After this long a person is told the labels come later (default 2 min). */
  labelSlowAfterMs?: number;
  /** Poll interval of handover acts (default 3 s; tests make it short). */
  handoverPollMs?: number;
  /** After this long a person is told the act comes later (default 2 min). */
  handoverSlowAfterMs?: number;
  /** How label batches and acts are delivered: the desks' clock, claim hold and retry waits. */
  delivery?: DeliveryTiming;
  /** The largest PDF sent in one piece (default: Telegram's 50 MB; tests make it small). */
  documentMaxBytes?: number;
  /** A row of another area under /subscribe's filters (stock alerts on or off). */
  subscribeRow?: SubscriptionsFeatureDeps["extraRow"];
  /** How long the ship dialog waits for Ozon's check of the units' values (default 20 s). */
  unitCheckMs?: number;
  /** What each posting earned (the card's 💰 line): tests give one with their clock. */
  earnings?: PostingEarnings;
}

export interface PostingsModule extends BotModule {
  readonly subscriptions: SubscriptionService;
  /** The running watcher of the first shop (after start). */
  readonly watcher: PostingWatcher | undefined;
  /** The running watcher of each shop (after start). */
  watcherOf(shopId: string): PostingWatcher | undefined;
  /** New-posting alerts waiting to go together in a chat's next message (alert-bundle.ts). */
  alertsWaiting(chatId: number): number;
}

/** The postings module; only for a container with a shop that has a Seller client. */
export function createPostingsModule(
  deps: ModuleDeps,
  options: PostingsModuleOptions = {},
): PostingsModule {
  const { container, i18n, sender, codec } = deps;
  const { config, store, access, logger, shops } = container;
  // Shops come and go (an admin adds one with keys later): the module runs with none at all.
  const firstId = () => shops.all().find((shop) => shop.seller)?.id ?? "";
  const where = postingShops(shops);
  const subscriptions = new SubscriptionService(store, { legacyShopId: () => where.legacy()?.id });
  const moves = chatMovesFor(store, shops);
  const earnings =
    options.earnings ??
    new PostingEarnings({
      onError: (shopId, error) =>
        logger.warn(
          { err: error, shop: shopId },
          "postings: Ozon's accruals of postings unavailable",
        ),
    });
  let botApi: Api | undefined;
  const bundler =
    options.bundleAlerts === false ? undefined : new AlertBundler<WaitingAlert>(sender);
  const notifierOf = (shop: { id: string; ref: string }, api: Api) =>
    new TelegramPostingNotifier({
      api: apiForSender(api),
      sender,
      i18n,
      access,
      codec,
      timezone: config.timezone,
      defaultLocale: config.defaultLocale,
      shops,
      shop: { id: shop.id, ref: shop.ref },
      ...(bundler ? { bundler } : {}),
    });
  const cardsOf = (shop: Shop) =>
    new CardBook(shop.store, { prefix: options.watcher?.keyPrefix ?? "postings:" });
  const now = options.watcher?.now ?? Date.now;
  // A pack through the bot redraws the other chats' cards at once (not at the next pass).
  const announcePacked: PackedAnnouncer = async (shopId, posting, by, kept) => {
    const shop = shops.get(shopId);
    if (!shop || !botApi) return 0;
    const log = logger.child({ module: "postings", shop: shop.id });
    const notifier = notifierOf(shop, botApi);
    return redrawPackedCards({ cards: cardsOf(shop), notifier, now, log }, posting, by, kept);
  };
  const audit = auditTrailOf(container);
  const dialogs: PostingDialogDeps = {
    shops: where,
    access,
    codec,
    timezone: config.timezone,
    announcePacked,
    audit,
    logger: logger.child({ module: "postings" }),
    ...(options.unitCheckMs === undefined ? {} : { unitWait: { deadlineMs: options.unitCheckMs } }),
  };
  // Looked up at each poll: a paused or removed shop's job waits for its return.
  const sellerNow = (shopId: string) => () => {
    const shop = shops.get(shopId);
    return shop && !shop.paused ? shop.seller : undefined;
  };
  /** A desk per shop with a Seller client, picking up the jobs it left before a restart. */
  const desksPerShop = <D extends HandoverDesk | LabelDesk>(
    what: string,
    make: (shop: Shop) => D,
  ): PerShop<D> =>
    new PerShop({
      shops,
      logger,
      wants: (shop) => shop.seller !== undefined,
      start: (shop) => {
        const desk = make(shop);
        desk.resume().catch((error: unknown) => {
          logger.warn({ err: error, shop: shop.id }, `resuming ${what} failed`);
        });
        return desk;
      },
    });
  let watchers: PerShop<PostingWatcher> | undefined;
  let desks: PerShop<HandoverDesk> | undefined;
  let labelDesks: PerShop<LabelDesk> | undefined;

  return {
    name: "postings",
    subscriptions,
    get watcher() {
      return watchers?.get(firstId());
    },
    watcherOf: (shopId) => watchers?.get(shopId),
    alertsWaiting: (chatId) => bundler?.waiting(chatId) ?? 0,
    passAfterPush(shopId, area) {
      const watcher = area === "postings" ? watchers?.get(shopId) : undefined;
      return (
        watcher &&
        (async (hints) => {
          // A cancellation push about a packed posting: re-read it in this pass, not a minute later.
          watcher.recheckPacked(
            hints.flatMap((h) =>
              h.type === "TYPE_POSTING_CANCELLED" && h.subject ? [h.subject] : [],
            ),
          );
          return (await watcher.runOnce()).skipped !== "lease";
        })
      );
    },
    beforeConversations: [
      whenBotRemoved("subscription to posting alerts", (chatId) =>
        subscriptions.unsubscribe(chatId),
      ),
      // A card a dialog leaves comes back as its posting is now (packed, cancelled meanwhile).
      cardRedrawFeature({
        shops: where,
        notifierOf: (shop) => (botApi ? notifierOf(shop, botApi) : undefined),
        cardsOf,
        now,
      }),
    ],
    features: [
      postingsFeature({ shops: where, quickPack: { announcePacked, audit } }),
      subscriptionsFeature({
        shops: where,
        subscriptions,
        ...(options.subscribeRow ? { extraRow: options.subscribeRow } : {}),
      }),
      todayFeature({ shops: where, labelDeskOf: (shopId) => labelDesks?.get(shopId) }),
      deskRetryFeature({
        shops: where,
        deskOf: (kind, shopId) => (kind === "labels" ? labelDesks : desks)?.get(shopId),
      }),
      findFeature({ shops: where, earnings }),
    ],
    conversations: [
      shipConversation(dialogs),
      cancelPostingConversation(dialogs),
      handoverConversation({ ...dialogs, deskOf: (shopId) => desks?.get(shopId) }),
    ],
    start(api) {
      if (watchers) return;
      botApi = api;
      const deliveryDeps = (shop: Shop) => ({
        api,
        i18n,
        shops,
        shopId: shop.id,
        defaultLocale: config.defaultLocale,
        codec,
        documentMaxBytes: options.documentMaxBytes,
        logger,
      });
      // A send Telegram refuses (4xx) is not tried again; 5xx, 429 and lost connections are.
      const delivery: DeliveryTiming = { retryable: maySendAgain, ...options.delivery };
      desks = desksPerShop(
        "handover acts",
        (shop) =>
          new HandoverDesk({
            seller: sellerNow(shop.id),
            store: shop.store,
            delivery: telegramHandoverDelivery(deliveryDeps(shop)),
            ...delivery,
            logger: logger.child({ module: "handover", shop: shop.id }),
            ...(options.handoverPollMs ? { pollMs: options.handoverPollMs } : {}),
            ...(options.handoverSlowAfterMs ? { slowAfterMs: options.handoverSlowAfterMs } : {}),
          }),
      );
      desks.start();
      labelDesks = desksPerShop(
        "label batches",
        (shop) =>
          new LabelDesk({
            seller: sellerNow(shop.id),
            store: shop.store,
            delivery: telegramLabelDelivery(deliveryDeps(shop)),
            ...delivery,
            logger: logger.child({ module: "labels", shop: shop.id }),
            ...(options.labelPollMs ? { pollMs: options.labelPollMs } : {}),
            ...(options.labelSlowAfterMs ? { slowAfterMs: options.labelSlowAfterMs } : {}),
          }),
      );
      labelDesks.start();
      const perShop = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          // Several processes: the watcher writes marks only while it holds its lease.
          const leased = storeLoopLease(shop.store, "postings", options.watcher?.lease);
          const watcher = new PostingWatcher({
            pollSeconds: config.pollSeconds.postings,
            burstThreshold: config.postings.burstThreshold,
            reminderBeforeMs: config.postings.reminderBeforeMinutes * 60_000,
            logger: logger.child({ module: "postings", shop: shop.id }),
            ...options.watcher,
            lease: leased.lease,
            // wants() let only shops with a Seller client through.
            seller: shop.seller as NonNullable<typeof shop.seller>,
            store: leased.store,
            subscriptions: entitledSubscribers(subscriptions, access, where, shop.id),
            notifier: notifierOf(shop, api),
            moveChat: (from, to) => followChatMove(moves, api, from, to, logger),
          });
          if (options.poll ?? true) watcher.start();
          return watcher;
        },
      });
      watchers = perShop;
      perShop.start();
    },
    async stop(deadline) {
      botApi = undefined;
      await desks?.stop(deadline);
      desks = undefined;
      await labelDesks?.stop(deadline);
      labelDesks = undefined;
      await watchers?.stop(deadline);
      watchers = undefined;
    },
  };
}

/**
 * The subscribers one shop's alerts go to: those whose shop filter includes the shop (no filter:
 * every shop), each with that shop's warehouse filter. A private chat only while its person's
 * warehouse role (or admin) reaches the shop, so someone whose role was revoked or narrowed stops
 * getting its postings; the subscription is kept and works again if the role comes back. Groups
 * were subscribed by an admin and stay.
 */
function entitledSubscribers(
  subscriptions: SubscriptionService,
  access: AccessService,
  where: PostingShops,
  shopId: string,
): SubscriberDirectory {
  return {
    async list() {
      const entitled: Subscriber[] = [];
      const legacyId = where.legacy()?.id;
      for (const subscriber of await subscriptions.list()) {
        if (!wantsShop(subscriber, shopId)) continue;
        if (subscriber.kind === "private") {
          const { person } = await access.lookup(subscriber.chatId);
          if (!reachesShop(person, "warehouse", shopId)) continue;
        }
        entitled.push(subscriberForShop(subscriber, shopId, legacyId));
      }
      return entitled;
    },
    unsubscribe: (chatId) => subscriptions.unsubscribe(chatId),
  };
}
