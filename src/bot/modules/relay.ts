/**
 * Buyer chats relayed both ways, as one bot module: the chat relay polls Ozon every
 * CHATS_POLL_SECONDS and sends buyer messages to Telegram; replies (before any dialog), the
 * /relay_here command and "Write to buyer" go back to Ozon.
 */

import type { Api } from "grammy";
import {
  ChatRelay,
  type ChatRelayOptions,
  type RelayPassReport,
} from "../../services/relay/chat-relay.ts";
import { ProductNames } from "../../services/relay/product-names.ts";
import { ReplyService } from "../../services/relay/reply-service.ts";
import {
  createRelayRepositories,
  type RelayRepositoryOptions,
} from "../../services/relay/repositories.ts";
import { sharedByProcesses } from "../../store/lease.ts";
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
  /** The relay, once start() ran. */
  readonly relay: ChatRelay | undefined;
  /** One pass now (an Ozon push, tests); start() must have run. */
  runOnce(): Promise<RelayPassReport>;
}

export function createRelayModule(
  deps: ModuleDeps,
  options: RelayModuleOptions = {},
): RelayBotModule {
  const { container, i18n, sender, codec } = deps;
  const seller = container.ozon.seller;
  if (!seller) throw new Error("The buyer chat relay needs the Seller API client");
  const { store, access, config, logger } = container;
  // The one set of the relay's records: every part below reads and writes these.
  const repositories = createRelayRepositories(store, options.repositories);
  const { contexts, groups } = repositories;
  const replies = new ReplyService({ chats: seller.chats, contexts, logger });
  const services = { repositories, replies };
  let relay: ChatRelay | undefined;

  return {
    name: "relay",
    beforeConversations: [
      relayRepliesFeature(services),
      whenBotRemoved("setting as the relay group", (chatId) => groups.clearIf(chatId)),
    ],
    features: [relayFeature(services)],
    get relay() {
      return relay;
    },
    start(api: Api) {
      if (relay?.running) return;
      const notifier = new TelegramRelayNotifier({
        api: apiForSender(api),
        repositories,
        access,
        i18n,
        defaultLocale: config.defaultLocale,
        sender,
        codec,
        productNames: new ProductNames({ store, source: seller.products, logger }),
        logger,
      });
      relay = new ChatRelay({
        ...(sharedByProcesses(store) ? {} : { lease: false as const }),
        ...options.relay,
        chats: seller.chats,
        repositories,
        notifier,
        pollSeconds: config.pollSeconds.chats,
        logger,
      });
      if (options.poll !== false) relay.start();
    },
    async stop(deadline) {
      await relay?.stop(deadline);
    },
    runOnce() {
      if (!relay) return Promise.reject(new Error("The relay module has not been started"));
      return relay.runOnce();
    },
  };
}
