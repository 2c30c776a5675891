/**
 * Forum topics of the relay group: one per buyer chat. Creating and naming topics is the bot's
 * job; this keeps the map both ways (Ozon chat → topic for relaying, topic → Ozon chat for
 * routing what the team writes in it). Keyed by group, so moving the relay to another group
 * starts fresh topics there.
 */
import type { Store } from "../../store/port.ts";

export interface RelayTopic {
  groupChatId: number;
  topicId: number;
  name?: string;
}

const topicKey = (groupChatId: number, ozonChatId: string) =>
  `relay:topic:${groupChatId}:${ozonChatId}`;
const topicChatKey = (groupChatId: number, topicId: number) =>
  `relay:topic-chat:${groupChatId}:${topicId}`;

export class RelayTopics {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async get(groupChatId: number, ozonChatId: string): Promise<RelayTopic | undefined> {
    return this.#store.get<RelayTopic>(topicKey(groupChatId, ozonChatId));
  }

  async set(
    groupChatId: number,
    ozonChatId: string,
    topicId: number,
    name?: string,
  ): Promise<RelayTopic> {
    const topic: RelayTopic = { groupChatId, topicId };
    if (name !== undefined) topic.name = name;
    // Reverse entry first: a topic the map points to can always be routed back.
    await this.#store.set(topicChatKey(groupChatId, topicId), ozonChatId);
    await this.#store.set(topicKey(groupChatId, ozonChatId), topic);
    return topic;
  }

  /** The Ozon chat whose topic this is (a message written in it goes to that buyer). */
  async findOzonChat(groupChatId: number, topicId: number): Promise<string | undefined> {
    return this.#store.get<string>(topicChatKey(groupChatId, topicId));
  }

  /** Forgets a topic (deleted in Telegram); the next relayed message makes a new one. */
  async forget(groupChatId: number, ozonChatId: string): Promise<void> {
    const topic = await this.get(groupChatId, ozonChatId);
    await this.#store.delete(topicKey(groupChatId, ozonChatId));
    if (topic) await this.#store.delete(topicChatKey(groupChatId, topic.topicId));
  }
}
