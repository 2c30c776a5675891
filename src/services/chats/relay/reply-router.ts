/**
 * Which buyer a message written in Telegram is for: the Ozon chat of the relayed message it
 * replies to, or else the buyer chat whose forum topic it was written in — and which shop that
 * chat belongs to. Undefined: not a reply to a buyer, and the bot leaves the message alone.
 * Tests: test/services/chats/relay/maps.test.ts, test/services/chats/relay/shop-maps.test.ts
 */
import type { MessageLinks } from "./links.ts";
import type { RelayRepositories } from "./repositories.ts";
import type { RelayTopics } from "./topics.ts";

export interface TelegramPlace {
  chatId: number;
  /** `reply_to_message.message_id`, when the message is a reply. */
  replyToMessageId?: number;
  /** `message_thread_id` of a forum topic, when written in one. */
  topicId?: number;
}

export interface RoutedChat {
  ozonChatId: string;
  /** The chat's shop; undefined only for a record of the single-shop version with no owner. */
  shopId: string | undefined;
}

export interface ReplyRouterOptions {
  /**
   * The shop that owns what the single-shop version wrote (links and topics without a shop):
   * the registry's legacy owner, whose records kept the unprefixed keys.
   */
  legacyShopId?: () => string | undefined;
}

export class ReplyRouter {
  readonly #links: MessageLinks;
  readonly #topics: RelayTopics;
  readonly #legacyShopId: () => string | undefined;

  /** `repositories`: any shop's set will do, links and the topic index are shared. */
  constructor(
    repositories: Pick<RelayRepositories, "links" | "topics">,
    options: ReplyRouterOptions = {},
  ) {
    this.#links = repositories.links;
    this.#topics = repositories.topics;
    this.#legacyShopId = options.legacyShopId ?? (() => undefined);
  }

  async resolve(place: TelegramPlace): Promise<RoutedChat | undefined> {
    if (place.replyToMessageId !== undefined) {
      const link = await this.#links.resolve(place.chatId, place.replyToMessageId);
      if (link) return { ozonChatId: link.ozonChatId, shopId: link.shopId ?? this.#legacyShopId() };
    }
    if (place.topicId !== undefined) {
      const chat = await this.#topics.findChat(place.chatId, place.topicId);
      if (chat) return { ozonChatId: chat.ozonChatId, shopId: chat.shopId ?? this.#legacyShopId() };
    }
    return undefined;
  }
}
