/**
 * Buyer chats relayed both ways, as one bot module: the chat relay polls Ozon every
 * CHATS_POLL_SECONDS and sends buyer messages to Telegram; replies (before any dialog), the
 * /relay_here command and "Write to buyer" go back to Ozon.
 */

import type { Api } from "grammy";
import { settlesBefore } from "../../deadline.ts";
import { DEFAULT_STOP_TIMEOUT_MS, LoopStoppedError } from "../../services/background-loop.ts";
import { SendPacer } from "../../services/postings/pacer.ts";
import {
  ChatRelay,
  type ChatRelayOptions,
  type RelayPassReport,
} from "../../services/relay/chat-relay.ts";
import { ReplyService } from "../../services/relay/reply-service.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { relayFeature, relayRepliesFeature } from "../features/relay.ts";
import type { BotModule } from "../module.ts";
import { TelegramRelayNotifier } from "../notifiers/relay.ts";
import type { ModuleDeps } from "./index.ts";

export interface RelayModuleOptions {
  /** Paces sends to Telegram (default: Telegram's published limits). */
  pacer?: SendPacer;
  /** false: start() prepares the relay but does not poll (tests drive it with runOnce). */
  poll?: boolean;
  /** Passed to the ChatRelay. */
  relay?: Pick<
    ChatRelayOptions,
    "historyPageSize" | "concurrency" | "lease" | "maxDownloadBytes" | "linkTtlMs"
  >;
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
  const { container, i18n } = deps;
  const seller = container.ozon.seller;
  if (!seller) throw new Error("The buyer chat relay needs the Seller API client");
  const { store, access, config, logger } = container;
  const replies = new ReplyService({ chats: seller.chats, store, logger });
  const services = { store, replies };
  const pacer = options.pacer ?? new SendPacer();
  let relay: ChatRelay | undefined;
  /** Aborted on stop: sends waiting in the pacer are dropped (they go out after the next start). */
  let life: AbortController | undefined;

  return {
    name: "relay",
    beforeConversations: [relayRepliesFeature(services)],
    features: [relayFeature(services)],
    get relay() {
      return relay;
    },
    start(api: Api) {
      if (relay?.running) return;
      life = new AbortController();
      const notifier = new TelegramRelayNotifier({
        api,
        store,
        access,
        i18n,
        defaultLocale: config.defaultLocale,
        pacer,
        signal: life.signal,
        logger,
      });
      relay = new ChatRelay({
        ...(sharedByProcesses(store) ? {} : { lease: false as const }),
        ...options.relay,
        chats: seller.chats,
        store,
        notifier,
        pollSeconds: config.pollSeconds.chats,
        logger,
      });
      if (options.poll !== false) relay.start();
    },
    async stop(deadline = AbortSignal.timeout(DEFAULT_STOP_TIMEOUT_MS)) {
      life?.abort(new LoopStoppedError("chat relay"));
      await relay?.stop(deadline);
      await settlesBefore(pacer.onIdle(), deadline);
    },
    runOnce() {
      if (!relay) return Promise.reject(new Error("The relay module has not been started"));
      return relay.runOnce();
    },
  };
}
