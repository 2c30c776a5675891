/**
 * Which buyer a message written in Telegram is for: the Ozon chat of the relayed message it
 * replies to, or else the buyer chat whose forum topic it was written in. Undefined: not a
 * reply to a buyer, and the bot leaves the message alone.
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

export class ReplyRouter {
  readonly #links: MessageLinks;
  readonly #topics: RelayTopics;

  constructor(repositories: Pick<RelayRepositories, "links" | "topics">) {
    this.#links = repositories.links;
    this.#topics = repositories.topics;
  }

  async resolve(place: TelegramPlace): Promise<string | undefined> {
    if (place.replyToMessageId !== undefined) {
      const link = await this.#links.resolve(place.chatId, place.replyToMessageId);
      if (link) return link.ozonChatId;
    }
    if (place.topicId !== undefined) {
      return this.#topics.findOzonChat(place.chatId, place.topicId);
    }
    return undefined;
  }
}
