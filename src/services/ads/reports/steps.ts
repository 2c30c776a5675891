/**
 * What every step of a report job shares (runner.ts moves the jobs along; submit.ts,
 * poll.ts and delivery.ts are the steps): the runner's settings, the job store, the
 * poll timing, and the moves any step may end in — Ozon has the request, ask again from the
 * start, try again later, fail and tell the person, show the progress. Each writes the store
 * before it acts on what it learned.
 * Tests: none directly
 */
import type { Logger } from "../../../logger.ts";
import {
  ozonFailureMessage as errorText,
  isTransient,
  ozonFailureKind,
} from "../../../ozon/errors.ts";
import type { Store } from "../../../store/port.ts";
import { StoppingError } from "../../background-loop.ts";
import type {
  ReportFailure,
  ReportGroupBy,
  ReportJob,
  ReportJobRepository,
  ReportKind,
} from "./jobs.ts";
import type { ReportRequestLister } from "./reconcile.ts";
import type { ReportSummary } from "./summary.ts";
import type { ReportTable } from "./table.ts";

/** What the runner needs of the Performance client's statistics namespace. */
export interface ReportStatisticsApi extends ReportRequestLister {
  submit(request: {
    kind: ReportKind;
    campaigns: string[];
    dateFrom: string;
    dateTo: string;
    groupBy?: ReportGroupBy;
    objects?: string[];
    attributionDays?: number;
  }): Promise<string>;
  status(uuid: string): Promise<{ state: string; error?: string | undefined; updatedAt?: unknown }>;
  download(uuid: string): Promise<{ format: "csv" | "zip"; bytes: Uint8Array }>;
}

export type ReportProgress =
  /** Waiting for a free slot; `busy` when Ozon answered 429 (its queue is full). */
  | { state: "queued"; placeInQueue: number; busy: boolean }
  /** Ozon is preparing the report. */
  | { state: "submitted" }
  /** Downloading and sending the file (time for an upload_document action). */
  | { state: "delivering" };

export interface ReportFile {
  name: string;
  bytes: Uint8Array;
  format: "csv" | "zip";
}

/** The Telegram side, behind a small interface (the bot implements it; tests record it). */
export interface ReportNotifier {
  /**
   * Show the state (edit the progress message). May resolve to a new message reference, which the
   * runner keeps in job.progressMessageRef for the next edit. A failure here is logged, not fatal.
   */
  progress(job: ReportJob, update: ReportProgress): Promise<unknown>;
  /**
   * Send the file and summary; resolve only once Telegram accepted it. `table` is the report
   * read as typed sheets (null: the file could not be read), for the chart and the XLSX.
   */
  deliver(
    job: ReportJob,
    file: ReportFile,
    summary: ReportSummary | null,
    table?: ReportTable | null,
  ): Promise<void>;
  /** Tell the person the report failed and why. */
  failed(job: ReportJob, reason: ReportFailure): Promise<void>;
}

export interface ReportRunnerOptions {
  store: Store;
  statistics: ReportStatisticsApi;
  notifier: ReportNotifier;
  /** Performance account (client id): the runner serves this account's queue only. */
  account: string;
  /** The shop (its id) this account belongs to: jobs of the single-shop version get it. */
  shop?: string;
  /** The shop name report file names carry (undefined: none, as with one shop). */
  fileTag?: () => string | undefined;
  /** REPORT_POLL_SECONDS: the first poll interval, and the base of every backoff. */
  pollSeconds: number;
  /** Each unanswered poll multiplies the interval by this (default 1.5)... */
  pollGrowth?: number;
  /** ...up to this many seconds (default 60, never below pollSeconds). */
  pollCapSeconds?: number;
  /** Jobs submitted to Ozon at once per account (default 1, the live limit; the spec says 3). */
  maxSubmitted?: number;
  /** Transient failures in a row (network, 5xx) before a job is failed (default 8). */
  maxAttempts?: number;
  /**
   * How long Ozon may keep preparing a report (or answer "busy" to it) before the job is given up
   * and the person told, so one report Ozon never finishes does not hold the queue for ever
   * (default 6 h).
   */
  giveUpAfterMs?: number;
  /** Lease time for one runner per account across processes; 0 turns the lease off (default 15 s). */
  leaseTtlMs?: number;
  /** With no unfinished job, seconds until the store is looked at again (default 60). */
  idleSeconds?: number;
  now?: () => number;
  logger?: Logger;
}

/** The runner's options with every default filled in. */
export type RunnerSettings = Required<Omit<ReportRunnerOptions, "logger" | "shop" | "fileTag">> &
  Pick<ReportRunnerOptions, "logger" | "shop" | "fileTag">;

type Outcome = "not_found" | "transient" | "rejected";

export function classify(error: unknown): Outcome {
  const kind = ozonFailureKind(error);
  if (kind === "not_found") return "not_found";
  return isTransient(kind) ? "transient" : "rejected";
}

/** The settings, the store and the moves that every step of a job shares. */
export class JobSteps {
  readonly settings: RunnerSettings;
  readonly jobs: ReportJobRepository;

  constructor(settings: RunnerSettings, jobs: ReportJobRepository) {
    this.settings = settings;
    this.jobs = jobs;
  }

  get pollMs(): number {
    return Math.max(1, Math.round(this.settings.pollSeconds * 1000));
  }

  get capMs(): number {
    return Math.round(this.settings.pollCapSeconds * 1000);
  }

  grow(intervalMs: number | undefined): number {
    return Math.min(this.capMs, Math.round((intervalMs ?? this.pollMs) * this.settings.pollGrowth));
  }

  backoff(attempts: number): number {
    return Math.min(this.capMs, this.pollMs * 2 ** Math.max(0, attempts - 1));
  }

  /** Ozon has the request: the job keeps its uuid, and is polled from now on. */
  async submitted(job: ReportJob, uuid: string, message: string): Promise<void> {
    const now = this.settings.now();
    job.uuid = uuid;
    job.state = "submitted";
    job.submittedAt = now;
    job.busy = false;
    job.attempts = 0;
    job.pollIntervalMs = this.pollMs;
    job.nextPollAt = now + this.pollMs;
    delete job.submitIntentAt;
    await this.jobs.save(job);
    this.settings.logger?.info({ job: job.id, uuid }, message);
    await this.progress(job, { state: "submitted" });
  }

  /** Ozon no longer knows the uuid (expired, or lost): ask again from the start. */
  async resubmit(job: ReportJob, step: string): Promise<void> {
    this.settings.logger?.warn(
      { job: job.id, uuid: job.uuid, step },
      "report unknown to Ozon, resubmitting",
    );
    job.attempts++;
    if (job.attempts >= this.settings.maxAttempts) {
      return this.fail(job, { code: "gave_up", message: "Ozon lost the report request" });
    }
    delete job.uuid;
    job.state = "queued";
    job.nextPollAt = this.settings.now();
    await this.jobs.save(job);
  }

  /** Counts a transient failure; false when it was one too many and the job failed. */
  async retryLater(
    job: ReportJob,
    error: unknown,
    step: string,
    giveUpCode: ReportFailure["code"] = "gave_up",
  ): Promise<boolean> {
    if (error instanceof StoppingError) {
      // Refused because this process is stopping: no try was spent; the next start goes on.
      job.nextPollAt = this.settings.now();
      await this.jobs.save(job);
      return true;
    }
    job.attempts++;
    this.settings.logger?.warn(
      { job: job.id, step, attempts: job.attempts, err: error },
      "report step failed",
    );
    if (job.attempts >= this.settings.maxAttempts) {
      await this.fail(job, { code: giveUpCode, message: errorText(error) });
      return false;
    }
    job.nextPollAt = this.settings.now() + this.backoff(job.attempts);
    await this.jobs.save(job);
    return true;
  }

  async fail(job: ReportJob, failure: ReportFailure): Promise<void> {
    job.state = "failed";
    job.failure = failure;
    job.error = failure.message;
    job.failureNotified = false;
    job.attempts = 0;
    job.nextPollAt = this.settings.now();
    await this.jobs.save(job);
    this.settings.logger?.warn({ job: job.id, failure }, "report failed");
    await this.notifyFailure(job);
  }

  async notifyFailure(job: ReportJob): Promise<void> {
    const failure = job.failure ?? { code: "gave_up", message: job.error ?? "unknown" };
    try {
      await this.settings.notifier.failed(job, failure);
      job.failureNotified = true;
    } catch (error) {
      job.attempts++;
      // Give up telling after as many tries as any other step; the job stays failed either way.
      if (job.attempts >= this.settings.maxAttempts) {
        job.failureNotified = true;
        this.settings.logger?.error(
          { job: job.id, err: error },
          "report failure could not be told",
        );
      } else {
        job.nextPollAt = this.settings.now() + this.backoff(job.attempts);
      }
    }
    await this.jobs.save(job);
  }

  async progress(job: ReportJob, update: ReportProgress): Promise<void> {
    const shown =
      update.state === "queued" ? `queued:${update.placeInQueue}:${update.busy}` : update.state;
    if (job.shownProgress === shown) return;
    try {
      const ref = await this.settings.notifier.progress(job, update);
      if (ref !== undefined && ref !== null) job.progressMessageRef = ref;
    } catch (error) {
      this.settings.logger?.warn({ job: job.id, err: error }, "report progress not shown");
    }
    job.shownProgress = shown;
    await this.jobs.save(job);
  }
}
