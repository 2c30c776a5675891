/**
 * Forum topics of the relay group: one per buyer chat. Creating and naming topics is the bot's
 * job; this keeps the map both ways (Ozon chat → topic for relaying, topic → Ozon chat for
 * routing what the team writes in it). Keyed by group, so moving the relay to another group
 * starts fresh topics there.
 *
 * With several shops the forward entry (Ozon chat → topic) is the shop's own record, and the
 * reverse entry (topic → Ozon chat) lives in the shared part of the store with the shop's id, so
 * a message written in a topic is routed without knowing its shop. Reverse entries of the
 * single-shop version hold just the chat id: the reader gives them to the legacy owner.
 *
 * Both entries live TOPIC_TTL_MS from the last buyer message relayed into the topic (`use`
 * renews them, at most once a day), so chats gone quiet for months leave nothing behind; a buyer
 * who writes after that gets a new topic.
 * Tests: test/services/chats/relay/maps.test.ts and 3 more
 */
import type { Store } from "../../../store/port.ts";

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

/**
 * Forgets every topic of a group that Telegram gave a new id (a group becoming a supergroup):
 * topic ids are per chat, so none of them names a topic of the new one, which gets its own as
 * buyers write. `shopStores`: each shop's part of the store (forward entries); `index`: the
 * shared part (reverse entries). Found by their keys' prefix; how many entries went.
 */
export async function forgetGroupTopics(
  shopStores: readonly Store[],
  index: Store,
  groupChatId: number,
): Promise<number> {
  const places = [
    ...shopStores.map((store) => ({ store, prefix: `relay:topic:${groupChatId}:` })),
    { store: index, prefix: `relay:topic-chat:${groupChatId}:` },
  ];
  let forgotten = 0;
  for (const { store, prefix } of places) {
    for (const { key } of await store.list(prefix)) if (await store.delete(key)) forgotten += 1;
  }
  return forgotten;
}

/** Whose buyer chat a forum topic is. */
export interface TopicChat {
  ozonChatId: string;
  /** Absent in entries of the single-shop version. */
  shopId?: string;
}

export interface RelayTopicsOptions {
  now?: () => number;
  /** Where the reverse entries live (default: `store`); shared by every shop. */
  index?: Store;
  /** The shop whose chats these are, written into the reverse entries. */
  shopId?: string;
}

export class RelayTopics {
  readonly #store: Store;
  readonly #index: Store;
  readonly #shopId: string | undefined;
  readonly #now: () => number;

  constructor(store: Store, options: RelayTopicsOptions = {}) {
    this.#store = store;
    this.#index = options.index ?? store;
    this.#shopId = options.shopId;
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
    const reverse: TopicChat | string =
      this.#shopId === undefined ? ozonChatId : { ozonChatId, shopId: this.#shopId };
    await this.#index.set(topicChatKey(groupChatId, topicId), reverse, ttl);
    await this.#store.set(topicKey(groupChatId, ozonChatId), topic, ttl);
    return topic;
  }

  /** The Ozon chat whose topic this is (a message written in it goes to that buyer). */
  async findOzonChat(groupChatId: number, topicId: number): Promise<string | undefined> {
    return (await this.findChat(groupChatId, topicId))?.ozonChatId;
  }

  /** The buyer chat of a topic, of whichever shop (the index is shared). */
  async findChat(groupChatId: number, topicId: number): Promise<TopicChat | undefined> {
    const entry = await this.#index.get<unknown>(topicChatKey(groupChatId, topicId));
    if (typeof entry === "string") return { ozonChatId: entry };
    if (!entry || typeof entry !== "object") return undefined;
    const { ozonChatId, shopId } = entry as Partial<TopicChat>;
    if (typeof ozonChatId !== "string" || typeof shopId !== "string") return undefined;
    return { ozonChatId, shopId };
  }

  /** Forgets a topic (deleted in Telegram); the next relayed message makes a new one. */
  async forget(groupChatId: number, ozonChatId: string): Promise<void> {
    const topic = await this.get(groupChatId, ozonChatId);
    await this.#store.delete(topicKey(groupChatId, ozonChatId));
    if (topic) await this.#index.delete(topicChatKey(groupChatId, topic.topicId));
  }
}
