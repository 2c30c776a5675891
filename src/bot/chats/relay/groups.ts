/**
 * Relay groups in Telegram: following a group Telegram upgraded to a supergroup, and the forum
 * topic of each buyer chat (made when first needed). Used by the notifiers and the features.
 * Tests: none directly
 */
import { type Api, GrammyError } from "grammy";
import type { RelayGroup, RelayGroupSetting } from "../../../services/chats/relay/audience.ts";
import type { RelayTopics } from "../../../services/chats/relay/topics.ts";
import { describeMovedGroup } from "../../core/chat-moved.ts";

/**
 * Points a relay group's setting at the supergroup it became, keeping its shops. Undefined when
 * neither chat is a relay group (any more).
 */
export async function moveRelayGroup(
  api: Api,
  groups: RelayGroupSetting,
  fromChatId: number,
  toChatId: number,
): Promise<RelayGroup | undefined> {
  return groups.move(fromChatId, toChatId, await describeMovedGroup(api, toChatId));
}

export interface EnsureTopicOptions {
  api: Api;
  topics: RelayTopics;
  groupChatId: number;
  ozonChatId: string;
  name: string;
  /** Wraps the Bot API call (pacing); default: call it at once. */
  pace?: <T>(send: () => Promise<T>) => Promise<T>;
}

/** The forum topic of a buyer chat in the relay group: the known one, or a new one. */
export async function ensureRelayTopic(options: EnsureTopicOptions): Promise<number> {
  const { topics } = options;
  const known = await topics.use(options.groupChatId, options.ozonChatId);
  if (known) return known.topicId;
  const create = () => options.api.createForumTopic(options.groupChatId, options.name);
  const topic = await (options.pace ? options.pace(create) : create());
  await topics.set(options.groupChatId, options.ozonChatId, topic.message_thread_id, options.name);
  return topic.message_thread_id;
}

export function isTopicGone(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /thread not found|topic_deleted|topic deleted|TOPIC_ID_INVALID/i.test(error.description)
  );
}
