/**
 * A group became a supergroup: Telegram gave it a new chat id and refuses every send to the old
 * one (with `migrate_to_chat_id`). Everything the bot keeps that names the old id follows to the
 * new one: the posting-alert subscription with each shop's delivery marks and card records, the
 * stock and returns alert switches and a pause of its alerts, the relay group (its forum topics
 * are per chat: forgotten), and the report schedules aimed there. chat-records.ts lists every
 * kind of record that names a chat and what a move does with it; its test fails for a kind
 * written with a chat id that is not listed, and for a listed one this move leaves behind.
 *
 * Moved once, whoever notices first (a refused send in any area, or the service message) and
 * however many processes notice at once: each record moves in one compare-and-set step (a record
 * already moved is simply not found at the old id), and a marker written after the last step lets
 * later callers skip the look-ups. A crash before the marker leaves it to the next caller.
 *
 * Left as they are: message references in the old chat (relay and question links, delivery
 * marks of relayed messages, inbox copies, report progress messages). Its messages stay there and
 * cannot be answered or edited through the new id; the records expire on their own.
 * Tests: test/services/chat-moves.test.ts, test/services/chat-records.test.ts and 1 more
 */
import type { Store } from "../store/port.ts";
import { ScheduleRepository } from "./ads/schedules/schedules.ts";
import { AlertPauses } from "./alert-pauses.ts";
import { type RelayGroup, RelayGroupSetting } from "./chats/relay/audience.ts";
import { forgetGroupTopics } from "./chats/relay/topics.ts";
import { CARD_TTL_MS, CardBook } from "./postings/cards.ts";
import { DEFAULT_MARK_TTL_MS, DeliveryLedger } from "./postings/ledger.ts";
import { ReturnsSubscribers } from "./returns/subscribers.ts";
import { SalesSubscribers } from "./sales/subscribers.ts";
import { StockAlertChoice } from "./stock/settings.ts";
import { SubscriptionService } from "./subscriptions.ts";

/** How long "this chat moved there" is remembered (past every record that could still name it). */
const MOVED_TTL_MS = 60 * 24 * 60 * 60 * 1000;
const movedKey = (chatId: number) => `chat-moved:${chatId}`;

export interface ChatMovesOptions {
  /** The shared part of the store (subscriptions, relay groups, schedules, topic index). */
  store: Store;
  /** Each served shop's part of the store (its alerts' marks and cards, its topics). */
  shopStores: () => readonly Store[];
  /** Key prefix of the posting watcher's records (default "postings:"). */
  postingsPrefix?: string;
}

/** What the new chat is, when the relay group moves there (asked only then). */
export type DescribeChat = () => Promise<Partial<Pick<RelayGroup, "isForum" | "title">>>;

export interface ChatMoveReport {
  /** False when the move was already done (by this or another process). */
  moved: boolean;
  subscription: boolean;
  /** The chat's stock alerts switch, its returns alerts switch, a pause of its alerts. */
  stockAlerts: boolean;
  returnsAlerts: boolean;
  /** The chat's 🛒 Sales choice of stores. */
  salesAlerts: boolean;
  paused: boolean;
  relayGroup: boolean;
  topics: number;
  schedules: number;
  /** Delivery marks and owed summaries of every shop. */
  marks: number;
  cards: number;
}

export class ChatMoves {
  readonly #options: ChatMovesOptions;
  /** Moves under way in this process, so concurrent callers wait for one. */
  readonly #running = new Map<number, Promise<ChatMoveReport>>();

  constructor(options: ChatMovesOptions) {
    this.#options = options;
  }

  /** The chat's new id when it moved (as far as the store knows). */
  async movedTo(chatId: number): Promise<number | undefined> {
    return (await this.#options.store.get<{ to: number }>(movedKey(chatId)))?.to;
  }

  /** Moves every record naming `fromChatId` to `toChatId`; safe to call any number of times. */
  move(fromChatId: number, toChatId: number, describe?: DescribeChat): Promise<ChatMoveReport> {
    const running = this.#running.get(fromChatId);
    if (running) return running;
    const move = this.#move(fromChatId, toChatId, describe).finally(() =>
      this.#running.delete(fromChatId),
    );
    this.#running.set(fromChatId, move);
    return move;
  }

  async #move(from: number, to: number, describe?: DescribeChat): Promise<ChatMoveReport> {
    const { store } = this.#options;
    const report: ChatMoveReport = {
      moved: false,
      subscription: false,
      stockAlerts: false,
      returnsAlerts: false,
      salesAlerts: false,
      paused: false,
      relayGroup: false,
      topics: 0,
      schedules: 0,
      marks: 0,
      cards: 0,
    };
    if ((await this.movedTo(from)) === to) return report;
    report.moved = true;
    const prefix = this.#options.postingsPrefix ?? "postings:";
    const shopStores = this.#options.shopStores();
    // Marks before the subscription: a pass that sees the new subscriber finds them there.
    for (const shopStore of shopStores) {
      const ledger = new DeliveryLedger(shopStore, { prefix, ttlMs: DEFAULT_MARK_TTL_MS });
      report.marks += await ledger.moveChat(from, to);
      const cards = new CardBook(shopStore, { prefix, ttlMs: CARD_TTL_MS });
      report.cards += await cards.moveChat(from, to);
    }
    report.subscription = await new SubscriptionService(store).moveChat(from, to);
    report.stockAlerts = await new StockAlertChoice(store).moveChat(from, to);
    report.returnsAlerts = await new ReturnsSubscribers(store).moveChat(from, to);
    report.salesAlerts = await new SalesSubscribers(store).moveChat(from, to);
    report.paused = await new AlertPauses(store).moveChat(from, to);
    const groups = new RelayGroupSetting(store);
    if (await groups.inChat(from)) {
      const change = (await describe?.()) ?? {};
      report.relayGroup = (await groups.move(from, to, change))?.chatId === to;
    }
    report.topics = await forgetGroupTopics(shopStores, store, from);
    report.schedules = await new ScheduleRepository(store, { maxPerPerson: 0 }).moveChat(from, to);
    await store.set(movedKey(from), { to }, { ttlMs: MOVED_TTL_MS });
    return report;
  }
}
