/**
 * Buyer chats relayed both ways, as one bot module: one chat relay per shop polls Ozon every
 * CHATS_POLL_SECONDS and sends buyer messages to Telegram (each shop on its own loop, so one
 * shop's failing chats never delay another's); replies (before any dialog), the /relay_here
 * command and "Write to buyer" go back to Ozon, to the shop the message or button belongs to.
 * Tests: none directly (reached through test/bot/chats/support.ts and 1 more)
 */

import type { Api } from "grammy";
import {
  ChatRelay,
  type ChatRelayOptions,
  RELAY_LEASE_NAME,
  type RelayPassReport,
} from "../../services/chats/relay/chat-relay.ts";
import { ContextCards } from "../../services/chats/relay/context-card.ts";
import { ProductNames } from "../../services/chats/relay/product-names.ts";
import {
  createRelayRepositories,
  type RelayRepositoryOptions,
} from "../../services/chats/relay/repositories.ts";
import { RelayShops } from "../../services/chats/relay/shops.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { storeLoopLease } from "../../store/fenced-store.ts";
import { whenBotRemoved } from "../core/bot-removed.ts";
import { chatMovesFor, followChatMove } from "../core/chat-moved.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { inboxFeature } from "./inbox/inbox.ts";
import { relayHereFeature } from "./relay/here.ts";
import { notSentFeature } from "./relay/not-sent.ts";
import { TelegramRelayNotifier } from "./relay/notifier.ts";
import { relayFeature, relayRepliesFeature } from "./relay/relay.ts";
import { quickReplyConversation } from "./replies/dialog.ts";
import { relayQuickRepliesFeature } from "./replies/in-chats.ts";
import { quickRepliesFeature } from "./replies/replies.ts";

export interface RelayModuleOptions {
  /** false: start() prepares the relay but does not poll (tests drive it with runOnce). */
  poll?: boolean;
  /** Passed to the ChatRelay. */
  relay?: Pick<
    ChatRelayOptions,
    | "historyPageSize"
    | "concurrency"
    | "lease"
    | "maxDownloadBytes"
    | "downloadDeadlineMs"
    | "fileTries"
  >;
  /** Lifetimes of message links and cursors, the same for every part of the relay. */
  repositories?: Pick<RelayRepositoryOptions, "linkTtlMs" | "cursorTtlMs">;
}

export interface RelayBotModule extends BotModule {
  /** The relay of the first shop with a Seller client, once start() ran. */
  readonly relay: ChatRelay | undefined;
  /** The relay of each shop, once start() ran. */
  relayOf(shopId: string): ChatRelay | undefined;
  /** What the relay knows of the shops: their records, the shared links and groups. */
  readonly shops: RelayShops;
  /** One pass of a shop (default: the first with a Seller client) now (tests); start() must have run. */
  runOnce(shopId?: string): Promise<RelayPassReport>;
}

export function createRelayModule(
  deps: ModuleDeps,
  options: RelayModuleOptions = {},
): RelayBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const moves = chatMovesFor(store, shops);
  // Shops come and go (an admin adds one with keys later): the module runs with none at all.
  const firstId = () => shops.all().find((shop) => shop.seller)?.id ?? "";
  const relayShops = new RelayShops({
    shops,
    store,
    logger,
    claimMs: config.chats.claimMinutes * 60_000,
    ...(options.repositories ? { repositories: options.repositories } : {}),
  });
  let relays: PerShop<ChatRelay> | undefined;

  return {
    name: "relay",
    beforeConversations: [
      relayRepliesFeature(relayShops),
      whenBotRemoved("setting as the relay group", (chatId) => relayShops.groups.clear(chatId)),
    ],
    features: [
      relayFeature(relayShops),
      relayHereFeature(relayShops),
      inboxFeature(relayShops),
      relayQuickRepliesFeature(relayShops),
      quickRepliesFeature(shops),
    ],
    unhandled: [notSentFeature(relayShops)],
    conversations: [quickReplyConversation({ shops, codec })],
    shops: relayShops,
    get relay() {
      return relays?.get(firstId());
    },
    relayOf: (shopId) => relays?.get(shopId),
    passAfterPush(shopId, area) {
      const relay = area === "chats" ? relays?.get(shopId) : undefined;
      return relay && (async () => (await relay.runOnce()).leader !== false);
    },
    start(api: Api) {
      if (relays) return;
      const perShop = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          // wants() let only shops with a Seller client through.
          const shopSeller = shop.seller as NonNullable<typeof shop.seller>;
          // Several processes: the relay writes cursors and marks only while it holds its lease;
          // the bot's own features keep the plain repositories. Links stay shared by all shops.
          const leased = storeLoopLease(shop.store, RELAY_LEASE_NAME, options.relay?.lease);
          const repositories = leased.fenced
            ? createRelayRepositories(leased.store, {
                ...options.repositories,
                shared: store,
                shopId: shop.id,
              })
            : relayShops.repositories(shop);
          const notifier = new TelegramRelayNotifier({
            api: apiForSender(api),
            repositories,
            shop: { id: shop.id, shops },
            access,
            i18n,
            defaultLocale: config.defaultLocale,
            sender,
            codec,
            productNames: new ProductNames({
              store: shop.store,
              source: shopSeller.products,
              logger,
            }),
            logger,
            inbox: relayShops.inbox(shop),
            contextCards: new ContextCards({ store: shop.store, source: shopSeller, logger }),
            timezone: config.timezone,
            moveChat: (from, to) => followChatMove(moves, api, from, to, logger),
          });
          const relay = new ChatRelay({
            ...options.relay,
            lease: leased.lease,
            chats: shopSeller.chats,
            repositories,
            notifier,
            pollSeconds: config.pollSeconds.chats,
            logger: logger.child({ shop: shop.id }),
          });
          if (options.poll !== false) relay.start();
          return relay;
        },
      });
      relays = perShop;
      perShop.start();
    },
    async stop(deadline) {
      await relays?.stop(deadline);
      relays = undefined;
    },
    runOnce(shopId = firstId()) {
      const relay = relays?.get(shopId);
      if (!relay) return Promise.reject(new Error("The relay module has not been started"));
      return relay.runOnce();
    },
  };
}
