/**
 * The relay's view of the shops, shared by the relay module, its notifiers and its features:
 * each shop's records (over the shop's part of the store), the records every shop shares
 * (message links, the topic index, the relay groups), and which shop a link or button means.
 * Shops are looked up by id whenever something is done, never kept.
 * Tests: none directly
 */
import type { Logger } from "../../../logger.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import type { Store } from "../../../store/port.ts";
import { ChatInbox } from "../inbox/inbox.ts";
import { OpenChatsCache } from "../inbox/open-chats.ts";
import type { RelayGroupSetting } from "./audience.ts";
import type { MessageLinks } from "./links.ts";
import { ReplyRouter } from "./reply-router.ts";
import { ReplyService } from "./reply-service.ts";
import {
  createRelayRepositories,
  type RelayRepositories,
  type RelayRepositoryOptions,
} from "./repositories.ts";
import { UnsentAnswers } from "./unsent-answers.ts";

export interface RelayShopsOptions {
  shops: ShopRegistry;
  /** The whole (unprefixed) store: container.store. */
  store: Store;
  /** Lifetimes of links and cursors, the same for every shop. */
  repositories?: Pick<RelayRepositoryOptions, "linkTtlMs" | "cursorTtlMs">;
  logger?: Pick<Logger, "info" | "warn">;
  /** How long "Take it" lasts without an answer (CHAT_CLAIM_MINUTES). */
  claimMs?: number;
  now?: () => number;
}

export class RelayShops {
  readonly shops: ShopRegistry;
  /** The relay groups, for every shop. */
  readonly groups: RelayGroupSetting;
  /** Links written by the bot's features; each names its shop. */
  readonly links: MessageLinks;
  readonly router: ReplyRouter;
  /** Each person's last opened buyer chat, and answers kept for "Send it there". */
  readonly unsent: UnsentAnswers;
  /** /chats listings of each shop, kept a minute for turning pages (this process only). */
  readonly openChats = new OpenChatsCache();
  readonly #store: Store;
  readonly #options: RelayShopsOptions;
  readonly #repositories = new Map<string, RelayRepositories>();
  readonly #inboxes = new Map<string, ChatInbox>();

  constructor(options: RelayShopsOptions) {
    this.#options = options;
    this.shops = options.shops;
    this.#store = options.store;
    const shared = createRelayRepositories(options.store, options.repositories);
    this.groups = shared.groups;
    this.links = shared.links;
    this.router = new ReplyRouter(shared, { legacyShopId: () => this.legacyOwner()?.id });
    this.unsent = new UnsentAnswers(options.store);
  }

  /** One shop's relay records (cursors, contexts, marks, topics over its part of the store). */
  repositories(shop: Pick<Shop, "id" | "store">): RelayRepositories {
    let repositories = this.#repositories.get(shop.id);
    if (!repositories) {
      repositories = createRelayRepositories(shop.store, {
        ...this.#options.repositories,
        shared: this.#store,
        shopId: shop.id,
      });
      this.#repositories.set(shop.id, repositories);
    }
    return repositories;
  }

  /** One shop's inbox records (digests of relayed messages, claims) over its part of the store. */
  inbox(shop: Pick<Shop, "id" | "store">): ChatInbox {
    let inbox = this.#inboxes.get(shop.id);
    if (!inbox) {
      const { claimMs, now } = this.#options;
      inbox = new ChatInbox(shop.store, {
        ...(claimMs ? { claimMs } : {}),
        ...(now ? { now } : {}),
      });
      this.#inboxes.set(shop.id, inbox);
    }
    return inbox;
  }

  /**
   * What follows an answer that reached the buyer: the chat is marked read at Ozon up to the
   * buyer's last message and handled here (it leaves the waiting list), the open-chats list is
   * read again next time, and the answerer's claim runs again from now. `read` says whether Ozon
   * took the mark (the answer went either way).
   */
  async settleAnswer(shop: Shop, ozonChatId: string, userId: number) {
    const inbox = this.inbox(shop);
    const digest = await inbox.digest(ozonChatId);
    const read = await this.replies(shop)?.markRead(ozonChatId, digest?.lastBuyerId);
    if (read?.ok) await inbox.markHandled(ozonChatId, read.upTo);
    this.openChats.forget(shop.id);
    const claim = await inbox.renew(ozonChatId, userId);
    return { digest, claim, read };
  }

  /** Sends to the buyers of one shop with its Seller client of now; undefined without one. */
  replies(shop: Shop): ReplyService | undefined {
    if (!shop.seller) return undefined;
    const { contexts } = this.repositories(shop);
    return new ReplyService({ chats: shop.seller.chats, contexts, logger: this.#options.logger });
  }

  /**
   * The shop that owns what the single-shop version wrote (links, topics, buttons without a
   * shop): the registry keeps that shop's records at the unprefixed keys, so its part of the
   * store is the whole store itself (src/shops/scoped-store.ts).
   */
  legacyOwner(): Shop | undefined {
    return this.shops.legacyOwner();
  }

  /** The shop a button means: its ref, or the legacy owner for a button without one. */
  fromButton(ref: string | undefined): Shop | undefined {
    return ref === undefined || ref === "" ? this.legacyOwner() : this.shops.byRef(ref);
  }
}
