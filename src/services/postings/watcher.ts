/**
 * Watches FBS postings awaiting packaging and tells every subscriber about each new one.
 *
 * Nothing lost, nothing twice: a posting is marked announced FOR ONE SUBSCRIBER only after the
 * notifier's send for that subscriber resolved (Telegram accepted it). Marks and the set of known
 * postings live in the store with a TTL, so a restart (or another process taking over the lease)
 * repeats nothing that was delivered and still delivers what was not.
 *
 * One pass (`runOnce`):
 * 1. read the postings awaiting packaging page by page; for each batch, record the postings not
 *    seen before (on the first run — no state in the store — as "baseline", to owe each subscriber
 *    one summary instead of N alerts) and gather what each subscriber is owed: only those postings
 *    are kept whole, of the rest only the number (turn.ts);
 * 2. first run: owe each subscriber its summary;
 * 3. for each subscriber, concurrently (one chat's trouble never holds up another): the owed
 *    summary, then new postings, then deadline reminders (turn.ts). The first failed send ends
 *    that subscriber's turn and is retried next pass; a `RecipientGoneError` unsubscribes the chat.
 *
 * "New" for a subscriber: matches its warehouse filter, was first listed after the first run and
 * not before the chat subscribed, and is not marked announced for it. More than `burstThreshold`
 * of them in one pass (counted per subscriber, undelivered ones from earlier passes included)
 * go as digests of `digestSize`; the same rule groups reminders.
 *
 * A reminder goes once per posting and chat when the deadline is `reminderBeforeMs` away or
 * closer (also when it has passed: the posting still waits), unless the chat's alert itself
 * was delivered that late and so already showed the near deadline.
 *
 * Postings that left awaiting_packaging get no alert and no reminder. Those whose alerts went are
 * followed (follow-up.ts): re-read when they leave the list, so that a cancellation is told at
 * once and every card shows it (also packed, and a moved deadline).
 * Tests: test/services/postings/restart.test.ts and 2 more
 */
import type { Posting } from "../../ozon/seller/types.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import { CARD_TTL_MS, CardBook } from "./cards.ts";
import { FollowUpPass, type FollowUpSettings } from "./follow-up.ts";
import { DEFAULT_MARK_TTL_MS, DeliveryLedger } from "./ledger.ts";
import type { PostingNotifier } from "./notifier.ts";
import { PackedByLedger } from "./packed-by.ts";
import { type Current, factsOf } from "./posting-facts.ts";
import { SubscriberPlan, SubscriberTurns, type TurnSettings } from "./turn.ts";
import type { PassReport, SubscriberDirectory, WatcherLogger } from "./watcher-types.ts";

export type { PassReport, SubscriberDirectory, WatcherLogger } from "./watcher-types.ts";

/** What the watcher reads from the Seller client (`createSellerClient(...)` fits). */
export interface AwaitingPackagingSource {
  postings: {
    listAwaitingPackaging(): AsyncIterable<Posting>;
    /** Re-reads a followed posting that left the list (cancelled or packed?). */
    get?(postingNumber: string): Promise<Posting>;
  };
}

export interface PostingWatcherOptions {
  seller: AwaitingPackagingSource;
  store: Store;
  subscriptions: SubscriberDirectory;
  notifier: PostingNotifier;
  /**
   * Seconds from the start of one pass to the start of the next after `start()`
   * (POSTINGS_POLL_SECONDS), so news is at most this old when a pass finds it. Default 30.
   */
  pollSeconds?: number;
  /** More new postings than this in one pass for one subscriber become digests. Default 5. */
  burstThreshold?: number;
  /** Postings per digest message. Default 40: 1 000 postings → 25 messages. */
  digestSize?: number;
  /** A reminder goes out this long before the shipping deadline. Default 2 h. */
  reminderBeforeMs?: number;
  /** How long known postings and delivery marks are kept. Default 30 days. */
  markTtlMs?: number;
  /** How long where each alert went is kept (to edit its card). Default 7 days. */
  cardTtlMs?: number;
  /** A packed posting with cards is re-read at most this often (cancelled before the courier?). */
  packedRecheckMs?: number;
  /** Store key prefix. Default "postings:". */
  keyPrefix?: string;
  /** Epoch ms; injectable for tests. */
  now?: () => number;
  /**
   * Only the lease holder polls and sends (several processes on one Redis). Default: the store's
   * lease "postings" (DEFAULT_LEASE_TTL_MS, renewed while the watcher runs); `false` turns it off
   * (one process, nothing to share).
   */
  lease?: Lease | false;
  logger?: WatcherLogger;
  /**
   * Moves every record naming a group to the supergroup it became (Telegram refused a send with
   * its new id); the turn then goes on there. None: the send is retried next pass.
   */
  moveChat?: (fromChatId: number, toChatId: number) => Promise<void>;
}

/** The shortest pause between passes, however long a pass took. */
const MIN_PAUSE_MS = 1_000;
/** Postings recorded and gathered at a time: a v3 page (store round trips overlap within it). */
const BATCH_SIZE = 1000;

const silentLogger: WatcherLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

export class PostingWatcher {
  readonly #seller: AwaitingPackagingSource;
  readonly #subscriptions: SubscriberDirectory;
  readonly #pollMs: number;
  readonly #now: () => number;
  readonly #log: WatcherLogger;
  readonly #ledger: DeliveryLedger;
  readonly #cards: CardBook;
  readonly #followUp: FollowUpSettings;
  readonly #turnSettings: TurnSettings;
  readonly #loop: BackgroundLoop<PassReport>;
  /** When each followed packed posting was last re-read (follow-up.ts). */
  readonly #packedReadAt = new Map<string, number>();
  /** performance.now() at the start of the latest pass (the poll interval runs from it). */
  #passStartedAt = 0;

  constructor(options: PostingWatcherOptions) {
    this.#seller = options.seller;
    this.#subscriptions = options.subscriptions;
    this.#pollMs = (options.pollSeconds ?? 30) * 1000;
    const burstThreshold = options.burstThreshold ?? 5;
    const digestSize = options.digestSize ?? 40;
    this.#ledger = new DeliveryLedger(options.store, {
      prefix: options.keyPrefix ?? "postings:",
      ttlMs: options.markTtlMs ?? DEFAULT_MARK_TTL_MS,
    });
    this.#now = options.now ?? Date.now;
    this.#log = options.logger ?? silentLogger;
    this.#cards = new CardBook(options.store, {
      prefix: options.keyPrefix ?? "postings:",
      ttlMs: options.cardTtlMs ?? CARD_TTL_MS,
    });
    const get = options.seller.postings.get?.bind(options.seller.postings);
    this.#followUp = {
      cards: this.#cards,
      packedBy: new PackedByLedger(options.store),
      notifier: options.notifier,
      reader: get ? { get } : undefined,
      now: this.#now,
      log: this.#log,
      packedReadAt: this.#packedReadAt,
      ...(options.moveChat ? { moveChat: options.moveChat } : {}),
      ...(options.packedRecheckMs !== undefined
        ? { packedRecheckMs: options.packedRecheckMs }
        : {}),
    };
    if (!(this.#pollMs > 0)) throw new RangeError("pollSeconds must be greater than 0");
    if (!Number.isInteger(burstThreshold) || burstThreshold < 0) {
      throw new RangeError("burstThreshold must be a whole number >= 0");
    }
    if (!Number.isInteger(digestSize) || digestSize < 1) {
      throw new RangeError("digestSize must be a whole number >= 1");
    }
    this.#turnSettings = {
      subscriptions: this.#subscriptions,
      notifier: options.notifier,
      ledger: this.#ledger,
      cards: this.#cards,
      burstThreshold,
      digestSize,
      reminderBeforeMs: options.reminderBeforeMs ?? 2 * 60 * 60 * 1000,
      now: this.#now,
      log: this.#log,
      ...(options.moveChat ? { moveChat: options.moveChat } : {}),
    };
    this.#loop = new BackgroundLoop({
      name: "posting watcher",
      round: (signal) => this.#work(signal),
      pauseMs: () => this.#pauseMs(),
      lease: loopLease(options.store, "postings", options.lease),
      // Another process may have written marks while this one did not hold the lease.
      onLeaseChange: () => {
        this.#ledger.forget();
        this.#cards.forget();
      },
      logger: this.#log,
    });
  }

  /** Polls now and then every `pollSeconds` after each pass ends (passes never overlap). */
  start(): void {
    this.#loop.start();
  }

  /**
   * Stops polling: no new send starts, the send in flight finishes (its mark is written), the
   * lease is released. Undelivered postings stay owed and go out on the next start. Resolves
   * false when `deadline` (default 5 s) came before the pass ended.
   */
  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /**
   * Packed postings to re-read at the next pass whatever their last read (a push said one was
   * cancelled). Only followed packed postings are ever read, so a forged name costs nothing.
   */
  recheckPacked(postingNumbers: readonly string[]): void {
    for (const number of postingNumbers.slice(0, 200)) this.#packedReadAt.delete(number);
  }

  /** One pass now, or right after the one in progress. */
  async runOnce(): Promise<PassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), skipped: "lease" };
  }

  /**
   * The rest of the poll interval after the pass that just ended (a slow pass — Telegram's pace
   * for redrawn cards, a big list — does not push the next one later), but at least a second.
   */
  #pauseMs(): number {
    const elapsed = performance.now() - this.#passStartedAt;
    return Math.max(this.#pollMs - elapsed, Math.min(this.#pollMs, MIN_PAUSE_MS));
  }

  async #work(signal: AbortSignal): Promise<PassReport> {
    this.#passStartedAt = performance.now();
    const report = emptyReport();
    const now = this.#now();
    const subscribers = await this.#subscriptions.list();
    const firstRun = !(await this.#ledger.isInitialized());
    const turns = new SubscriberTurns(this.#turnSettings, signal);
    const plans = subscribers.map((subscriber) => new SubscriberPlan(subscriber));
    const followUp = await FollowUpPass.begin(this.#followUp);

    // Page by page: a posting is recorded, its facts read and the plans take what they are
    // owed; the rest of it is dropped at once (a whole pass is never held).
    const numbers = new Set<string>();
    let batch: Posting[] = [];
    const take = async () => {
      const entries = await this.#record(batch, now, firstRun, report);
      batch = [];
      await Promise.all(plans.map((plan) => turns.gather(plan, entries, now)));
    };
    for await (const posting of this.#seller.postings.listAwaitingPackaging()) {
      // A posting listed twice (pages shifting while paging) counts once.
      if (numbers.has(posting.postingNumber)) continue;
      numbers.add(posting.postingNumber);
      followUp.see(posting);
      batch.push(posting);
      if (batch.length >= BATCH_SIZE) await take();
    }
    await take();
    report.awaiting = numbers.size;
    report.firstRun = firstRun;
    if (firstRun) {
      this.#log.info(
        { awaiting: numbers.size, subscribers: subscribers.length },
        "posting watcher first run: recorded the postings already waiting",
      );
      await this.#ledger.initialize(
        subscribers.map((s) => s.chatId),
        now,
      );
    }
    this.#ledger.keepOnly(numbers);

    const owedSummaries = await this.#ledger.owedSummaries();
    // allSettled: a store error in one chat's turn must not cut the others' turns short.
    const served = await Promise.allSettled(
      plans.map((plan) => turns.serve(plan, owedSummaries.has(plan.subscriber.chatId), report)),
    );
    const broken = served.find((turn) => turn.status === "rejected");
    if (broken) throw broken.reason;
    const subscribed = new Set(subscribers.map((s) => s.chatId));
    for (const chatId of owedSummaries) {
      if (!subscribed.has(chatId)) await this.#ledger.settleSummary(chatId);
    }
    // After the turns: a chat alerted in this pass already shows the posting as it is now.
    report.changed = await followUp.finish(numbers, subscribers, signal);
    await this.#ledger.refresh([...numbers], now);
    await this.#cards.refresh([...numbers], now);
    this.#log.debug({ ...report }, "posting watcher pass done");
    return report;
  }

  /** Records a batch of listed postings in the ledger (first seen `now` when new). */
  async #record(
    postings: readonly Posting[],
    now: number,
    firstRun: boolean,
    report: PassReport,
  ): Promise<Current[]> {
    if (postings.length === 0) return [];
    const listed = postings.map((posting) => ({ posting, facts: factsOf(posting) }));
    const { known, discovered } = await this.#ledger.recordPostings(
      listed.map(({ facts }) => facts.postingNumber),
      now,
      firstRun,
    );
    report.discovered += discovered;
    return listed.map((entry) => ({
      ...entry,
      known: known.get(entry.facts.postingNumber) ?? {
        firstSeenAt: now,
        baseline: firstRun,
        touchedAt: now,
      },
    }));
  }
}

function emptyReport(): PassReport {
  return {
    firstRun: false,
    awaiting: 0,
    discovered: 0,
    sent: { summaries: 0, alerts: 0, digests: 0, reminders: 0 },
    announced: 0,
    reminded: 0,
    failed: [],
    unsubscribed: [],
    changed: { cancelled: 0, packed: 0, deadline: 0 },
  };
}
