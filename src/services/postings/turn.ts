/**
 * One subscriber's turn in a pass of the posting watcher (watcher.ts). While the postings are
 * listed, each batch is gathered into the subscriber's plan: what it is owed (so only those
 * postings are held whole). Then the turn: the owed summary, then new postings, then deadline
 * reminders; more than `burstThreshold` of them go as digests of
 * `digestSize`. A posting is marked for the chat only after its send resolved. The first failed
 * send ends the turn (retried next pass); a `RecipientGoneError` unsubscribes the chat; a
 * `ChatMovedError` (the group became a supergroup) moves the chat's records to its new id and
 * serves the rest of the turn there, starting with the message Telegram refused.
 * Tests: none directly
 */
import { StoppingError } from "../background-loop.ts";
import { type Subscriber, wantsWarehouse } from "../subscriptions.ts";
import type { CardBook, CardMessage } from "./cards.ts";
import { type DeliveryLedger, forEachLimited, type MarkKind } from "./ledger.ts";
import {
  ChatMovedError,
  type Delivery,
  type DigestInfo,
  isRecipientGone,
  type PostingNotifier,
  type Sent,
} from "./notifier.ts";
import { byArrival, byDeadline, type Current, chunk, type Listed } from "./posting-facts.ts";
import type { PassReport, SubscriberDirectory, WatcherLogger } from "./watcher-types.ts";

/** Card records written at a time for the postings of one digest. */
const CARD_CONCURRENCY = 16;

/** What a turn works with; the watcher's, shared by every turn. */
export interface TurnSettings {
  subscriptions: SubscriberDirectory;
  notifier: PostingNotifier;
  ledger: DeliveryLedger;
  /** Where each message went, so its card can be kept true (cards.ts). */
  cards: CardBook;
  burstThreshold: number;
  digestSize: number;
  reminderBeforeMs: number;
  now: () => number;
  log: WatcherLogger;
  /** Moves every record of a chat to the id Telegram gave it (none: retried next pass). */
  moveChat?: (fromChatId: number, toChatId: number) => Promise<void>;
}

/** What one subscriber is owed from one pass, gathered batch by batch while postings are listed. */
export class SubscriberPlan {
  readonly subscriber: Subscriber;
  /** Postings of its warehouses already waiting on the first run (the summary's count). */
  baseline = 0;
  /** New postings not yet announced to it. */
  readonly fresh: Current[] = [];
  /** Postings near their deadline not yet reminded of. */
  readonly reminders: Current[] = [];

  constructor(subscriber: Subscriber) {
    this.subscriber = subscriber;
  }
}

/** Ends one subscriber's turn in a pass (a failed send; the rest waits for the next pass). */
class TurnOver extends Error {}

/** The subscriber's group moved to a new id (its records too): the turn goes on there. */
class TurnMoved extends Error {
  readonly toChatId: number;
  constructor(toChatId: number) {
    super(`moved to ${toChatId}`);
    this.toChatId = toChatId;
  }
}

/** The turns of one pass: no send starts once the pass's signal is aborted. */
export class SubscriberTurns {
  readonly #subscriptions: SubscriberDirectory;
  readonly #notifier: PostingNotifier;
  readonly #ledger: DeliveryLedger;
  readonly #cards: CardBook;
  readonly #burstThreshold: number;
  readonly #digestSize: number;
  readonly #reminderBeforeMs: number;
  readonly #now: () => number;
  readonly #log: WatcherLogger;
  readonly #moveChat: TurnSettings["moveChat"];
  /** The pass's signal: aborted on stop() or when the lease is lost, after which no send starts. */
  readonly #signal: AbortSignal;

  constructor(settings: TurnSettings, signal: AbortSignal) {
    this.#subscriptions = settings.subscriptions;
    this.#notifier = settings.notifier;
    this.#ledger = settings.ledger;
    this.#cards = settings.cards;
    this.#burstThreshold = settings.burstThreshold;
    this.#digestSize = settings.digestSize;
    this.#reminderBeforeMs = settings.reminderBeforeMs;
    this.#now = settings.now;
    this.#log = settings.log;
    this.#moveChat = settings.moveChat;
    this.#signal = signal;
  }

  /**
   * Takes what this subscriber is owed from one batch of listed postings into its plan (reading
   * its marks of them), so the pass holds whole postings only for those.
   */
  async gather(plan: SubscriberPlan, batch: readonly Current[], now: number): Promise<void> {
    const { subscriber } = plan;
    const mine = batch.filter((entry) => wantsWarehouse(subscriber, entry.facts.warehouseId));
    for (const entry of mine) if (entry.known.baseline) plan.baseline += 1;

    const since = Date.parse(subscriber.createdAt);
    const arrivals = mine.filter(
      (entry) => !entry.known.baseline && !(entry.known.firstSeenAt < since),
    );
    // Also what the reminders below read: whether and when the alert went.
    plan.fresh.push(...(await this.#unmarked("announced", subscriber.chatId, arrivals, true)));

    const nearDeadline = mine.filter((entry) => this.#reminderDue(subscriber, entry, now));
    plan.reminders.push(
      ...(await this.#unmarked("reminded", subscriber.chatId, nearDeadline, true)),
    );
  }

  /** One subscriber's turn: owed summary, new postings, reminders. */
  async serve(
    plan: SubscriberPlan,
    owesSummary: boolean,
    report: PassReport,
    moved = false,
  ): Promise<void> {
    const { subscriber } = plan;
    let owes = owesSummary;
    try {
      if (owes) await this.#sendSummary(subscriber, plan.baseline, report);
      owes = false;
      await this.#sendNew(subscriber, plan.fresh, report);
      await this.#sendReminders(subscriber, plan.reminders, report);
    } catch (error) {
      if (error instanceof TurnOver) return;
      // Once per turn: a chat that keeps moving waits for the next pass.
      if (error instanceof TurnMoved && !moved) {
        const there = await this.#movedPlan(plan, error.toChatId);
        return this.serve(there, owes, report, true);
      }
      if (error instanceof TurnMoved) return;
      throw error;
    }
  }

  /** What is still owed, to the chat's new id: its marks moved there, so nothing goes twice. */
  async #movedPlan(plan: SubscriberPlan, toChatId: number): Promise<SubscriberPlan> {
    const there = new SubscriberPlan({ ...plan.subscriber, chatId: toChatId });
    there.baseline = plan.baseline;
    there.fresh.push(...(await this.#unmarked("announced", toChatId, plan.fresh, true)));
    there.reminders.push(...(await this.#unmarked("reminded", toChatId, plan.reminders, true)));
    // A reminder reads whether (and when) the alert went: the moved marks tell.
    const reminded = there.reminders.map((entry) => entry.facts.postingNumber);
    await this.#ledger.load("announced", toChatId, reminded);
    return there;
  }

  async #sendSummary(subscriber: Subscriber, count: number, report: PassReport) {
    if (count > 0) {
      await this.#deliver(subscriber, report, () => this.#notifier.summary(subscriber, count));
      report.sent.summaries += 1;
    }
    await this.#ledger.settleSummary(subscriber.chatId);
  }

  async #sendNew(subscriber: Subscriber, fresh: Current[], report: PassReport) {
    const due = await this.#unmarked("announced", subscriber.chatId, fresh, false);
    due.sort(byArrival);
    if (due.length === 0) return;

    if (due.length <= this.#burstThreshold) {
      for (const entry of due) {
        const sent = await this.#deliver(subscriber, report, () =>
          this.#notifier.alert(subscriber, entry.posting),
        );
        report.sent.alerts += 1;
        await this.#recordCard(subscriber, [entry], sent);
        await this.#mark("announced", subscriber.chatId, [entry]);
        report.announced += 1;
      }
      return;
    }
    await this.#sendDigests(subscriber, due, "new", report);
  }

  async #sendReminders(subscriber: Subscriber, nearDeadline: Current[], report: PassReport) {
    // An alert sent in this very turn may already have shown the near deadline.
    const candidates = nearDeadline.filter((entry) =>
      this.#reminderDue(subscriber, entry, this.#now()),
    );
    const due = await this.#unmarked("reminded", subscriber.chatId, candidates, false);
    due.sort(byDeadline);
    if (due.length === 0) return;

    if (due.length <= this.#burstThreshold) {
      for (const entry of due) {
        const sent = await this.#deliver(subscriber, report, () =>
          this.#notifier.reminder(subscriber, entry.posting),
        );
        report.sent.reminders += 1;
        await this.#recordCard(subscriber, [entry], sent);
        await this.#mark("reminded", subscriber.chatId, [entry]);
        report.reminded += 1;
      }
      return;
    }
    await this.#sendDigests(subscriber, due, "reminder", report);
  }

  /**
   * The deadline is `reminderBeforeMs` away or closer, and no alert delivered once that window
   * was open already showed it (announced marks as far as this process knows).
   */
  #reminderDue(subscriber: Subscriber, entry: Listed, now: number): boolean {
    const deadline = entry.facts.shipmentDeadline;
    if (deadline === undefined) return false;
    const windowOpens = deadline - this.#reminderBeforeMs;
    if (now < windowOpens) return false;
    const announcedAt = this.#ledger.markedAt(
      "announced",
      subscriber.chatId,
      entry.facts.postingNumber,
    );
    return announcedAt === undefined || announcedAt < windowOpens;
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
      const sent = await this.#deliver(subscriber, report, () =>
        this.#notifier.digest(subscriber, postings, info),
      );
      report.sent.digests += 1;
      await this.#recordCard(subscriber, part, sent, true);
      await this.#mark(reason === "new" ? "announced" : "reminded", subscriber.chatId, part);
      if (reason === "new") report.announced += part.length;
      else report.reminded += part.length;
    }
  }

  /** Sends once; a failure ends this subscriber's turn (retried next pass) or unsubscribes the chat. */
  async #deliver(
    subscriber: Subscriber,
    report: PassReport,
    send: () => Delivery,
  ): Promise<Sent | undefined> {
    if (this.#signal.aborted) throw new TurnOver();
    try {
      // A notifier that cannot say where the message went resolves with nothing.
      return ((await send()) as Sent | undefined) ?? undefined;
    } catch (error) {
      if (error instanceof ChatMovedError && this.#moveChat) {
        this.#log.info(
          { chatId: subscriber.chatId, toChatId: error.toChatId },
          "group became a supergroup; its alerts follow it",
        );
        await this.#moveChat(subscriber.chatId, error.toChatId);
        throw new TurnMoved(error.toChatId);
      }
      if (isRecipientGone(error)) {
        this.#log.info({ chatId: subscriber.chatId }, "chat is gone; unsubscribing it");
        await this.#subscriptions.unsubscribe(subscriber.chatId);
        await this.#ledger.settleSummary(subscriber.chatId);
        report.unsubscribed.push(subscriber.chatId);
      } else if (!(error instanceof StoppingError)) {
        // (A send refused because the bot is stopping is no failure: it goes after the restart.)
        this.#log.warn(
          { chatId: subscriber.chatId, err: error },
          "posting alert not delivered; retrying next pass",
        );
        report.failed.push(subscriber.chatId);
      }
      throw new TurnOver();
    }
  }

  /**
   * The entries not yet marked `kind` for this chat: read from the store when `load` (gathering),
   * else as this process knows them (the marks written since are all this turn's own).
   */
  async #unmarked(
    kind: MarkKind,
    chatId: number,
    entries: readonly Current[],
    load: boolean,
  ): Promise<Current[]> {
    if (load) {
      const numbers = entries.map((entry) => entry.facts.postingNumber);
      await this.#ledger.load(kind, chatId, numbers);
    }
    return entries.filter(
      (entry) => this.#ledger.markedAt(kind, chatId, entry.facts.postingNumber) === undefined,
    );
  }

  /** Notes where the message about these postings went (before the mark: never lost). */
  async #recordCard(
    subscriber: Subscriber,
    entries: readonly Current[],
    sent: Sent | undefined,
    digest = false,
  ): Promise<void> {
    if (!sent) return;
    const message: CardMessage = {
      messageId: sent.messageId,
      ...(digest || sent.digest ? { digest: true } : {}),
    };
    const chat = { chatId: subscriber.chatId, kind: subscriber.kind };
    const now = this.#now();
    await forEachLimited(entries, CARD_CONCURRENCY, (entry) =>
      this.#cards.record(entry.facts.postingNumber, chat, message, entry.posting.shipmentDate, now),
    );
  }

  #mark(kind: MarkKind, chatId: number, entries: Current[]): Promise<void> {
    const numbers = entries.map((entry) => entry.facts.postingNumber);
    return this.#ledger.mark(kind, chatId, numbers, this.#now());
  }
}
