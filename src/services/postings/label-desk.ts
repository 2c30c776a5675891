/**
 * Batch labels Ozon prepares in the background: once its label tasks exist, the batch is a job
 * kept in the shop's part of the store (a JobDesk, job-desk.ts, as the handover act), so a slow
 * Ozon, a restart or several processes still end with one PDF sent, once, to the chat that asked.
 * One LabelDesk per shop (PerShop) runs the shop's batches; it is told of new ones by `track`.
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { type DeskJob, JobDesk } from "./job-desk.ts";
import {
  collectLabels,
  type LabelBatch,
  type LabelSeller,
  type LabelTaskState,
  pollLabelTasks,
} from "./labels.ts";

export const LABEL_JOB_PREFIX = "label-batch:";
/**
 * How long a batch's tap key holds without news: renewed at each poll while Ozon prepares, so a
 * process that died before the batch became a job blocks the tap for minutes, not hours.
 */
export const TAP_HOLD_MS = 5 * 60_000;

export interface LabelJob extends DeskJob {
  /** Random, unique per batch. */
  id: string;
  chatId: number;
  /** The message that shows the progress (edited while Ozon prepares). */
  messageId: number | undefined;
  locale: string;
  /** Postings asked for. */
  postings: number;
  tasks: LabelTaskState[];
  /** Ready parts the progress message shows now (edited only when it changes). */
  shownReady?: number;
  /** Kept while the batch is on its way (a second tap sends nothing more); deleted at the end. */
  onceKey?: string;
}

/** Where the desk reports to (the bot: edits, the PDF, sentences). */
export interface LabelDelivery {
  progress(job: LabelJob): Promise<void>;
  slow(job: LabelJob, minutes: number): Promise<void>;
  ready(job: LabelJob, batch: LabelBatch): Promise<void>;
  failed(job: LabelJob, reason: string): Promise<void>;
}

export interface LabelDeskOptions {
  /** Looked up at each poll: a paused or removed shop's batch waits for its return. */
  seller: () => LabelSeller | undefined;
  store: Store;
  delivery: LabelDelivery;
  logger?: Logger | undefined;
  pollMs?: number;
  /** After this long the person is told the labels will come later (default 2 min). */
  slowAfterMs?: number;
  /** After this long the desk gives up on a batch (default 3 h). */
  giveUpAfterMs?: number;
  now?: () => number;
}

export class LabelDesk {
  readonly #desk: JobDesk<LabelJob>;
  readonly #delivery: LabelDelivery;
  readonly #release: (job: LabelJob) => Promise<void>;

  constructor(options: LabelDeskOptions) {
    const { delivery, store } = options;
    this.#delivery = delivery;
    const release = async (job: LabelJob) => {
      if (job.onceKey) await store.delete(job.onceKey).catch(() => undefined);
    };
    this.#release = release;
    this.#desk = new JobDesk<LabelJob>({
      store,
      jobPrefix: LABEL_JOB_PREFIX,
      claimPrefix: "label-batch-claim:",
      idOf: (job) => job.id,
      what: "label batch",
      logger: options.logger,
      pollMs: options.pollMs ?? 2000,
      slowAfterMs: options.slowAfterMs ?? 2 * 60_000,
      giveUpAfterMs: options.giveUpAfterMs ?? 3 * 3_600_000,
      ...(options.now ? { now: options.now } : {}),
      async check(job) {
        const seller = options.seller();
        if (!seller) return "paused";
        const done = await pollLabelTasks(seller.shipping, job.tasks);
        if (!done) {
          if (job.onceKey) await store.set(job.onceKey, true, { ttlMs: TAP_HOLD_MS });
          return { status: "in_progress" };
        }
        const batch = await collectLabels(seller.shipping, job.tasks);
        return {
          status: "completed",
          outcome: async () => {
            await delivery.ready(job, batch);
            await release(job);
          },
        };
      },
      progress: (job) => delivery.progress(job),
      slow: (job, minutes) => delivery.slow(job, minutes),
      async gaveUp(job, status) {
        await delivery.failed(job, status);
        await release(job);
      },
    });
  }

  /** Picks up the batches a previous process left unfinished. */
  resume(): Promise<void> {
    return this.#desk.resume();
  }

  /** Keeps a new batch (its tasks created) and starts waiting for its files. */
  track(job: LabelJob): Promise<void> {
    return this.#desk.track(job);
  }

  /** A batch that never became a job (Ozon printed it at once, 20 a call): delivered now. */
  async deliverNow(job: LabelJob, batch: LabelBatch): Promise<void> {
    try {
      await this.#delivery.ready(job, batch);
    } finally {
      await this.#release(job);
    }
  }

  /** A batch Ozon refused before any task existed. */
  async failNow(job: LabelJob, reason: string): Promise<void> {
    try {
      await this.#delivery.failed(job, reason);
    } finally {
      await this.#release(job);
    }
  }

  stop(): Promise<void> {
    return this.#desk.stop();
  }

  get busy(): number {
    return this.#desk.busy;
  }
}
