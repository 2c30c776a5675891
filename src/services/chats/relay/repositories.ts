/**
 * The relay's records in the store, built once (by the relay module) and handed to everything
 * that reads or writes them: the poller, the reply router and service, the Telegram notifier and
 * the bot's relay features. So a setting such as how long a message link lives holds for every
 * writer, whichever side of the relay remembers the link.
 *
 * With several shops each shop has its own set over its part of the store (cursors, contexts,
 * delivery marks, topics), while what is looked up without knowing the shop — message links, the
 * topic → chat index, the relay groups — lives in the `shared` store, tagged with `shopId`.
 * Tests: test/services/chats/relay/chat-relay.test.ts and 8 more
 */
import type { Store } from "../../../store/port.ts";
import { RelayGroupSetting } from "./audience.ts";
import { ChatBursts } from "./bursts.ts";
import { ChatContexts } from "./context.ts";
import { RelayCursors } from "./cursors.ts";
import { DeliveryMarks } from "./delivery-marks.ts";
import { MessageLinks } from "./links.ts";
import { RelayTopics } from "./topics.ts";

export interface RelayRepositoryOptions {
  /** How long a Telegram → Ozon message link lives (default 90 days, as a cursor). */
  linkTtlMs?: number;
  /** How long a quiet chat's cursor lives (default 90 days, renewed by each message). */
  cursorTtlMs?: number;
  /** The clock that says when a forum topic's entries are due for renewal (tests). */
  now?: () => number;
  /** The unprefixed store every shop shares (default: `store`, a single shop). */
  shared?: Store;
  /** The shop these records belong to: links and topics remember it. */
  shopId?: string;
}

export interface RelayRepositories {
  /** Where they are kept; the poller's lease and its count of failed file tries live there too. */
  readonly store: Store;
  readonly links: MessageLinks;
  readonly cursors: RelayCursors;
  readonly contexts: ChatContexts;
  readonly topics: RelayTopics;
  readonly groups: RelayGroupSetting;
  readonly marks: DeliveryMarks;
  /** Which buyer messages continue a burst (their copies carry a short mark, no header). */
  readonly bursts: ChatBursts;
}

export function createRelayRepositories(
  store: Store,
  options: RelayRepositoryOptions = {},
): RelayRepositories {
  const shared = options.shared ?? store;
  const shop = options.shopId === undefined ? {} : { shopId: options.shopId };
  return {
    store,
    links: new MessageLinks(shared, { ttlMs: options.linkTtlMs, ...shop }),
    cursors: new RelayCursors(store, { ttlMs: options.cursorTtlMs }),
    contexts: new ChatContexts(store),
    topics: new RelayTopics(store, { now: options.now, index: shared, ...shop }),
    groups: new RelayGroupSetting(shared),
    marks: new DeliveryMarks(store),
    bursts: new ChatBursts(store),
  };
}
