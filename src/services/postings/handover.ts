/**
 * The courier handover act after it was created: Ozon prepares it over a few polls of
 * `act/check-status`; when ready its PDF (and, with cargo places, their labels) go to the chat
 * that asked. The job is kept in the shop's part of the store from the moment the act exists, so
 * a restart (or a wait longer than the person's patience) still ends with the documents sent.
 * One HandoverDesk per shop (PerShop) runs the shop's jobs (a JobDesk, job-desk.ts: claims, the
 * slow notice, giving up); it is told of new ones by `track`.
 * Tests: test/services/postings/handover-desk.test.ts
 */
import type { SellerClient } from "../../ozon/index.ts";
import { type DeskJob, JobDesk } from "./job-desk.ts";
import { type DeskDelivery, type ShopDeskOptions, shopDeskOptions } from "./shop-desk.ts";

export const HANDOVER_JOB_PREFIX = "handover-act:";

export interface HandoverJob extends DeskJob {
  actId: string;
  chatId: number;
  /** Who asked (a Telegram user id): only they may press Retry. */
  askedBy?: number | undefined;
  /** The message that shows the progress (edited on each poll). */
  messageId: number | undefined;
  locale: string;
  /** Cargo places asked for (0: none). */
  containers: number;
  /** Shown with the documents: the delivery method and warehouse chosen. */
  method: string;
}

export interface HandoverDocuments {
  act: Uint8Array;
  containerLabels: Uint8Array | undefined;
  added: string[];
  /** Left out by Ozon, with the posting's status as Ozon tells it now (why), when read. */
  removed: Array<{ postingNumber: string; status: string | undefined }>;
}

/** Where the desk reports to (the bot: edits, documents, sentences). */
export type HandoverDelivery = DeskDelivery<HandoverJob, HandoverDocuments>;

export type HandoverDeskOptions = ShopDeskOptions<SellerClient, HandoverJob, HandoverDocuments>;

/** resume() picks up the acts a previous process left; track() keeps a new one and waits for it. */
export class HandoverDesk extends JobDesk<HandoverJob> {
  constructor(options: HandoverDeskOptions) {
    const { delivery } = options;
    super(
      shopDeskOptions(options, {
        jobPrefix: HANDOVER_JOB_PREFIX,
        claimPrefix: "handover-claim:",
        idOf: (job) => job.actId,
        what: "handover act",
        defaultPollMs: 3000,
        async check(job, seller) {
          const { shipping } = seller;
          const state = await shipping.actState(job.actId);
          if (state.status === "ready") {
            const act = await shipping.actPdf(job.actId);
            const containerLabels =
              job.containers > 0 ? await shipping.actContainerLabels(job.actId) : undefined;
            const removed = await whyLeftOut(seller, state.removed);
            const documents = { act, containerLabels, added: state.added, removed };
            return {
              status: state.status,
              outcome: (ledger) => delivery.ready(job, documents, ledger),
            };
          }
          if (state.status === "error" || state.status === "cancelled") {
            const reason = state.error ?? state.status;
            const outcome = () => delivery.failed(job, reason);
            return { status: state.status, outcome, failure: true };
          }
          return { status: state.status };
        },
        gaveUp: (job, status) => delivery.failed(job, status),
      }),
    );
  }
}

/** Names the postings Ozon left out of an act were given with their status now (a few read). */
async function whyLeftOut(
  seller: SellerClient,
  numbers: readonly string[],
): Promise<HandoverDocuments["removed"]> {
  const read = 10;
  return Promise.all(
    numbers.map(async (postingNumber, i) => {
      if (i >= read) return { postingNumber, status: undefined };
      const posting = await seller.postings.get(postingNumber).catch(() => undefined);
      return { postingNumber, status: posting?.status };
    }),
  );
}
