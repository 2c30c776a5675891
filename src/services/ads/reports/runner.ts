/**
 * Moves report jobs along: submits queued ones (FIFO, at most N submitted per Performance account
 * at once), polls Ozon with growing intervals, downloads the file when Ozon says OK and hands it
 * to the notifier. Everything it learns is written to the store before it acts on it, so a new
 * runner on the same store resumes where the last one stopped: submitted jobs keep their uuid and
 * are polled, not resubmitted; ready ones are downloaded again and delivered.
 *
 * This file holds the round: which jobs are due, free slots to the oldest queued jobs strictly in
 * order, and when to look again. The steps are their own files: submitting once
 * (submit.ts; the first round a runner leads looks for every job whose submit may have
 * reached Ozon unanswered, `reconcile`, reconcile.ts), polling (poll.ts),
 * delivering exactly once as far as one side can promise it (delivery.ts), and the moves
 * they share — retry later, fail and tell the person, show progress (steps.ts).
 *
 * Several processes on one Redis: a lease per account lets one runner work at a time. The loop
 * (start, wake, stop, lease) is the shared background loop; with no unfinished job it looks at
 * the store only every `idleSeconds`, and a job enqueued in this process wakes it.
 * Tests: test/services/ads/reports/runner.test.ts and 14 more
 */
import { DEFAULT_LEASE_TTL_MS, ttlLoopLease } from "../../../store/lease.ts";
import { BackgroundLoop } from "../../background-loop.ts";
import { deliverJob } from "./delivery.ts";
import { isFinished, type ReportJob, ReportJobRepository } from "./jobs.ts";
import { pollJob } from "./poll.ts";
import { reconcileJobs } from "./reconcile.ts";
import { JobSteps, type ReportRunnerOptions, type RunnerSettings } from "./steps.ts";
import { submitJob } from "./submit.ts";

export type {
  ReportFile,
  ReportNotifier,
  ReportProgress,
  ReportRunnerOptions,
  ReportStatisticsApi,
} from "./steps.ts";

export interface RoundResult {
  /** false when another runner holds this account's lease. */
  leader: boolean;
  submitted: number;
  busy: number;
  polled: number;
  delivered: number;
  failed: number;
}

export class ReportRunner {
  readonly #settings: RunnerSettings;
  readonly #steps: JobSteps;
  readonly #loop: BackgroundLoop<RoundResult>;
  /** When the next job is due, as the last round found it; undefined: no unfinished job. */
  #earliest: number | undefined;
  /** The start-up look at Ozon's list (reconcile) is done. */
  #reconciled = false;

  constructor(options: ReportRunnerOptions) {
    const pollSeconds = options.pollSeconds;
    this.#settings = {
      pollGrowth: 1.5,
      maxSubmitted: 1,
      maxAttempts: 8,
      giveUpAfterMs: 6 * 60 * 60 * 1000,
      leaseTtlMs: DEFAULT_LEASE_TTL_MS,
      idleSeconds: 60,
      now: Date.now,
      ...options,
      pollCapSeconds: Math.max(options.pollCapSeconds ?? 60, pollSeconds),
    };
    this.#steps = new JobSteps(this.#settings, new ReportJobRepository(options.store));
    this.#loop = new BackgroundLoop({
      name: "report runner",
      round: (signal) => this.#round(signal),
      pauseMs: (result) => this.#pauseAfter(result),
      // One runner per account; a TTL of 0 turns the lease off.
      lease: ttlLoopLease(
        options.store,
        `report-runner:${options.account}`,
        this.#settings.leaseTtlMs,
      ),
      logger: options.logger,
    });
  }

  /** One pass over this account's jobs, or the next one when a pass is under way. */
  async runOnce(): Promise<RoundResult> {
    const outcome = await this.#loop.runOnce();
    if (outcome.leader) return outcome.result;
    return { leader: false, submitted: 0, busy: 0, polled: 0, delivered: 0, failed: 0 };
  }

  /** Runs rounds until stop(), sleeping until the next job is due (or wake() is called). */
  start(): void {
    this.#loop.start();
  }

  /** Starts a round now (or right after the one in progress), e.g. when a job was enqueued. */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Stops between two jobs and gives the lease up for the next runner; false when `deadline`
   * (default 5 s) came first.
   */
  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  #pauseAfter(result: RoundResult | undefined): number {
    if (result === undefined) return this.#steps.pollMs;
    if (this.#earliest === undefined) return Math.round(this.#settings.idleSeconds * 1000);
    return Math.min(Math.max(this.#earliest - this.#settings.now(), 5), this.#steps.pollMs);
  }

  async #round(signal: AbortSignal): Promise<RoundResult> {
    const result: RoundResult = {
      leader: true,
      submitted: 0,
      busy: 0,
      polled: 0,
      delivered: 0,
      failed: 0,
    };
    this.#earliest = undefined;
    const all = await this.#steps.jobs.all();
    if (!this.#reconciled) this.#reconciled = await reconcileJobs(this.#steps, all);
    const jobs = all.filter((j) => j.account === this.#settings.account && !isFinished(j));
    // Jobs of the single-shop version name no shop: they are this runner's shop's (saved with
    // the job's next change).
    const shop = this.#settings.shop;
    if (shop !== undefined) for (const job of jobs) job.shop ??= shop;
    const due = (job: ReportJob) => job.nextPollAt <= this.#settings.now();

    // Failures not yet told to the person.
    for (const job of jobs.filter((j) => j.state === "failed" && due(j))) {
      await this.#steps.notifyFailure(job);
    }

    // Ozon preparing: poll; an OK goes straight on to delivery in this round.
    for (const job of jobs.filter((j) => j.state === "submitted" && due(j))) {
      if (signal.aborted) return result;
      result.polled++;
      await pollJob(this.#steps, job);
      if (job.state === "failed") result.failed++;
    }

    for (const job of jobs.filter(
      (j) => (j.state === "ready" || j.state === "delivering") && due(j),
    )) {
      if (signal.aborted) return result;
      await deliverJob(this.#steps, job);
      if (job.state === "delivered") result.delivered++;
      if (job.state === "failed") result.failed++;
    }

    // Free slots go to the oldest queued jobs, strictly in order.
    const queued = jobs.filter((j) => j.state === "queued");
    let slots = this.#settings.maxSubmitted - jobs.filter((j) => j.state === "submitted").length;
    while (slots > 0 && queued.length > 0) {
      const head = queued[0] as ReportJob;
      if (!due(head)) break; // waiting out a busy answer or a backoff: the ones behind wait too
      if (signal.aborted) return result;
      const outcome = await submitJob(this.#steps, head);
      if (outcome === "busy") {
        result.busy++;
        break;
      }
      if (outcome === "retry") break;
      queued.shift();
      if (outcome === "submitted") {
        result.submitted++;
        slots--;
      } else {
        result.failed++;
      }
    }

    // Tell the ones still waiting where they stand.
    for (const [index, job] of queued.entries()) {
      await this.#steps.progress(job, {
        state: "queued",
        placeInQueue: index + 1,
        busy: job.busy === true,
      });
    }

    // When to look again: the next due poll, delivery or retry; queued jobs count only while a
    // slot is free (otherwise a poll frees one first).
    const waiting = jobs.filter((j) => !isFinished(j) && j.state !== "queued");
    if (slots > 0 && queued[0]) waiting.push(queued[0]);
    for (const job of waiting) {
      if (this.#earliest === undefined || job.nextPollAt < this.#earliest) {
        this.#earliest = job.nextPollAt;
      }
    }
    return result;
  }

  /**
   * Start-up check (the first round this runner leads calls it; call it before `runOnce` to have
   * it earlier): every queued job whose submit may have reached Ozon without its uuid being saved
   * is looked up in Ozon's list of report requests. Found: the job takes that request over and is
   * polled, nothing is submitted again. Not found: the intent is dropped and the job is submitted
   * in its turn. Requests Ozon is preparing that no job knows are logged and left to finish (Ozon
   * has no way to cancel one). False when Ozon's list could not be read; the submit step then
   * looks again before each submit.
   */
  async reconcile(): Promise<boolean> {
    return reconcileJobs(this.#steps, await this.#steps.jobs.all());
  }
}
