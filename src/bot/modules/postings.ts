/**
 * The postings area as a bot module: alerts for subscribed chats (the watcher with a Telegram
 * notifier, started once the bot can send), /subscribe and the warehouse filter, /postings,
 * labels, and the ship and cancel dialogs.
 */

import type { SellerClient } from "../../ozon/index.ts";
import { AccessService } from "../../services/access.ts";
import {
  PostingWatcher,
  type PostingWatcherOptions,
  type SubscriberDirectory,
} from "../../services/postings/index.ts";
import { type Subscriber, SubscriptionService } from "../../services/subscriptions.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { cancelPostingConversation } from "../conversations/cancel-posting.ts";
import { shipConversation } from "../conversations/ship.ts";
import { whenBotRemoved } from "../features/bot-removed.ts";
import { postingsFeature } from "../features/postings.ts";
import { subscriptionsFeature } from "../features/subscriptions.ts";
import type { BotModule } from "../module.ts";
import { TelegramPostingNotifier } from "../notifiers/postings.ts";
import { apiForSender } from "../sender/index.ts";
import type { ModuleDeps } from "./index.ts";

export interface PostingsModuleOptions {
  /** Poll on a timer after start (default true); tests drive `watcher.runOnce()` instead. */
  poll?: boolean;
  /** Watcher settings over the defaults (burst threshold, digest size, reminder time...). */
  watcher?: Partial<Omit<PostingWatcherOptions, "seller" | "store" | "subscriptions" | "notifier">>;
}

export interface PostingsModule extends BotModule {
  readonly subscriptions: SubscriptionService;
  /** The running watcher (after start). */
  readonly watcher: PostingWatcher | undefined;
}

/** The postings module; only for a container with a Seller client (Ozon credentials). */
export function createPostingsModule(
  deps: ModuleDeps,
  options: PostingsModuleOptions = {},
): PostingsModule {
  const { container, i18n, sender, codec } = deps;
  const seller: SellerClient | undefined = container.ozon.seller;
  if (!seller) throw new Error("The postings module needs the Seller API client");
  const { config, store, access, logger } = container;
  const subscriptions = new SubscriptionService(store);
  const dialogs = { seller, codec, timezone: config.timezone, store };
  let watcher: PostingWatcher | undefined;

  return {
    name: "postings",
    subscriptions,
    get watcher() {
      return watcher;
    },
    beforeConversations: [
      whenBotRemoved("subscription to posting alerts", (chatId) =>
        subscriptions.unsubscribe(chatId),
      ),
    ],
    features: [postingsFeature({ seller, store }), subscriptionsFeature({ seller, subscriptions })],
    conversations: [shipConversation(dialogs), cancelPostingConversation(dialogs)],
    start(api) {
      if (watcher) return;
      const notifier = new TelegramPostingNotifier({
        api: apiForSender(api),
        sender,
        i18n,
        access,
        codec,
        timezone: config.timezone,
        defaultLocale: config.defaultLocale,
      });
      watcher = new PostingWatcher({
        pollSeconds: config.pollSeconds.postings,
        ...(sharedByProcesses(store) ? {} : { lease: false as const }),
        burstThreshold: config.postings.burstThreshold,
        reminderBeforeMs: config.postings.reminderBeforeMinutes * 60_000,
        logger: logger.child({ module: "postings" }),
        ...options.watcher,
        seller,
        store,
        subscriptions: entitledSubscribers(subscriptions, access),
        notifier,
      });
      if (options.poll ?? true) watcher.start();
    },
    async stop(deadline) {
      await watcher?.stop(deadline);
      watcher = undefined;
    },
  };
}

/**
 * The subscribers alerts go to: a private chat only while its person holds the warehouse role
 * (or admin), so someone whose role was revoked stops getting postings; the subscription is kept
 * and works again if the role comes back. Groups were subscribed by an admin and stay.
 */
function entitledSubscribers(
  subscriptions: SubscriptionService,
  access: AccessService,
): SubscriberDirectory {
  return {
    async list() {
      const entitled: Subscriber[] = [];
      for (const subscriber of await subscriptions.list()) {
        if (subscriber.kind !== "private") {
          entitled.push(subscriber);
          continue;
        }
        const { person } = await access.lookup(subscriber.chatId);
        if (AccessService.holds(person, "warehouse")) entitled.push(subscriber);
      }
      return entitled;
    },
    unsubscribe: (chatId) => subscriptions.unsubscribe(chatId),
  };
}
