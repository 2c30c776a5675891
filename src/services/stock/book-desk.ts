/**
 * Applying workbooks, one store at a time: a preview is kept as a draft; ✅ Apply takes the draft
 * (atomically: two presses, or two processes, make one job) and turns it into a job of batches in
 * the store's part of the store. One process (the lease holder) sends the batches in order at
 * Ozon's pace, one job after another, reporting progress; the result goes out once Telegram
 * takes it, and only then is the job done.
 *
 * Never sent twice: a batch is marked "sending" before its request and "done" with Ozon's answer
 * after it. A batch found "sending" after a restart may or may not have reached Ozon: the store
 * is read again, items already at their new value count as done, and only the rest are sent.
 *
 * Only while allowed: when a job is taken up and again before each batch its sender's rights
 * are asked anew (a role taken away mid-job stops it before the next batch, and the sender is
 * told once); ✖ pressed while it runs stops it the same way; a price batch re-reads the prices
 * first and leaves out rows whose price moved since the preview (book-checks.ts).
 * Tests: test/services/stock/book-desk.test.ts and 2 more
 */
import type { Logger } from "../../logger.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import type { AuditRecorder } from "../audit/index.ts";
import { BackgroundLoop, StoppingError } from "../background-loop.ts";
import { recordBatch } from "./book-audit.ts";
import { batchesOf, pad, reachedNow, resultLines, sleepFor } from "./book-batches.ts";
import { BATCH_TTL_MS, CANCEL_PREFIX, CANCEL_TTL_MS, movedPrices } from "./book-checks.ts";
import type {
  BookBatch,
  BookDraft,
  BookJob,
  BookNotifier,
  BookResultLine,
  BookRights,
} from "./book-job.ts";
import {
  type BookOzon,
  DEFAULT_PACE_MS,
  type ItemOutcome,
  type PriceSet,
  type StockSet,
} from "./book-ozon.ts";
import type { BookCatalog } from "./book-plan.ts";

export const BOOK_LEASE_NAME = "stock-book";
const DRAFT_PREFIX = "book:draft:";
const JOB_PREFIX = "book:job:";
const BATCH_PREFIX = "book:batch:";
/** A preview not applied within this long is forgotten. */
export const DRAFT_TTL_MS = 60 * 60 * 1000;
/** Finished jobs are kept this long (the person's result, a second press's answer). */
const DONE_TTL_MS = 24 * 60 * 60 * 1000;
/** Requests of one batch before its items are given up as failed (Ozon keeps refusing it). */
export const MAX_BATCH_TRIES = 3;
/** Deliveries of the result that failed before the job is given up (logged). */
const MAX_DELIVERY_TRIES = 5;

export type {
  BookAudience,
  BookBatch,
  BookDraft,
  BookJob,
  BookNotifier,
  BookResultLine,
  BookRights,
} from "./book-job.ts";

export interface BookDeskOptions {
  shopId: string;
  /** The store's part of the store (fenced while the lease is held, with several processes). */
  store: Store;
  /** The same part unfenced, for drafts and Apply from any process (default: `store`). */
  shared?: Store;
  ozon: BookOzon;
  notifier: BookNotifier;
  /** Where each change sent is recorded (the audit trail). */
  audit?: AuditRecorder;
  paceMs?: number;
  /** How often the desk looks for jobs besides being woken (default 5 s). */
  idleMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  /** Keeps a draft's cost prices, once, when its Apply wins (the bot's own data, not Ozon's). */
  keepCosts?: (draft: BookDraft) => Promise<void>;
  /** The sender's rights now, asked whenever a job is taken up (default: all allowed). */
  rights?: (job: BookJob) => Promise<BookRights>;
  logger?: Pick<Logger, "warn" | "info" | "error">;
  now?: () => Date;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type ApplyAnswer =
  | { kind: "started"; job: BookJob; queuedBehind: number }
  | { kind: "already"; job?: BookJob }
  | { kind: "expired" };

/** ✖ on a workbook: the preview dropped, the job stopping after its batch, or too late. */
export type CancelAnswer = "dropped" | "stopping" | "finished" | "expired" | "not-yours";

export class BookDesk {
  readonly #o: BookDeskOptions;
  readonly #now: () => Date;
  readonly #loop: BackgroundLoop<number>;

  constructor(options: BookDeskOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    this.#loop = new BackgroundLoop({
      name: "stock workbook",
      round: (signal) => this.#round(signal),
      pauseMs: () => options.idleMs ?? 5_000,
      lease: loopLease(options.store, BOOK_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /** One round now (tests); the number of jobs it finished. */
  async runOnce(): Promise<number> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : 0;
  }

  get #shared(): Store {
    return this.#o.shared ?? this.#o.store;
  }

  /** Keeps a preview until it is applied (or an hour passes). */
  async saveDraft(draft: BookDraft): Promise<void> {
    await this.#shared.set(`${DRAFT_PREFIX}${draft.id}`, draft, { ttlMs: DRAFT_TTL_MS });
  }

  draft(id: string): Promise<BookDraft | undefined> {
    return this.#shared.get<BookDraft>(`${DRAFT_PREFIX}${id}`);
  }

  /** ✖: the preview is dropped; true when it was there. */
  dropDraft(id: string): Promise<boolean> {
    return this.#shared.delete(`${DRAFT_PREFIX}${id}`);
  }

  /**
   * ✖ by `by`: the preview dropped; or, once applied, the job marked to stop before its next
   * batch (what was sent stays sent); or too late, the job is done.
   */
  async cancel(id: string, by: number): Promise<CancelAnswer> {
    const store = this.#shared;
    const draft = await this.draft(id);
    if (draft) {
      if (draft.by !== by) return "not-yours";
      const key = `${DRAFT_PREFIX}${id}`;
      if (await store.compareAndSetMany([{ key, expected: draft, next: undefined }]))
        return "dropped";
    }
    const job = await store.get<BookJob>(`${JOB_PREFIX}${id}`);
    if (!job) return "expired";
    if (job.by !== by) return "not-yours";
    if (job.state !== "running") return "finished";
    await store.set(`${CANCEL_PREFIX}${id}`, by, { ttlMs: CANCEL_TTL_MS });
    this.#loop.wake();
    return "stopping";
  }

  /** ✅ Apply: the draft becomes a job, once, whoever presses or however often. */
  async apply(draftId: string, messageId?: number): Promise<ApplyAnswer> {
    const store = this.#shared;
    const draftKey = `${DRAFT_PREFIX}${draftId}`;
    const jobKey = `${JOB_PREFIX}${draftId}`;
    const draft = await store.get<BookDraft>(draftKey);
    if (!draft) {
      const job = await store.get<BookJob>(jobKey);
      return job ? { kind: "already", job } : { kind: "expired" };
    }
    // The draft becomes the job and its batches in one step: of two presses, two processes, or
    // Apply racing ✖, one wins; the loser writes nothing (no batch is left without its job).
    const batches = batchesOf(draft);
    const job: BookJob = {
      id: draft.id,
      shopId: draft.shopId,
      warehouses: draft.warehouses,
      chatId: draft.chatId,
      by: draft.by,
      byName: draft.byName,
      locale: draft.locale,
      batches: batches.length,
      total: draft.stock.length + draft.prices.length,
      sent: 0,
      state: "running",
      deliveryTries: 0,
      createdAt: this.#now().toISOString(),
      ...(messageId === undefined ? {} : { messageId }),
    };
    const queuedBehind = (await this.#jobs()).filter((one) => one.state !== "delivered").length;
    const made = await store.compareAndSetMany([
      { key: draftKey, expected: draft, next: undefined },
      { key: jobKey, expected: undefined, next: job },
      ...batches.map((batch, index) => ({
        key: `${BATCH_PREFIX}${draft.id}:${pad(index)}`,
        expected: undefined,
        next: batch,
        ttlMs: BATCH_TTL_MS,
      })),
    ]);
    if (!made) {
      const other = await store.get<BookJob>(jobKey);
      return other ? { kind: "already", job: other } : { kind: "expired" };
    }
    if (draft.costs?.length) await this.#o.keepCosts?.(draft);
    this.#loop.wake();
    return { kind: "started", job, queuedBehind };
  }

  async #jobs(): Promise<BookJob[]> {
    const entries = await this.#shared.list<BookJob>(JOB_PREFIX);
    return entries.map((e) => e.value).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async #round(signal: AbortSignal): Promise<number> {
    let finished = 0;
    for (const job of await this.#jobs()) {
      if (signal.aborted) break;
      if (job.state === "delivered") continue;
      if (job.state === "running") await this.#send(job, signal);
      if (job.state === "finished" && (await this.#deliver(job))) finished += 1;
    }
    return finished;
  }

  async #saveJob(job: BookJob): Promise<void> {
    const ttl = job.state === "delivered" ? { ttlMs: DONE_TTL_MS } : {};
    await this.#o.store.set(`${JOB_PREFIX}${job.id}`, job, ttl);
  }

  async #send(job: BookJob, signal: AbortSignal): Promise<void> {
    const { store, ozon, notifier, logger } = this.#o;
    const pace = this.#o.paceMs ?? DEFAULT_PACE_MS;
    const sleep = this.#o.sleep ?? sleepFor;
    let catalog: BookCatalog | undefined;
    let lastProgress = 0;
    const stop = async (why: "rights" | "cancelled") => {
      logger?.info({ job: job.id, by: job.by, why }, "workbook stopped before its next batch");
      job.state = "finished";
      job.stopped = why;
      await this.#saveJob(job);
    };
    if (!(await this.#stillAllowed(job))) return stop("rights");
    job.messageId ??= await notifier.progress(job).catch(() => undefined);
    await this.#saveJob(job);
    for (let index = 0; index < job.batches; index++) {
      signal.throwIfAborted();
      const key = `${BATCH_PREFIX}${job.id}:${pad(index)}`;
      const batch = await store.get<BookBatch>(key);
      if (!batch || batch.state === "done") continue;
      // Before each batch: ✖ pressed, or the sender's role no longer allows this kind.
      if (await this.#shared.get(`${CANCEL_PREFIX}${job.id}`)) return stop("cancelled");
      if (!(await this.#allows(job, batch))) return stop("rights");
      const outcomes: Array<ItemOutcome | undefined> = batch.items.map(() => undefined);
      if (batch.state === "sending") {
        // Interrupted mid-request: what Ozon already shows is done, only the rest is sent.
        catalog ??= await ozon.catalog(signal);
        reachedNow(batch, catalog).forEach((done, i) => {
          if (done) outcomes[i] = { ok: true };
        });
      }
      if (batch.kind === "price") {
        // Prices now: a row whose price moved since the preview would put an old one back.
        const moved = await movedPrices(ozon, batch.items as PriceSet[], signal);
        for (const [i, outcome] of moved) outcomes[i] ??= outcome;
      }
      const items = batch.items.filter((_, i) => outcomes[i] === undefined);
      const tries = (batch.tries ?? 0) + 1;
      await store.set(key, { ...batch, state: "sending", tries }, { ttlMs: BATCH_TTL_MS });
      if (items.length > 0) {
        let answers: ItemOutcome[];
        try {
          // What the record keeps of an item (its SKU, its value before) is not Ozon's to see.
          const sent = items.map(({ sku: _sku, was: _was, ...item }) => {
            if ("seen" in item) delete item.seen;
            return item;
          });
          answers =
            batch.kind === "stock"
              ? await ozon.setStocks(sent as StockSet[], signal)
              : await ozon.setPrices(sent as PriceSet[], signal);
        } catch (error) {
          // Stopping, or Ozon down for now: the batch is tried again (checked against Ozon first).
          if (signal.aborted || tries < MAX_BATCH_TRIES) throw error;
          // Refused again and again (a request Ozon will not take): its items fail with the reason.
          logger?.warn(
            { err: error, job: job.id, batch: index },
            "a workbook batch failed for good",
          );
          const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
          answers = items.map(() => ({ ok: false, code: "REQUEST_FAILED", message: reason }));
        }
        let next = 0;
        for (let i = 0; i < outcomes.length; i++) {
          if (outcomes[i] !== undefined) continue;
          outcomes[i] = answers[next++] ?? { ok: false, code: "no_answer", message: "" };
        }
      }
      const done: BookBatch = { ...batch, state: "done", outcomes: outcomes as ItemOutcome[] };
      await store.set(key, done, { ttlMs: BATCH_TTL_MS });
      await this.#record(job, index, done);
      job.sent += batch.items.length;
      await this.#saveJob(job);
      if (Date.now() - lastProgress > 2_000 || index === job.batches - 1) {
        lastProgress = Date.now();
        await notifier.progress(job).catch((error: unknown) => {
          if (error instanceof StoppingError) throw error;
          logger?.warn({ err: error, job: job.id }, "workbook progress not shown");
        });
      }
      if (index < job.batches - 1) await sleep(pace, signal);
    }
    job.state = "finished";
    await this.#saveJob(job);
  }

  /** Whether the sender may still make this batch's kind of change. */
  async #allows(job: BookJob, batch: BookBatch): Promise<boolean> {
    if (!this.#o.rights) return true;
    const now = await this.#o.rights(job);
    return batch.kind === "stock" ? now.stock : now.prices;
  }

  /** Whether the sender may still make every change the job has left to send. */
  async #stillAllowed(job: BookJob): Promise<boolean> {
    const { rights, store } = this.#o;
    if (!rights) return true;
    const now = await rights(job);
    for (let index = 0; index < job.batches; index++) {
      const batch = await store.get<BookBatch>(`${BATCH_PREFIX}${job.id}:${pad(index)}`);
      if (!batch || batch.state === "done") continue;
      if (!(batch.kind === "stock" ? now.stock : now.prices)) return false;
    }
    return true;
  }

  /** The batch's items in the audit trail, then the batch marked recorded. */
  async #record(job: BookJob, index: number, batch: BookBatch): Promise<void> {
    const { audit, store } = this.#o;
    if (!audit || !(await recordBatch(audit, job, index, batch))) return;
    const key = `${BATCH_PREFIX}${job.id}:${pad(index)}`;
    await store.set(key, { ...batch, recorded: true }, { ttlMs: BATCH_TTL_MS });
  }

  /** Sends the result; true once Telegram took it. */
  async #deliver(job: BookJob): Promise<boolean> {
    const { store, notifier, logger } = this.#o;
    const lines: BookResultLine[] = [];
    for (let index = 0; index < job.batches; index++) {
      const batch = await store.get<BookBatch>(`${BATCH_PREFIX}${job.id}:${pad(index)}`);
      if (!batch) continue;
      // A batch done but not recorded (a crash came between): recorded now, once.
      if (batch.state === "done" && !batch.recorded) await this.#record(job, index, batch);
      lines.push(...resultLines(batch));
    }
    try {
      if (job.stopped) await notifier.stopped(job);
      else await notifier.finished(job, lines);
    } catch (error) {
      if (error instanceof StoppingError) throw error;
      job.deliveryTries += 1;
      logger?.warn({ err: error, job: job.id }, "workbook result not delivered");
      if (job.deliveryTries < MAX_DELIVERY_TRIES) {
        await this.#saveJob(job);
        return false;
      }
    }
    job.state = "delivered";
    await this.#saveJob(job);
    for (let index = 0; index < job.batches; index++) {
      await store.delete(`${BATCH_PREFIX}${job.id}:${pad(index)}`);
    }
    await this.#shared.delete(`${CANCEL_PREFIX}${job.id}`);
    return true;
  }
}
