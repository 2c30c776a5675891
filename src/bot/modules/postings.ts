/**
 * The postings area as a bot module: alerts for subscribed chats (the watcher with a Telegram
 * notifier, started once the bot can send), /subscribe and the warehouse filter, /postings,
 * labels, and the ship and cancel dialogs.
 */

import type { SellerClient } from "../../ozon/index.ts";
import { AccessService } from "../../services/access.ts";
import { LoopStoppedError } from "../../services/background-loop.ts";
import {
  PostingWatcher,
  type PostingWatcherOptions,
  SendPacer,
  type SubscriberDirectory,
} from "../../services/postings/index.ts";
import { type Subscriber, SubscriptionService } from "../../services/subscriptions.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { createCallbackCodec } from "../callback-data.ts";
import { cancelPostingConversation } from "../conversations/cancel-posting.ts";
import { shipConversation } from "../conversations/ship.ts";
import { postingsFeature } from "../features/postings.ts";
import { subscriptionsFeature } from "../features/subscriptions.ts";
import type { BotModule } from "../module.ts";
import { TelegramPostingNotifier } from "../notifiers/postings.ts";
import type { ModuleDeps } from "./index.ts";

export interface PostingsModuleOptions {
  /** Poll on a timer after start (default true); tests drive `watcher.runOnce()` instead. */
  poll?: boolean;
  /** Watcher settings over the defaults (burst threshold, digest size, reminder time...). */
  watcher?: Partial<Omit<PostingWatcherOptions, "seller" | "store" | "subscriptions" | "notifier">>;
  /** The pacer of alert sends (default: Telegram's limits on the system clock). */
  pacer?: SendPacer;
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
  const { container, i18n } = deps;
  const seller: SellerClient | undefined = container.ozon.seller;
  if (!seller) throw new Error("The postings module needs the Seller API client");
  const { config, store, access, logger } = container;
  const subscriptions = new SubscriptionService(store);
  const codec = createCallbackCodec(config.botToken);
  const dialogs = { seller, codec, timezone: config.timezone };
  let watcher: PostingWatcher | undefined;
  let pacer: SendPacer | undefined;
  /** Aborted on stop: alerts waiting in the pacer are dropped (they go out after the next start). */
  let life: AbortController | undefined;

  return {
    name: "postings",
    subscriptions,
    get watcher() {
      return watcher;
    },
    features: [postingsFeature({ seller }), subscriptionsFeature({ seller, subscriptions })],
    conversations: [shipConversation(dialogs), cancelPostingConversation(dialogs)],
    start(api) {
      if (watcher) return;
      pacer = options.pacer ?? new SendPacer();
      life = new AbortController();
      const notifier = new TelegramPostingNotifier({
        api,
        pacer,
        i18n,
        access,
        codec,
        timezone: config.timezone,
        defaultLocale: config.defaultLocale,
        signal: life.signal,
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
      life?.abort(new LoopStoppedError("posting watcher"));
      await watcher?.stop(deadline);
      pacer?.close();
      watcher = undefined;
      pacer = undefined;
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
