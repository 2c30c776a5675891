/**
 * Batch labels Ozon prepares in the background: once its label tasks exist, the batch is a job
 * kept in the shop's part of the store (a JobDesk, job-desk.ts, as the handover act), so a slow
 * Ozon, a restart or several processes still end with one PDF sent, once, to the chat that asked.
 * One LabelDesk per shop (PerShop) runs the shop's batches; it is told of new ones by `track`.
 * Tests: test/services/postings/label-desk.test.ts and 2 more
 */
import type { Store } from "../../store/port.ts";
import { type DeskJob, JobDesk } from "./job-desk.ts";
import {
  collectLabels,
  type LabelBatch,
  type LabelSeller,
  type LabelTaskState,
  pollLabelTasks,
} from "./labels.ts";
import { type DeskDelivery, type ShopDeskOptions, shopDeskOptions } from "./shop-desk.ts";

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
  /** Who asked (a Telegram user id): only they may press Retry. */
  askedBy?: number | undefined;
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
export type LabelDelivery = DeskDelivery<LabelJob, LabelBatch>;

export type LabelDeskOptions = ShopDeskOptions<LabelSeller, LabelJob, LabelBatch>;

/** resume() picks up the batches a previous process left; track() keeps a new one (its tasks created). */
export class LabelDesk extends JobDesk<LabelJob> {
  readonly #delivery: LabelDelivery;
  readonly #store: Store;

  constructor(options: LabelDeskOptions) {
    const { store } = options;
    // A batch whose PDF could not be sent is over for the tap: it may start a new one, as the
    // person is told.
    const delivery: LabelDelivery = {
      ...options.delivery,
      async undelivered(job, retry) {
        await release(store, job);
        await options.delivery.undelivered(job, retry);
      },
    };
    super(
      shopDeskOptions(
        { ...options, delivery },
        {
          jobPrefix: LABEL_JOB_PREFIX,
          claimPrefix: "label-batch-claim:",
          idOf: (job) => job.id,
          what: "label batch",
          defaultPollMs: 2000,
          async check(job, seller) {
            const done = await pollLabelTasks(seller.shipping, job.tasks);
            if (!done) {
              if (job.onceKey) await store.set(job.onceKey, true, { ttlMs: TAP_HOLD_MS });
              return { status: "in_progress" };
            }
            const batch = await collectLabels(seller.shipping, job.tasks);
            return {
              status: "completed",
              outcome: async (ledger) => {
                await delivery.ready(job, batch, ledger);
                await release(store, job);
              },
            };
          },
          async gaveUp(job, status) {
            await delivery.failed(job, status);
            await release(store, job);
          },
        },
      ),
    );
    this.#delivery = delivery;
    this.#store = store;
  }

  /** A batch that never became a job (Ozon printed it at once, 20 a call): delivered now. */
  deliverNow(job: LabelJob, batch: LabelBatch): void {
    this.deliverDirect(job, async (ledger) => {
      await this.#delivery.ready(job, batch, ledger);
      await release(this.#store, job);
    });
  }

  /** A batch Ozon refused before any task existed. */
  async failNow(job: LabelJob, reason: string): Promise<void> {
    try {
      await this.#delivery.failed(job, reason);
    } finally {
      await release(this.#store, job);
    }
  }
}

/** The batch's tap may come again (its once key goes). */
async function release(store: Store, job: LabelJob): Promise<void> {
  if (job.onceKey) await store.delete(job.onceKey).catch(() => undefined);
}
