/**
 * A desk of jobs Ozon prepares over many polls (a handover act, a batch of labels): each job is
 * kept in the shop's part of the store from the moment Ozon took it, so a restart — or a wait
 * longer than the person's patience — still ends with the outcome delivered.
 *
 * - every process resumes the saved jobs; the one that claims a job's outcome first (setIfAbsent)
 *   delivers it. The claim lapses after a few minutes, so a process that died between claiming
 *   and sending leaves the job to another one instead of losing it;
 * - after `slowAfterMs` the person is told once (also claimed) that it comes later; until then
 *   each poll may show progress;
 * - after `giveUpAfterMs` the desk gives up with the last status Ozon gave.
 */
import { systemClock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";

const OUTCOME_CLAIM_MS = 5 * 60_000;

/** What every kept job carries besides its own fields. */
export interface DeskJob {
  createdAt: number;
  polls: number;
  /** "Still preparing after N minutes, will send when ready" was said. */
  toldSlow: boolean;
}

/** One poll of a job: Ozon's status, and when it is done what to deliver. */
export type JobCheck =
  /** The job cannot be asked now (its shop paused or removed): it waits for its return. */
  "paused" | { status?: string | undefined; outcome?: () => Promise<void> };

export interface JobDeskOptions<J extends DeskJob> {
  store: Store;
  /** Store keys: `<jobPrefix><id>` for jobs, `<claimPrefix><what>:<id>` for claims. */
  jobPrefix: string;
  claimPrefix: string;
  idOf(job: J): string;
  /** Asks Ozon once; a thrown error is a failed poll, asked again later. */
  check(job: J): Promise<JobCheck>;
  progress(job: J): Promise<void>;
  slow(job: J, minutes: number): Promise<void>;
  /** Ozon was still not done after `giveUpAfterMs`. */
  gaveUp(job: J, lastStatus: string): Promise<void>;
  logger?: Logger | undefined;
  /** For the logs: "handover act", "label batch". */
  what: string;
  pollMs: number;
  slowAfterMs: number;
  giveUpAfterMs: number;
  now?: () => number;
}

/** Where a shop's desk reports to (the bot: edits, documents, sentences). */
export interface DeskDelivery<J extends DeskJob, R> {
  progress(job: J): Promise<void>;
  slow(job: J, minutes: number): Promise<void>;
  ready(job: J, result: R): Promise<void>;
  failed(job: J, reason: string): Promise<void>;
}

/** What a desk of one shop (HandoverDesk, LabelDesk) is built with. */
export interface ShopDeskOptions<S, J extends DeskJob, R> {
  /** Looked up at each poll: a paused or removed shop's job waits for its return. */
  seller: () => S | undefined;
  store: Store;
  delivery: DeskDelivery<J, R>;
  logger?: Logger | undefined;
  pollMs?: number;
  /** After this long the person is told the result will come later (default 2 min). */
  slowAfterMs?: number;
  /** After this long the desk gives up on a job (default 3 h). */
  giveUpAfterMs?: number;
  now?: () => number;
}

/** What a shop's desk adds to ShopDeskOptions: its keys, its default poll and its Ozon check. */
export interface ShopDeskKind<S, J extends DeskJob>
  extends Pick<JobDeskOptions<J>, "jobPrefix" | "claimPrefix" | "idOf" | "what" | "gaveUp"> {
  defaultPollMs: number;
  /** Asks Ozon once with the shop's seller (only while the shop is there and not paused). */
  check(job: J, seller: S): Promise<Exclude<JobCheck, "paused">>;
}

/**
 * The JobDesk settings of a shop's desk: the shared defaults, the delivery's progress and slow
 * notice, and a check that leaves the job waiting while its shop is paused or removed.
 */
export function shopDeskOptions<S, J extends DeskJob, R>(
  options: ShopDeskOptions<S, J, R>,
  kind: ShopDeskKind<S, J>,
): JobDeskOptions<J> {
  const { delivery } = options;
  return {
    store: options.store,
    jobPrefix: kind.jobPrefix,
    claimPrefix: kind.claimPrefix,
    idOf: kind.idOf,
    what: kind.what,
    logger: options.logger,
    pollMs: options.pollMs ?? kind.defaultPollMs,
    slowAfterMs: options.slowAfterMs ?? 2 * 60_000,
    giveUpAfterMs: options.giveUpAfterMs ?? 3 * 3_600_000,
    ...(options.now ? { now: options.now } : {}),
    async check(job) {
      const seller = options.seller();
      if (!seller) return "paused";
      return kind.check(job, seller);
    },
    progress: (job) => delivery.progress(job),
    slow: (job, minutes) => delivery.slow(job, minutes),
    gaveUp: kind.gaveUp,
  };
}

export class JobDesk<J extends DeskJob> {
  readonly #options: JobDeskOptions<J>;
  readonly #running = new Map<string, Promise<void>>();
  readonly #stopping = new AbortController();

  constructor(options: JobDeskOptions<J>) {
    this.#options = options;
  }

  /** Picks up the jobs a previous process left unfinished. */
  async resume(): Promise<void> {
    const jobs = await this.#options.store.list<J>(this.#options.jobPrefix);
    for (const { value } of jobs) this.#run(value);
  }

  /** Keeps a new job and starts following it. */
  async track(job: J): Promise<void> {
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

  #save(job: J): Promise<void> {
    return this.#options.store.set(`${this.#options.jobPrefix}${this.#options.idOf(job)}`, job);
  }

  #run(job: J): void {
    const id = this.#options.idOf(job);
    if (this.#running.has(id) || this.#stopping.signal.aborted) return;
    const work = this.#follow(job)
      .catch((error: unknown) => {
        this.#options.logger?.warn(
          { err: error, job: id },
          `${this.#options.what} follow-up failed`,
        );
      })
      .finally(() => this.#running.delete(id));
    this.#running.set(id, work);
  }

  async #follow(job: J): Promise<void> {
    const { logger, pollMs, slowAfterMs, giveUpAfterMs } = this.#options;
    const now = this.#options.now ?? Date.now;
    const signal = this.#stopping.signal;
    while (!signal.aborted) {
      let status: string | undefined;
      try {
        const checked = await this.#options.check(job);
        if (checked === "paused") return;
        status = checked.status;
        if (checked.outcome) {
          if (signal.aborted || !(await this.#claim(job, "outcome"))) return;
          await checked.outcome();
          await this.#finish(job);
          return;
        }
      } catch (error) {
        // A failed poll is asked again: Ozon's blips should not lose a job.
        logger?.info(
          { err: error, job: this.#options.idOf(job) },
          `${this.#options.what} poll failed`,
        );
      }
      job.polls++;
      const waited = now() - job.createdAt;
      if (waited >= giveUpAfterMs) {
        if (!(await this.#claim(job, "outcome"))) return;
        await this.#options.gaveUp(job, status ?? "timeout");
        await this.#finish(job);
        return;
      }
      if (!job.toldSlow && waited >= slowAfterMs) {
        job.toldSlow = true;
        if (await this.#claim(job, "slow")) {
          await this.#options.slow(job, Math.max(1, Math.round(waited / 60_000)));
        }
      } else if (!job.toldSlow) {
        await this.#options.progress(job).catch(() => undefined);
      }
      await this.#save(job);
      // Stopping ends the wait at once; the loop then ends.
      await systemClock.sleep(pollMs, signal).catch(() => undefined);
    }
  }

  /** True for the one process that may say this of the job (see OUTCOME_CLAIM_MS). */
  #claim(job: J, what: "outcome" | "slow"): Promise<boolean> {
    const ttlMs = what === "outcome" ? OUTCOME_CLAIM_MS : this.#options.giveUpAfterMs;
    const key = `${this.#options.claimPrefix}${what}:${this.#options.idOf(job)}`;
    return this.#options.store.setIfAbsent(key, true, { ttlMs });
  }

  async #finish(job: J): Promise<void> {
    await this.#options.store.delete(`${this.#options.jobPrefix}${this.#options.idOf(job)}`);
  }
}
