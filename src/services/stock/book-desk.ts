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
 * Only while allowed: each time a job is taken up (after Apply, and again after a restart or a
 * takeover) its sender's rights are asked anew. The preview checked them, but a role may have
 * been taken away since; then nothing more is sent and the sender is told once.
 */
import type { Logger } from "../../logger.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import type { AuditRecorder } from "../audit/index.ts";
import { BackgroundLoop, StoppingError } from "../background-loop.ts";
import { recordBatch } from "./book-audit.ts";
import { batchesOf, pad, reachedNow, resultLines, sleepFor } from "./book-batches.ts";
import {
  type BookOzon,
  DEFAULT_PACE_MS,
  type ItemOutcome,
  type PriceSet,
  type StockSet,
} from "./book-ozon.ts";
import type { BookCatalog, BookPlan, BookWarehouse } from "./book-plan.ts";

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

/** Who applies and where they hear of it. */
export interface BookAudience {
  chatId: number;
  by: number;
  byName: string;
  locale: string;
}

export interface BookDraft extends BookAudience {
  id: string;
  shopId: string;
  /** The store's warehouses when previewed (names for the result). */
  warehouses: BookWarehouse[];
  stock: BookPlan["stock"];
  prices: BookPlan["prices"];
  createdAt: string;
}

export interface BookJob extends BookAudience {
  id: string;
  shopId: string;
  warehouses: BookWarehouse[];
  batches: number;
  /** Changes in all (stock pairs + products with new prices). */
  total: number;
  sent: number;
  /** The progress message, once there is one. */
  messageId?: number;
  state: "running" | "finished" | "delivered";
  /** Finished early: the sender's role no longer allows what is left (nothing more was sent). */
  stopped?: "rights";
  deliveryTries: number;
  createdAt: string;
}

export interface BookBatch {
  kind: "stock" | "price";
  /** Requests begun for it (a failed one is tried again, up to MAX_BATCH_TRIES). */
  tries?: number;
  rows: number[];
  items: Array<StockSet | PriceSet>;
  state: "pending" | "sending" | "done";
  outcomes?: ItemOutcome[];
  /** Its items are in the audit trail (book-audit.ts). */
  recorded?: true;
}

export interface BookResultLine {
  row: number;
  offerId: string;
  kind: "stock" | "price";
  warehouseId?: string;
  /** What was asked: units, or the prices in roubles ("1299.50"). */
  stock?: number;
  prices?: Omit<PriceSet, "offerId" | "productId">;
  outcome: ItemOutcome;
}

export interface BookNotifier {
  /** Shows (or edits) the job's one progress message; returns its id. */
  progress(job: BookJob): Promise<number | undefined>;
  /** Sends the result; resolves once Telegram accepted it. */
  finished(job: BookJob, lines: BookResultLine[]): Promise<void>;
  /** Tells the sender the job stopped because their role no longer allows it (`job.stopped`). */
  stopped(job: BookJob): Promise<void>;
}

/** What a job's sender may still change in its store: stock, prices. */
export interface BookRights {
  stock: boolean;
  prices: boolean;
}

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
    // The batches first (the same for every presser), then the draft becomes the job in one
    // step: of two presses, or two processes, one makes the job and the other finds it.
    const batches = batchesOf(draft);
    for (const [index, batch] of batches.entries()) {
      // setIfAbsent: a late presser never resets a batch the job is already sending.
      await store.setIfAbsent(`${BATCH_PREFIX}${draft.id}:${pad(index)}`, batch);
    }
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
    ]);
    if (!made) {
      const other = await store.get<BookJob>(jobKey);
      return other ? { kind: "already", job: other } : { kind: "expired" };
    }
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
    if (!(await this.#stillAllowed(job))) {
      logger?.info({ job: job.id, by: job.by }, "workbook stopped: the sender's role is gone");
      job.state = "finished";
      job.stopped = "rights";
      await this.#saveJob(job);
      return;
    }
    job.messageId ??= await notifier.progress(job).catch(() => undefined);
    await this.#saveJob(job);
    for (let index = 0; index < job.batches; index++) {
      signal.throwIfAborted();
      const key = `${BATCH_PREFIX}${job.id}:${pad(index)}`;
      const batch = await store.get<BookBatch>(key);
      if (!batch || batch.state === "done") continue;
      let items = batch.items;
      const outcomes: Array<ItemOutcome | undefined> = items.map(() => undefined);
      if (batch.state === "sending") {
        // Interrupted mid-request: what Ozon already shows is done, only the rest is sent.
        catalog ??= await ozon.catalog(signal);
        const reached = reachedNow(batch, catalog);
        reached.forEach((done, i) => {
          if (done) outcomes[i] = { ok: true };
        });
        items = items.filter((_, i) => !reached[i]);
      }
      const tries = (batch.tries ?? 0) + 1;
      await store.set(key, { ...batch, state: "sending", tries });
      if (items.length > 0) {
        let answers: ItemOutcome[];
        try {
          // What the record keeps of an item (its SKU, its value before) is not Ozon's to see.
          const sent = items.map(({ sku: _sku, was: _was, ...item }) => item);
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
      await store.set(key, done);
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
    await store.set(`${BATCH_PREFIX}${job.id}:${pad(index)}`, { ...batch, recorded: true });
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
    return true;
  }
}
