/**
 * A desk of jobs Ozon prepares over many polls (a handover act, a batch of labels): each job is
 * kept in the shop's part of the store from the moment Ozon took it, so a restart — or a wait
 * longer than the person's patience — still ends with the outcome delivered.
 *
 * - every process resumes the saved jobs and follows them; the one that claims a job's outcome
 *   (desk-claim.ts) delivers it, the others keep following until it is delivered: a claim that
 *   lapses (its holder died or froze mid-delivery) is taken over by one of them;
 * - the holder retries its own delivery with backoff (Telegram 5xx, a dropped connection); each
 *   part that reached the chat is kept with the claim, so a retry or a successor sends only the
 *   rest and every file arrives once;
 * - a delivery that still fails (or that Telegram refuses outright) is parked for a day and the
 *   person is told, with a Retry (`retry`), which follows the job again from Ozon's files;
 * - after `slowAfterMs` the person is told once (also claimed) that it comes later; until then
 *   each poll may show progress;
 * - after `giveUpAfterMs` the desk gives up with the last status Ozon gave.
 * Tests: none directly
 */
import { type Clock, systemClock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import { CLAIM_KEPT_MS, ClaimLostError, OutcomeClaim } from "./desk-claim.ts";

/** How long a holder may deliver without renewing its claim (a send with its 429 waits fits). */
const OUTCOME_CLAIM_MS = 5 * 60_000;
/** Waits between the attempts of one delivery: about 3 minutes in all, then the Retry button. */
export const DELIVERY_BACKOFF_MS: readonly number[] = [5_000, 15_000, 60_000, 120_000];

/** What every kept job carries besides its own fields. */
export interface DeskJob {
  createdAt: number;
  polls: number;
  /** "Still preparing after N minutes, will send when ready" was said. */
  toldSlow: boolean;
  /** The delivery failed for good: the job waits for the person's Retry (not resumed). */
  undelivered?: boolean;
}

/** What a delivery sends its parts through, so each reaches the chat once. */
export interface DeliveryLedger {
  /**
   * Sends `part` unless it already reached the chat (in an earlier attempt, or from a process
   * that delivered before this one); throws ClaimLostError when another process delivers now.
   */
  once(part: string, send: () => Promise<unknown>): Promise<void>;
}

/** Delivers a job's outcome; a throw is a failed attempt (retried while `retryable`). */
export type Outcome = (ledger: DeliveryLedger) => Promise<void>;

/** One poll of a job: Ozon's status, and when it is done what to deliver. */
export type JobCheck =
  /** The job cannot be asked now (its shop paused or removed): it waits for its return. */
  | "paused"
  | {
      status?: string | undefined;
      outcome?: Outcome;
      /** The outcome tells a failure: when it cannot be sent, no Retry is offered. */
      failure?: boolean;
    };

/** How a desk delivers: its clock, its claim's hold and when to try again. */
export interface DeliveryTiming {
  clock?: Clock;
  /** How long a claim holds without renewal (default 5 min). */
  claimHoldMs?: number;
  /** Waits between attempts (default DELIVERY_BACKOFF_MS); then the delivery failed for good. */
  retryBackoffMs?: readonly number[];
  /** False for a failure that another attempt would repeat (default: every failure is retried). */
  retryable?: (error: unknown) => boolean;
}

export interface JobDeskOptions<J extends DeskJob> extends DeliveryTiming {
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
  /** The outcome could not be delivered: the person is told, with a Retry when `retry`. */
  undelivered(job: J, retry: boolean): Promise<void>;
  logger?: Logger | undefined;
  /** For the logs: "handover act", "label batch". */
  what: string;
  pollMs: number;
  slowAfterMs: number;
  giveUpAfterMs: number;
  now?: () => number;
}

/** How the attempts at one delivery ended. */
type Attempts = "sent" | "failed" | "lost" | "stopped";

export class JobDesk<J extends DeskJob> {
  readonly #options: JobDeskOptions<J>;
  readonly #running = new Map<string, Promise<void>>();
  readonly #stopping = new AbortController();
  /** This desk as a claim holder: one process, one start. */
  readonly #holder = OutcomeClaim.holderId();
  readonly #now: () => number;

  constructor(options: JobDeskOptions<J>) {
    this.#options = options;
    this.#now = options.clock?.now ?? options.now ?? Date.now;
  }

  /** Picks up the jobs a previous process left unfinished (not those waiting for a Retry). */
  async resume(): Promise<void> {
    const jobs = await this.#options.store.list<J>(this.#options.jobPrefix);
    for (const { value } of jobs) if (!value.undelivered) this.#run(value);
  }

  /** Keeps a new job and starts following it. */
  async track(job: J): Promise<void> {
    await this.#save(job);
    this.#run(job);
  }

  /** A kept job as it is now (undefined when it is over or expired). */
  find(id: string): Promise<J | undefined> {
    return this.#options.store.get<J>(this.#keyOf(id));
  }

  /**
   * The person pressed Retry on a delivery that failed for good: the job is followed again.
   * "busy" when it is being delivered (a second press), "gone" when it is over or expired.
   */
  async retry(id: string): Promise<"started" | "busy" | "gone"> {
    const job = await this.find(id);
    if (!job) return "gone";
    if (!job.undelivered || !(await this.#claimOf(job).reopen())) return "busy";
    job.undelivered = false;
    await this.#save(job);
    // The follow that parked it may still be ending (telling the person): run after it.
    const ending = this.#running.get(id);
    if (ending) void ending.then(() => this.#run(job));
    else this.#run(job);
    return "started";
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    await Promise.allSettled(this.#running.values());
  }

  get busy(): number {
    return this.#running.size;
  }

  /**
   * An outcome that never became a kept job (Ozon answered at once): delivered in the background
   * with the same retries, or the person is told it failed (without Retry: nothing is kept).
   */
  protected deliverDirect(job: J, outcome: Outcome): void {
    const sent = new Set<string>();
    const ledger: DeliveryLedger = {
      async once(part, send) {
        if (sent.has(part)) return;
        await send();
        sent.add(part);
      },
    };
    this.#follow(job, async () => {
      const ended = await this.#attempts(
        job,
        () => outcome(ledger),
        async () => true,
      );
      if (ended !== "sent") await this.#options.undelivered(job, false);
    });
  }

  #keyOf(id: string): string {
    return `${this.#options.jobPrefix}${id}`;
  }

  #save(job: J, ttlMs?: number): Promise<void> {
    const key = this.#keyOf(this.#options.idOf(job));
    return this.#options.store.set(key, job, ttlMs ? { ttlMs } : {});
  }

  #run(job: J): void {
    this.#follow(job, () => this.#poll(job));
  }

  #follow(job: J, work: () => Promise<void>): void {
    const id = this.#options.idOf(job);
    if (this.#running.has(id) || this.#stopping.signal.aborted) return;
    const running = work()
      .catch((error: unknown) => {
        this.#options.logger?.warn(
          { err: error, job: id },
          `${this.#options.what} follow-up failed`,
        );
      })
      .finally(() => this.#running.delete(id));
    this.#running.set(id, running);
  }

  async #poll(job: J): Promise<void> {
    const { logger, pollMs, slowAfterMs, giveUpAfterMs } = this.#options;
    const signal = this.#stopping.signal;
    while (!signal.aborted) {
      let status: string | undefined;
      let checked: Exclude<JobCheck, "paused"> | undefined;
      try {
        const found = await this.#options.check(job);
        if (found === "paused") return;
        checked = found;
        status = found.status;
      } catch (error) {
        // A failed poll is asked again: Ozon's blips should not lose a job.
        logger?.info(
          { err: error, job: this.#options.idOf(job) },
          `${this.#options.what} poll failed`,
        );
      }
      if (checked?.outcome) return this.#deliver(job, checked.outcome, !!checked.failure);
      job.polls++;
      const waited = this.#now() - job.createdAt;
      if (waited >= giveUpAfterMs) {
        const gaveUp = () => this.#options.gaveUp(job, status ?? "timeout");
        return this.#deliver(job, gaveUp, true);
      }
      if (!job.toldSlow && waited >= slowAfterMs) {
        job.toldSlow = true;
        if (await this.#claimSlow(job)) {
          await this.#options.slow(job, Math.max(1, Math.round(waited / 60_000)));
        }
      } else if (!job.toldSlow) {
        await this.#options.progress(job).catch(() => undefined);
      }
      await this.#save(job);
      await this.#sleep(pollMs);
    }
  }

  /** Delivers the outcome once this process holds the job's claim; parks it when it fails. */
  async #deliver(job: J, outcome: Outcome, failure: boolean): Promise<void> {
    const claim = this.#claimOf(job);
    if (!(await this.#hold(job, claim))) return;
    const ledger: DeliveryLedger = {
      async once(part, send) {
        if (claim.wasSent(part)) return;
        if (!(await claim.renew())) throw new ClaimLostError();
        await send();
        if (!(await claim.markSent(part))) throw new ClaimLostError();
      },
    };
    const ended = await this.#attempts(
      job,
      () => outcome(ledger),
      (ms) => claim.renew(ms),
    );
    if (ended === "stopped") {
      // Not waited out by the next process (or our own restart): it takes over at once.
      await claim.release();
      return;
    }
    if (ended === "lost") return;
    if (ended === "failed" && !failure) {
      if (!(await claim.park())) return;
      await this.#park(job);
      await this.#options.undelivered(job, true);
      return;
    }
    await claim.finish();
    await this.#finish(job);
  }

  /**
   * Waits until this process holds the job's claim, following the job meanwhile: false when it
   * was delivered, parked or removed, or the desk stops.
   */
  async #hold(job: J, claim: OutcomeClaim): Promise<boolean> {
    const signal = this.#stopping.signal;
    while (!signal.aborted) {
      const took = await claim.take();
      if (took === "taken") return true;
      if (took === "parked") {
        // Saved again by a follower that lagged behind: it waits for the Retry, and expires.
        if (!job.undelivered) await this.#park(job);
        return false;
      }
      if (took === "done") {
        // Its holder died before removing the job: nothing is left to deliver.
        await this.#finish(job);
        return false;
      }
      await this.#sleep(this.#options.pollMs);
      if ((await this.find(this.#options.idOf(job))) === undefined) return false;
    }
    return false;
  }

  /** Runs `send` until it succeeds, retrying with backoff; `renew` keeps the claim over a wait. */
  async #attempts(
    job: J,
    send: () => Promise<void>,
    renew: (waitMs: number) => Promise<boolean>,
  ): Promise<Attempts> {
    const { logger, what, retryable } = this.#options;
    const backoff = this.#options.retryBackoffMs ?? DELIVERY_BACKOFF_MS;
    const signal = this.#stopping.signal;
    for (let attempt = 0; ; attempt++) {
      try {
        await send();
        return "sent";
      } catch (error) {
        if (error instanceof ClaimLostError) return "lost";
        const waitMs = backoff[attempt];
        const again = waitMs !== undefined && (retryable?.(error) ?? true);
        const log = { err: error, job: this.#options.idOf(job), attempt: attempt + 1 };
        logger?.warn(log, `${what} delivery failed${again ? ", trying again" : ""}`);
        if (!again) return "failed";
        if (signal.aborted) return "stopped";
        if (!(await renew(waitMs))) return "lost";
        await this.#sleep(waitMs);
        if (signal.aborted) return "stopped";
      }
    }
  }

  #claimOf(job: J): OutcomeClaim {
    return new OutcomeClaim({
      store: this.#options.store,
      key: `${this.#options.claimPrefix}outcome:${this.#options.idOf(job)}`,
      holder: this.#holder,
      now: this.#now,
      holdMs: this.#options.claimHoldMs ?? OUTCOME_CLAIM_MS,
    });
  }

  /** True for the one process that says "still preparing" of the job. */
  #claimSlow(job: J): Promise<boolean> {
    const key = `${this.#options.claimPrefix}slow:${this.#options.idOf(job)}`;
    return this.#options.store.setIfAbsent(key, true, { ttlMs: this.#options.giveUpAfterMs });
  }

  /** The job waits for the person's Retry, for as long as its parked claim is kept. */
  #park(job: J): Promise<void> {
    job.undelivered = true;
    return this.#save(job, CLAIM_KEPT_MS);
  }

  async #finish(job: J): Promise<void> {
    await this.#options.store.delete(this.#keyOf(this.#options.idOf(job)));
  }

  /** Sleeps on the desk's clock; a stop ends the sleep early. */
  async #sleep(ms: number): Promise<void> {
    const clock = this.#options.clock ?? systemClock;
    await clock.sleep(ms, this.#stopping.signal).catch(() => undefined);
  }
}
