/**
 * Watches FBS postings awaiting packaging and tells every subscriber about each new one.
 *
 * Nothing lost, nothing twice: a posting is marked announced FOR ONE SUBSCRIBER only after the
 * notifier's send for that subscriber resolved (Telegram accepted it). Marks and the set of known
 * postings live in the store with a TTL, so a restart (or another process taking over the lease)
 * repeats nothing that was delivered and still delivers what was not.
 *
 * One pass (`runOnce`):
 * 1. read every page of postings awaiting packaging;
 * 2. first run (no state in the store): record them all as "baseline" and owe each subscriber one
 *    summary instead of N alerts; later runs: record the postings not seen before;
 * 3. for each subscriber, concurrently (one chat's trouble never holds up another): the owed
 *    summary, then new postings, then deadline reminders. The first failed send ends that
 *    subscriber's turn and is retried next pass; a `RecipientGoneError` unsubscribes the chat.
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
 * Postings that left awaiting_packaging are simply no longer listed: they get no alert and no
 * reminder (telling the warehouse about a posting already shipped or cancelled helps no one).
 */
import type { Posting } from "../../ozon/seller/types.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import type { Subscriber } from "../subscriptions.ts";
import { wantsWarehouse } from "../subscriptions.ts";
import { DeliveryLedger, type MarkKind } from "./ledger.ts";
import type { DigestInfo, PostingNotifier } from "./notifier.ts";
import { isRecipientGone } from "./notifier.ts";
import { byArrival, byDeadline, type Current, chunk, factsOf } from "./posting-facts.ts";

/** What the watcher reads from the Seller client (`createSellerClient(...)` fits). */
export interface AwaitingPackagingSource {
  postings: { listAwaitingPackaging(): AsyncIterable<Posting> };
}

/** The subscriber list as the watcher uses it (SubscriptionService fits). */
export interface SubscriberDirectory {
  list(): Promise<Subscriber[]>;
  unsubscribe(chatId: number): Promise<boolean>;
}

export interface WatcherLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface PostingWatcherOptions {
  seller: AwaitingPackagingSource;
  store: Store;
  subscriptions: SubscriberDirectory;
  notifier: PostingNotifier;
  /** Seconds between passes after `start()` (POSTINGS_POLL_SECONDS). Default 30. */
  pollSeconds?: number;
  /** More new postings than this in one pass for one subscriber become digests. Default 5. */
  burstThreshold?: number;
  /** Postings per digest message. Default 40: 1 000 postings → 25 messages. */
  digestSize?: number;
  /** A reminder goes out this long before the shipping deadline. Default 2 h. */
  reminderBeforeMs?: number;
  /** How long known postings and delivery marks are kept. Default 30 days. */
  markTtlMs?: number;
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
}

export interface PassReport {
  /** Nothing was done: another process holds the polling lease. */
  skipped?: "lease";
  firstRun: boolean;
  /** Postings awaiting packaging listed in this pass. */
  awaiting: number;
  /** Postings seen for the first time in this pass. */
  discovered: number;
  sent: { summaries: number; alerts: number; digests: number; reminders: number };
  /** Postings delivered (alerts + postings inside digests), over all subscribers. */
  announced: number;
  reminded: number;
  /** Subscribers whose turn ended with a failed send (retried next pass). */
  failed: number[];
  /** Subscribers removed because their chat is gone. */
  unsubscribed: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const silentLogger: WatcherLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** Ends one subscriber's turn in a pass (a failed send; the rest waits for the next pass). */
class TurnOver extends Error {}

export class PostingWatcher {
  readonly #seller: AwaitingPackagingSource;
  readonly #subscriptions: SubscriberDirectory;
  readonly #notifier: PostingNotifier;
  readonly #pollMs: number;
  readonly #burstThreshold: number;
  readonly #digestSize: number;
  readonly #reminderBeforeMs: number;
  readonly #now: () => number;
  readonly #log: WatcherLogger;
  readonly #ledger: DeliveryLedger;
  readonly #loop: BackgroundLoop<PassReport>;
  /** The pass's signal: aborted on stop() or when the lease is lost, after which no send starts. */
  #signal: AbortSignal | undefined;

  constructor(options: PostingWatcherOptions) {
    this.#seller = options.seller;
    this.#subscriptions = options.subscriptions;
    this.#notifier = options.notifier;
    this.#pollMs = (options.pollSeconds ?? 30) * 1000;
    this.#burstThreshold = options.burstThreshold ?? 5;
    this.#digestSize = options.digestSize ?? 40;
    this.#reminderBeforeMs = options.reminderBeforeMs ?? 2 * 60 * 60 * 1000;
    this.#ledger = new DeliveryLedger(options.store, {
      prefix: options.keyPrefix ?? "postings:",
      ttlMs: options.markTtlMs ?? 30 * DAY_MS,
    });
    this.#now = options.now ?? Date.now;
    this.#log = options.logger ?? silentLogger;
    if (!(this.#pollMs > 0)) throw new RangeError("pollSeconds must be greater than 0");
    if (!Number.isInteger(this.#burstThreshold) || this.#burstThreshold < 0) {
      throw new RangeError("burstThreshold must be a whole number >= 0");
    }
    if (!Number.isInteger(this.#digestSize) || this.#digestSize < 1) {
      throw new RangeError("digestSize must be a whole number >= 1");
    }
    this.#loop = new BackgroundLoop({
      name: "posting watcher",
      round: (signal) => this.#work(signal),
      pauseMs: () => this.#pollMs,
      lease: loopLease(options.store, "postings", options.lease),
      // Another process may have written marks while this one did not hold the lease.
      onLeaseChange: () => this.#ledger.forget(),
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

  /** One pass now, or right after the one in progress. */
  async runOnce(): Promise<PassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), skipped: "lease" };
  }

  async #work(signal: AbortSignal): Promise<PassReport> {
    this.#signal = signal;
    const report = emptyReport();
    const listed = await this.#listAwaiting();
    report.awaiting = listed.length;
    const now = this.#now();
    const subscribers = await this.#subscriptions.list();
    const firstRun = !(await this.#ledger.isInitialized());
    if (firstRun) {
      this.#log.info(
        { awaiting: listed.length, subscribers: subscribers.length },
        "posting watcher first run: recording the postings already waiting",
      );
    }
    const numbers = listed.map(({ facts }) => facts.postingNumber);
    const { known, discovered } = await this.#ledger.recordPostings(numbers, now, firstRun);
    if (firstRun) {
      await this.#ledger.initialize(
        subscribers.map((s) => s.chatId),
        now,
      );
    }
    report.firstRun = firstRun;
    report.discovered = discovered;
    this.#ledger.keepOnly(new Set(numbers));
    const current: Current[] = listed.map((entry) => ({
      ...entry,
      known: known.get(entry.facts.postingNumber) ?? {
        firstSeenAt: now,
        baseline: firstRun,
        touchedAt: now,
      },
    }));

    const owedSummaries = await this.#ledger.owedSummaries();
    // allSettled: a store error in one chat's turn must not cut the others' turns short.
    const turns = await Promise.allSettled(
      subscribers.map((subscriber) =>
        this.#serve(subscriber, current, owedSummaries.has(subscriber.chatId), report),
      ),
    );
    const broken = turns.find((turn) => turn.status === "rejected");
    if (broken) throw broken.reason;
    const subscribed = new Set(subscribers.map((s) => s.chatId));
    for (const chatId of owedSummaries) {
      if (!subscribed.has(chatId)) await this.#ledger.settleSummary(chatId);
    }
    await this.#ledger.refresh(numbers, now);
    this.#log.debug({ ...report }, "posting watcher pass done");
    return report;
  }

  /** Every page; a posting listed twice (pages shifting while paging) counts once. */
  async #listAwaiting(): Promise<Array<Omit<Current, "known">>> {
    const listed = new Map<string, Omit<Current, "known">>();
    for await (const posting of this.#seller.postings.listAwaitingPackaging()) {
      const facts = factsOf(posting);
      listed.set(facts.postingNumber, { posting, facts });
    }
    return [...listed.values()];
  }

  /** One subscriber's turn: owed summary, new postings, reminders. */
  async #serve(
    subscriber: Subscriber,
    current: Current[],
    owesSummary: boolean,
    report: PassReport,
  ): Promise<void> {
    const mine = current.filter((entry) => wantsWarehouse(subscriber, entry.facts.warehouseId));
    try {
      if (owesSummary) await this.#sendSummary(subscriber, mine, report);
      await this.#sendNew(subscriber, mine, report);
      await this.#sendReminders(subscriber, mine, report);
    } catch (error) {
      if (error instanceof TurnOver) return;
      throw error;
    }
  }

  async #sendSummary(subscriber: Subscriber, mine: Current[], report: PassReport) {
    const count = mine.filter((entry) => entry.known.baseline).length;
    if (count > 0) {
      await this.#deliver(subscriber, report, () => this.#notifier.summary(subscriber, count));
      report.sent.summaries += 1;
    }
    await this.#ledger.settleSummary(subscriber.chatId);
  }

  async #sendNew(subscriber: Subscriber, mine: Current[], report: PassReport) {
    const since = Date.parse(subscriber.createdAt);
    const candidates = mine.filter(
      (entry) => !entry.known.baseline && !(entry.known.firstSeenAt < since),
    );
    const due = await this.#unmarked("announced", subscriber.chatId, candidates);
    due.sort(byArrival);
    if (due.length === 0) return;

    if (due.length <= this.#burstThreshold) {
      for (const entry of due) {
        await this.#deliver(subscriber, report, () =>
          this.#notifier.alert(subscriber, entry.posting),
        );
        report.sent.alerts += 1;
        await this.#mark("announced", subscriber.chatId, [entry]);
        report.announced += 1;
      }
      return;
    }
    await this.#sendDigests(subscriber, due, "new", report);
  }

  async #sendReminders(subscriber: Subscriber, mine: Current[], report: PassReport) {
    const now = this.#now();
    const candidates = mine.filter((entry) => {
      const deadline = entry.facts.shipmentDeadline;
      if (deadline === undefined) return false;
      const windowOpens = deadline - this.#reminderBeforeMs;
      if (now < windowOpens) return false;
      // An alert delivered once the window was open already showed the near deadline.
      const announcedAt = this.#ledger.markedAt(
        "announced",
        subscriber.chatId,
        entry.facts.postingNumber,
      );
      return announcedAt === undefined || announcedAt < windowOpens;
    });
    const due = await this.#unmarked("reminded", subscriber.chatId, candidates);
    due.sort(byDeadline);
    if (due.length === 0) return;

    if (due.length <= this.#burstThreshold) {
      for (const entry of due) {
        await this.#deliver(subscriber, report, () =>
          this.#notifier.reminder(subscriber, entry.posting),
        );
        report.sent.reminders += 1;
        await this.#mark("reminded", subscriber.chatId, [entry]);
        report.reminded += 1;
      }
      return;
    }
    await this.#sendDigests(subscriber, due, "reminder", report);
  }

  async #sendDigests(
    subscriber: Subscriber,
    due: Current[],
    reason: DigestInfo["reason"],
    report: PassReport,
  ) {
    const parts = chunk(due, this.#digestSize);
    for (const [index, part] of parts.entries()) {
      const info: DigestInfo = {
        reason,
        part: index + 1,
        parts: parts.length,
        total: due.length,
        chunkSize: this.#digestSize,
      };
      const postings = part.map((entry) => entry.posting);
      await this.#deliver(subscriber, report, () =>
        this.#notifier.digest(subscriber, postings, info),
      );
      report.sent.digests += 1;
      await this.#mark(reason === "new" ? "announced" : "reminded", subscriber.chatId, part);
      if (reason === "new") report.announced += part.length;
      else report.reminded += part.length;
    }
  }

  /** Sends once; a failure ends this subscriber's turn (retried next pass) or unsubscribes the chat. */
  async #deliver(subscriber: Subscriber, report: PassReport, send: () => Promise<void>) {
    if (this.#signal?.aborted) throw new TurnOver();
    try {
      await send();
    } catch (error) {
      if (isRecipientGone(error)) {
        this.#log.info({ chatId: subscriber.chatId }, "chat is gone; unsubscribing it");
        await this.#subscriptions.unsubscribe(subscriber.chatId);
        await this.#ledger.settleSummary(subscriber.chatId);
        report.unsubscribed.push(subscriber.chatId);
      } else {
        this.#log.warn(
          { chatId: subscriber.chatId, err: error },
          "posting alert not delivered; retrying next pass",
        );
        report.failed.push(subscriber.chatId);
      }
      throw new TurnOver();
    }
  }

  /** The entries not yet marked `kind` for this chat (read from the store when not cached). */
  async #unmarked(kind: MarkKind, chatId: number, entries: Current[]): Promise<Current[]> {
    const numbers = entries.map((entry) => entry.facts.postingNumber);
    await this.#ledger.load(kind, chatId, numbers);
    return entries.filter(
      (entry) => this.#ledger.markedAt(kind, chatId, entry.facts.postingNumber) === undefined,
    );
  }

  #mark(kind: MarkKind, chatId: number, entries: Current[]): Promise<void> {
    const numbers = entries.map((entry) => entry.facts.postingNumber);
    return this.#ledger.mark(kind, chatId, numbers, this.#now());
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
  };
}
