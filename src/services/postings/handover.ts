/**
 * The courier handover act after it was created: Ozon prepares it over a few polls of
 * `act/check-status`; when ready its PDF (and, with cargo places, their labels) go to the chat
 * that asked. The job is kept in the shop's part of the store from the moment the act exists, so
 * a restart (or a wait longer than the person's patience) still ends with the documents sent.
 * One HandoverDesk per shop (PerShop) runs the shop's jobs; it is told of new ones by `track`.
 */
import type { Logger } from "../../logger.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { Store } from "../../store/port.ts";

export const HANDOVER_JOB_PREFIX = "handover-act:";
/**
 * Every process resumes the saved jobs; the one that claims an act's outcome first sends it. The
 * claim lapses after a few minutes, so a process that died between claiming and sending leaves
 * the act to another one instead of losing it.
 */
const OUTCOME_CLAIM_MS = 5 * 60_000;

export interface HandoverJob {
  actId: string;
  chatId: number;
  /** The message that shows the progress (edited on each poll). */
  messageId: number | undefined;
  locale: string;
  /** Cargo places asked for (0: none). */
  containers: number;
  /** Shown with the documents: the delivery method and warehouse chosen. */
  method: string;
  createdAt: number;
  polls: number;
  /** "Still preparing after N minutes, will send when ready" was said. */
  toldSlow: boolean;
}

export interface HandoverDocuments {
  act: Uint8Array;
  containerLabels: Uint8Array | undefined;
  added: string[];
  /** Left out by Ozon, with the posting's status as Ozon tells it now (why), when read. */
  removed: Array<{ postingNumber: string; status: string | undefined }>;
}

/** Where the desk reports to (the bot: edits, documents, sentences). */
export interface HandoverDelivery {
  progress(job: HandoverJob): Promise<void>;
  slow(job: HandoverJob, minutes: number): Promise<void>;
  ready(job: HandoverJob, documents: HandoverDocuments): Promise<void>;
  failed(job: HandoverJob, reason: string): Promise<void>;
}

export interface HandoverDeskOptions {
  seller: () => SellerClient | undefined;
  store: Store;
  delivery: HandoverDelivery;
  logger?: Logger | undefined;
  pollMs?: number;
  /** After this long the person is told the act will come later (default 2 min). */
  slowAfterMs?: number;
  /** After this long the desk gives up on an act (default 3 h). */
  giveUpAfterMs?: number;
  now?: () => number;
}

export class HandoverDesk {
  readonly #options: HandoverDeskOptions;
  readonly #running = new Map<string, Promise<void>>();
  readonly #stopping = new AbortController();

  constructor(options: HandoverDeskOptions) {
    this.#options = options;
  }

  /** Picks up the jobs a previous process left unfinished. */
  async resume(): Promise<void> {
    const jobs = await this.#options.store.list<HandoverJob>(HANDOVER_JOB_PREFIX);
    for (const { value } of jobs) this.#run(value);
  }

  /** Keeps a new job and starts waiting for its act. */
  async track(job: HandoverJob): Promise<void> {
    await this.#save(job);
    this.#run(job);
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    await Promise.allSettled(this.#running.values());
  }

  get busy(): number {
    return this.#running.size;
  }

  #save(job: HandoverJob): Promise<void> {
    return this.#options.store.set(`${HANDOVER_JOB_PREFIX}${job.actId}`, job);
  }

  #run(job: HandoverJob): void {
    if (this.#running.has(job.actId) || this.#stopping.signal.aborted) return;
    const work = this.#follow(job)
      .catch((error: unknown) => {
        this.#options.logger?.warn({ err: error, act: job.actId }, "handover act follow-up failed");
      })
      .finally(() => this.#running.delete(job.actId));
    this.#running.set(job.actId, work);
  }

  async #follow(job: HandoverJob): Promise<void> {
    const { delivery, logger } = this.#options;
    const pollMs = this.#options.pollMs ?? 3000;
    const slowAfterMs = this.#options.slowAfterMs ?? 2 * 60_000;
    const giveUpAfterMs = this.#options.giveUpAfterMs ?? 3 * 3_600_000;
    const now = this.#options.now ?? Date.now;
    const signal = this.#stopping.signal;
    while (!signal.aborted) {
      const seller = this.#options.seller();
      if (!seller) return; // the shop was paused or removed: its job waits for its return
      let status: string | undefined;
      try {
        const { shipping } = seller;
        const state = await shipping.actState(job.actId);
        status = state.status;
        if (state.status === "ready") {
          const act = await shipping.actPdf(job.actId);
          const containerLabels =
            job.containers > 0 ? await shipping.actContainerLabels(job.actId) : undefined;
          const removed = await whyLeftOut(seller, state.removed);
          if (signal.aborted || !(await this.#claim(job, "outcome"))) return;
          await delivery.ready(job, { act, containerLabels, added: state.added, removed });
          await this.#finish(job);
          return;
        }
        if (state.status === "error" || state.status === "cancelled") {
          if (!(await this.#claim(job, "outcome"))) return;
          await delivery.failed(job, state.error ?? state.status);
          await this.#finish(job);
          return;
        }
      } catch (error) {
        // A failed poll is asked again: Ozon's blips should not lose an act.
        logger?.info({ err: error, act: job.actId }, "handover act poll failed");
      }
      job.polls++;
      const waited = now() - job.createdAt;
      if (waited >= giveUpAfterMs) {
        if (!(await this.#claim(job, "outcome"))) return;
        await delivery.failed(job, status ?? "timeout");
        await this.#finish(job);
        return;
      }
      if (!job.toldSlow && waited >= slowAfterMs) {
        job.toldSlow = true;
        if (await this.#claim(job, "slow")) {
          await delivery.slow(job, Math.max(1, Math.round(waited / 60_000)));
        }
      } else if (!job.toldSlow) {
        await delivery.progress(job).catch(() => undefined);
      }
      await this.#save(job);
      await sleep(pollMs, signal);
    }
  }

  /** True for the one process that may say this of the act (see OUTCOME_CLAIM_MS). */
  #claim(job: HandoverJob, what: "outcome" | "slow"): Promise<boolean> {
    const ttlMs =
      what === "outcome" ? OUTCOME_CLAIM_MS : (this.#options.giveUpAfterMs ?? 3 * 3_600_000);
    return this.#options.store.setIfAbsent(`handover-claim:${what}:${job.actId}`, true, { ttlMs });
  }

  async #finish(job: HandoverJob): Promise<void> {
    await this.#options.store.delete(`${HANDOVER_JOB_PREFIX}${job.actId}`);
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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
