/**
 * Product questions (and reviews) of one shop → Telegram. Each pass lists what was published
 * since the newest item relayed (less an overlap: Ozon may show an item a little after the time
 * it carries), skips what was relayed already (a mark per item, kept 30 days), and hands each new
 * one to the notifier, oldest first; an item is marked only after Telegram accepted it, so a
 * restart repeats nothing delivered and skips nothing. The first pass ever marks what is there
 * as seen: old questions are not dumped on the sellers.
 *
 * Questions need Premium Plus, reviews the «Управление отзывами» or Premium Pro subscription.
 * When Ozon refuses either for want of its subscription (403, code 7) the shop's switch turns off,
 * the admins are told once which one and why (the process that turned it off tells), and passes
 * cost no Ozon call until an admin turns it back on (QuestionSwitch.turnOn).
 * Tests: test/services/chats/questions/question-relay.test.ts
 */
import type { Logger } from "../../../logger.ts";
import type {
  ProductQuestion,
  ProductReview,
  QuestionsApi,
} from "../../../ozon/seller/questions.ts";
import { type Lease, loopLease } from "../../../store/lease.ts";
import type { Store } from "../../../store/port.ts";
import { BackgroundLoop } from "../../background-loop.ts";
import { classifyReplyError } from "../relay/reply-errors.ts";
import { type FeedCopy, FeedItems, type FeedKind } from "./records.ts";
import { QuestionSwitch } from "./switch.ts";

export type { FeedKind } from "./records.ts";

export const QUESTION_LEASE_NAME = "question-relay";
/** Items published this long before the newest relayed one are read again (and skipped). */
export const OVERLAP_MS = 60 * 60 * 1000;
const SEEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ITEM_TEXT_LIMIT = 1000;
/** A buyer's name as `{name}` puts it into an answer. */
export const NAME_LIMIT = 100;

export interface QuestionNotifier {
  /**
   * Resolves once Telegram accepted it for everyone; `accepted` hears of each copy the moment
   * Telegram accepted it (see RelayNotifier's contract).
   */
  relayQuestion(question: ProductQuestion, accepted?: FeedAccepted): Promise<readonly FeedCopy[]>;
  relayReview(review: ProductReview, accepted?: FeedAccepted): Promise<readonly FeedCopy[]>;
  /**
   * Ozon refused `feed` for want of its subscription (questions: Premium Plus; reviews:
   * «Управление отзывами» or Premium Pro); called once per turning off.
   */
  premiumMissing(feed: FeedKind): Promise<void>;
}

export type FeedAccepted = (sent: readonly FeedCopy[]) => Promise<void>;

export interface QuestionRelayOptions {
  api: Pick<QuestionsApi, "questionsSince" | "reviewsSince">;
  /** The shop's part of the store (fenced while the lease is held, with several processes). */
  store: Store;
  notifier: QuestionNotifier;
  /**
   * Called with each relayed item's Telegram messages as Telegram accepts them (and once more
   * with them all), so replies can be routed.
   */
  remember(kind: FeedKind, id: string, sent: readonly FeedCopy[]): Promise<void>;
  /** Also relay reviews (default true). */
  reviews?: boolean;
  pollSeconds?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
  now?: () => Date;
}

export interface QuestionPassReport {
  leader: boolean;
  /** Polling is off for want of a subscription: nothing was asked of Ozon. */
  off: boolean;
  firstRun: boolean;
  questions: number;
  reviews: number;
}

export class QuestionRelay {
  readonly #options: QuestionRelayOptions;
  readonly #store: Store;
  readonly #switch: QuestionSwitch;
  readonly #items: FeedItems;
  readonly #now: () => Date;
  readonly #loop: BackgroundLoop<QuestionPassReport>;

  constructor(options: QuestionRelayOptions) {
    this.#options = options;
    this.#store = options.store;
    this.#switch = new QuestionSwitch(options.store);
    this.#items = new FeedItems(options.store);
    this.#now = options.now ?? (() => new Date());
    this.#loop = new BackgroundLoop({
      name: "question relay",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1, (options.pollSeconds ?? 60) * 1000),
      lease: loopLease(options.store, QUESTION_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /** A pass now (an admin turned questions back on). */
  nudge(): void {
    this.#loop.wake();
  }

  async runOnce(): Promise<QuestionPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), leader: false };
  }

  async #pass(signal: AbortSignal): Promise<QuestionPassReport> {
    const report = emptyReport();
    if (await this.#switch.isOff()) return { ...report, off: true };
    let feed: FeedKind = "question";
    try {
      report.questions = await this.#feed(feed, signal, report);
      if (this.#options.reviews !== false) {
        feed = "review";
        report.reviews = await this.#feed(feed, signal, report);
      }
    } catch (error) {
      if (!isPremiumRefusal(error)) throw error;
      if (await this.#switch.turnOff("premium", this.#now(), feed)) {
        this.#options.logger?.warn(
          { err: error, feed },
          "Ozon refused product questions or reviews (subscription): polling them is off for this store",
        );
        await this.#options.notifier.premiumMissing(feed);
      }
      return { ...report, off: true };
    }
    return report;
  }

  /** Relays the new items of one kind; the number relayed. */
  async #feed(kind: FeedKind, signal: AbortSignal, report: QuestionPassReport): Promise<number> {
    const cursorKey = `questions:cursor:${kind}`;
    const cursor = await this.#store.get<string>(cursorKey);
    const { api, notifier } = this.#options;
    const list = (since: Date) =>
      kind === "question" ? api.questionsSince(since, signal) : api.reviewsSince(since, signal);
    if (cursor === undefined) {
      // The first pass: what is there now is old news, also inside the overlap of later passes.
      const now = this.#now();
      for await (const item of list(new Date(now.getTime() - OVERLAP_MS))) {
        await this.#store.set(`questions:seen:${kind}:${item.id}`, true, { ttlMs: SEEN_TTL_MS });
      }
      await this.#store.set(cursorKey, now.toISOString());
      report.firstRun = true;
      return 0;
    }
    const since = new Date(Math.max(0, Date.parse(cursor) - OVERLAP_MS));
    let newest = Date.parse(cursor);
    let relayed = 0;
    for await (const item of list(since)) {
      signal.throwIfAborted();
      const seenKey = `questions:seen:${kind}:${item.id}`;
      if ((await this.#store.get(seenKey)) !== undefined) continue;
      // What an answer needs later, capped: the buyer wrote it, Ozon passed it on unchecked.
      await this.#items.save(kind, item.id, {
        sku: item.sku,
        text: item.text.slice(0, ITEM_TEXT_LIMIT),
        authorName: "authorName" in item ? item.authorName?.slice(0, NAME_LIMIT) : undefined,
        rating: "rating" in item ? item.rating : undefined,
      });
      // A reply to a copy already on the screen finds the item before the others are sent.
      // A link the store would not take must not send the item again: it is written at the end.
      const accepted = (copies: readonly FeedCopy[]) =>
        this.#options.remember(kind, item.id, copies).catch(() => undefined);
      const sent =
        kind === "question"
          ? await notifier.relayQuestion(item as ProductQuestion, accepted)
          : await notifier.relayReview(item as ProductReview, accepted);
      // Telegram accepted it: from here on it must never be sent again.
      await this.#store.set(seenKey, true, { ttlMs: SEEN_TTL_MS });
      await this.#items.saveCopies(kind, item.id, sent);
      await this.#options.remember(kind, item.id, sent);
      relayed++;
      const at = Date.parse(item.publishedAt);
      if (Number.isFinite(at) && at > newest) {
        newest = at;
        await this.#store.set(cursorKey, new Date(at).toISOString());
      }
    }
    return relayed;
  }
}

/** Ozon refused for the subscription (403 / code 7 without a word about the keys). */
export function isPremiumRefusal(error: unknown): boolean {
  return classifyReplyError(error) === "premium_required";
}

function emptyReport(): QuestionPassReport {
  return { leader: true, off: false, firstRun: false, questions: 0, reviews: 0 };
}
