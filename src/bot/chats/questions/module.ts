/**
 * Product questions (Premium Plus) and reviews («Управление отзывами» or Premium Pro) as one bot
 * module: one poller per shop with a Seller client (the chat relay's machinery: a background loop
 * per shop, a lease per shop so that of several processes one polls), relayed where the shop's
 * buyer messages go; replies and buttons answer them. Polling stops for a shop whose seller lacks
 * either subscription until an admin turns it back on with the button of the notice.
 * Tests: none directly (reached through test/bot/chats/support.ts)
 */
import type { Api } from "grammy";
import {
  QUESTION_LEASE_NAME,
  type QuestionPassReport,
  QuestionRelay,
  type QuestionRelayOptions,
} from "../../../services/chats/questions/question-relay.ts";
import { FeedLinks } from "../../../services/chats/questions/records.ts";
import { RelayGroupSetting } from "../../../services/chats/relay/audience.ts";
import { DeliveryMarks } from "../../../services/chats/relay/delivery-marks.ts";
import { ProductNames } from "../../../services/chats/relay/product-names.ts";
import { PerShop } from "../../../shops/per-shop.ts";
import { storeLoopLease } from "../../../store/fenced-store.ts";
import { auditTrailOf } from "../../audit/index.ts";
import { chatMovesFor, followChatMove } from "../../core/chat-moved.ts";
import type { BotModule, ModuleDeps } from "../../core/module.ts";
import { apiForSender } from "../../core/sender/index.ts";
import { TelegramQuestionNotifier } from "./notifier.ts";
import { questionRepliesFeature, questionsFeature } from "./questions.ts";

/** Questions wait longer than chats: a pass a minute is plenty and costs few calls. */
export const QUESTIONS_POLL_SECONDS = 60;

export interface QuestionsModuleOptions {
  /** false: start() prepares the pollers but does not poll (tests use runOnce). */
  poll?: boolean;
  pollSeconds?: number;
  /** Relay reviews too (default true). */
  reviews?: boolean;
  lease?: QuestionRelayOptions["lease"];
}

export interface QuestionsBotModule extends BotModule {
  runOnce(shopId: string): Promise<QuestionPassReport>;
}

export function createQuestionsModule(
  deps: ModuleDeps,
  options: QuestionsModuleOptions = {},
): QuestionsBotModule {
  const { container, i18n, sender, codec } = deps;
  const { store, access, config, logger, shops } = container;
  const moves = chatMovesFor(store, shops);
  const links = new FeedLinks(store);
  const groups = new RelayGroupSetting(store);
  let pollers: PerShop<QuestionRelay> | undefined;
  const featureDeps = {
    shops,
    links,
    codec,
    i18n,
    defaultLocale: config.defaultLocale,
    logger,
    nudge: (shopId: string) => pollers?.get(shopId)?.nudge(),
    audit: auditTrailOf(container),
  };

  return {
    name: "questions",
    beforeConversations: [questionRepliesFeature(featureDeps)],
    features: [questionsFeature(featureDeps)],
    start(api: Api) {
      if (pollers) return;
      const perShop = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.seller !== undefined,
        start: (shop) => {
          const seller = shop.seller as NonNullable<typeof shop.seller>;
          const leased = storeLoopLease(shop.store, QUESTION_LEASE_NAME, options.lease);
          const shopStore = leased.store;
          const notifier = new TelegramQuestionNotifier({
            api: apiForSender(api),
            shop: { id: shop.id, shops },
            groups,
            marks: new DeliveryMarks(shopStore),
            access,
            i18n,
            defaultLocale: config.defaultLocale,
            sender,
            codec,
            productNames: new ProductNames({ store: shop.store, source: seller.products, logger }),
            logger,
            moveChat: (from, to) => followChatMove(moves, api, from, to, logger),
          });
          const poller = new QuestionRelay({
            lease: leased.lease,
            api: seller.questions,
            store: shopStore,
            notifier,
            remember: (kind, id, sent) => links.remember(sent, { kind, id, shopId: shop.id }),
            reviews: options.reviews ?? true,
            pollSeconds: options.pollSeconds ?? QUESTIONS_POLL_SECONDS,
            logger: logger.child({ shop: shop.id }),
          });
          if (options.poll !== false) poller.start();
          return poller;
        },
      });
      pollers = perShop;
      perShop.start();
    },
    async stop(deadline) {
      await pollers?.stop(deadline);
      pollers = undefined;
    },
    runOnce(shopId) {
      const poller = pollers?.get(shopId);
      if (!poller) return Promise.reject(new Error("The questions module has not been started"));
      return poller.runOnce();
    },
  };
}
