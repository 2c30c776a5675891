/**
 * Buyer chats relayed both ways, as one bot module: the chat relay polls Ozon every
 * CHATS_POLL_SECONDS and sends buyer messages to Telegram; replies (before any dialog), the
 * /relay_here command and "Write to buyer" go back to Ozon.
 */

import type { Api } from "grammy";
import {
  ChatRelay,
  type ChatRelayOptions,
  RELAY_LEASE_NAME,
  type RelayPassReport,
} from "../../services/relay/chat-relay.ts";
import { ProductNames } from "../../services/relay/product-names.ts";
import { ReplyService } from "../../services/relay/reply-service.ts";
import {
  createRelayRepositories,
  type RelayRepositoryOptions,
} from "../../services/relay/repositories.ts";
import { PerShop } from "../../shops/per-shop.ts";
import { fencedLease, sharedByProcesses } from "../../store/lease.ts";
import { whenBotRemoved } from "../features/bot-removed.ts";
import { relayFeature, relayRepliesFeature } from "../features/relay.ts";
import type { BotModule } from "../module.ts";
import { TelegramRelayNotifier } from "../notifiers/relay.ts";
import { apiForSender } from "../sender/index.ts";
import type { ModuleDeps } from "./index.ts";

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
  /** The relay of the first shop, once start() ran. */
  readonly relay: ChatRelay | undefined;
  /** The relay of each shop, once start() ran. */
  relayOf(shopId: string): ChatRelay | undefined;
  /** One pass of the first shop now (tests); start() must have run. */
  runOnce(): Promise<RelayPassReport>;
}

export function createRelayModule(
  deps: ModuleDeps,
  options: RelayModuleOptions = {},
): RelayBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const first = shops.all().find((shop) => shop.seller);
  const seller = first?.seller;
  if (!first || !seller) throw new Error("The buyer chat relay needs the Seller API client");
  // The one set of the relay's records: every part below reads and writes these.
  const repositories = createRelayRepositories(first.store, options.repositories);
  const { contexts, groups } = repositories;
  const replies = new ReplyService({ chats: seller.chats, contexts, logger });
  const services = { repositories, replies };
  let relays: PerShop<ChatRelay> | undefined;

  return {
    name: "relay",
    beforeConversations: [
      relayRepliesFeature(services),
      whenBotRemoved("setting as the relay group", (chatId) => groups.clearIf(chatId)),
    ],
    features: [relayFeature(services)],
    get relay() {
      return relays?.get(first.id);
    },
    relayOf: (shopId) => relays?.get(shopId),
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
          // the bot's own features keep the plain repositories.
          const fence =
            sharedByProcesses(store) && options.relay?.lease === undefined
              ? fencedLease(shop.store, RELAY_LEASE_NAME)
              : undefined;
          const shopRepositories = fence
            ? createRelayRepositories(fence.store, options.repositories)
            : shop.id === first.id
              ? repositories
              : createRelayRepositories(shop.store, options.repositories);
          const notifier = new TelegramRelayNotifier({
            api: apiForSender(api),
            repositories: shopRepositories,
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
          });
          const relay = new ChatRelay({
            ...(sharedByProcesses(store) ? {} : { lease: false as const }),
            ...options.relay,
            ...(fence ? { lease: fence.lease } : {}),
            chats: shopSeller.chats,
            repositories: shopRepositories,
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
    runOnce() {
      const relay = relays?.get(first.id);
      if (!relay) return Promise.reject(new Error("The relay module has not been started"));
      return relay.runOnce();
    },
  };
}
