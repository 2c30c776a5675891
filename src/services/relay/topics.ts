/**
 * Forum topics of the relay group: one per buyer chat. Creating and naming topics is the bot's
 * job; this keeps the map both ways (Ozon chat → topic for relaying, topic → Ozon chat for
 * routing what the team writes in it). Keyed by group, so moving the relay to another group
 * starts fresh topics there.
 *
 * Both entries live TOPIC_TTL_MS from the last buyer message relayed into the topic (`use`
 * renews them, at most once a day), so chats gone quiet for months leave nothing behind; a buyer
 * who writes after that gets a new topic.
 */
import type { Store } from "../../store/port.ts";

export const TOPIC_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** A topic in use is written again (its TTL renewed) when its last renewal is older than this. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export interface RelayTopic {
  groupChatId: number;
  topicId: number;
  name?: string;
  /** When the entries were last written (epoch ms); absent in entries from before TTLs. */
  touchedAt?: number;
}

const topicKey = (groupChatId: number, ozonChatId: string) =>
  `relay:topic:${groupChatId}:${ozonChatId}`;
const topicChatKey = (groupChatId: number, topicId: number) =>
  `relay:topic-chat:${groupChatId}:${topicId}`;

export class RelayTopics {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, options: { now?: () => number } = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
  }

  async get(groupChatId: number, ozonChatId: string): Promise<RelayTopic | undefined> {
    return this.#store.get<RelayTopic>(topicKey(groupChatId, ozonChatId));
  }

  /** The topic a buyer message is relayed into, its entries renewed when that is due. */
  async use(groupChatId: number, ozonChatId: string): Promise<RelayTopic | undefined> {
    const topic = await this.get(groupChatId, ozonChatId);
    if (topic && !((topic.touchedAt ?? 0) > this.#now() - RENEW_AFTER_MS)) {
      return this.set(groupChatId, ozonChatId, topic.topicId, topic.name);
    }
    return topic;
  }

  async set(
    groupChatId: number,
    ozonChatId: string,
    topicId: number,
    name?: string,
  ): Promise<RelayTopic> {
    const topic: RelayTopic = { groupChatId, topicId, touchedAt: this.#now() };
    if (name !== undefined) topic.name = name;
    const ttl = { ttlMs: TOPIC_TTL_MS };
    // Reverse entry first: a topic the map points to can always be routed back.
    await this.#store.set(topicChatKey(groupChatId, topicId), ozonChatId, ttl);
    await this.#store.set(topicKey(groupChatId, ozonChatId), topic, ttl);
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
