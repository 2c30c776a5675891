/**
 * Moves report jobs along: submits queued ones (FIFO, at most N submitted per Performance account
 * at once), polls Ozon with growing intervals, downloads the file when Ozon says OK and hands it
 * to the notifier. Everything it learns is written to the store before it acts on it, so a new
 * runner on the same store resumes where the last one stopped: submitted jobs keep their uuid and
 * are polled, not resubmitted; ready ones are downloaded again and delivered.
 *
 * Submitted once: the intent is saved before the submit and the uuid right after it; a job whose
 * intent is still there (the process died in between, or Ozon's answer was lost) is looked up in
 * Ozon's list of report requests before it is submitted again, and the first round a runner leads
 * does that for every such job (`reconcile`, report-reconcile.ts).
 *
 * Delivered exactly once, as far as one side can promise it: a job becomes `delivered` only after
 * notifier.deliver resolved (Telegram accepted the file). A crash between those two moments sends
 * the file again after the restart — at most the last one, as the design asks.
 *
 * Several processes on one Redis: a lease per account lets one runner work at a time. The loop
 * (start, wake, stop, lease) is the shared background loop; with no unfinished job it looks at
 * the store only every `idleSeconds`, and a job enqueued in this process wakes it.
 * (Past 400 lines on purpose: a job's whole state machine — submit with its intent, poll,
 * deliver, fail — in one place, each step writing the store before it acts. The loop, the lease
 * and matching Ozon's list of requests live in background-loop.ts and report-reconcile.ts.)
 */
import type { Logger } from "../../logger.ts";
import {
  ozonFailureMessage as errorText,
  isOzonRateLimitError,
  isTransient,
  ozonFailureKind,
} from "../../ozon/errors.ts";
import { DEFAULT_LEASE_TTL_MS, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import {
  isFinished,
  type ReportFailure,
  type ReportGroupBy,
  type ReportJob,
  ReportJobRepository,
  type ReportKind,
  reportFileName,
} from "./report-jobs.ts";
import {
  findSubmitted,
  listOzonRequests,
  type ReportRequestInfo,
  type ReportRequestLister,
  unclaimedInProgress,
} from "./report-reconcile.ts";
import { type ReportSummary, summarizeReport } from "./report-summary.ts";

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
  /** Send the file and summary; resolve only once Telegram accepted it. */
  deliver(job: ReportJob, file: ReportFile, summary: ReportSummary | null): Promise<void>;
  /** Tell the person the report failed and why. */
  failed(job: ReportJob, reason: ReportFailure): Promise<void>;
}

export interface ReportRunnerOptions {
  store: Store;
  statistics: ReportStatisticsApi;
  notifier: ReportNotifier;
  /** Performance account (client id): the runner serves this account's queue only. */
  account: string;
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

export interface RoundResult {
  /** false when another runner holds this account's lease. */
  leader: boolean;
  submitted: number;
  busy: number;
  polled: number;
  delivered: number;
  failed: number;
}

type Outcome = "not_found" | "transient" | "rejected";

/** Ozon's list of report requests, and the uuids that jobs already hold (not to be taken). */
interface OzonRequests {
  requests: ReportRequestInfo[];
  claimed: Set<string>;
}

function classify(error: unknown): Outcome {
  const kind = ozonFailureKind(error);
  if (kind === "not_found") return "not_found";
  return isTransient(kind) ? "transient" : "rejected";
}

function parseTime(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

export class ReportRunner {
  readonly #o: Required<Omit<ReportRunnerOptions, "logger">> & { logger?: Logger };
  readonly #jobs: ReportJobRepository;
  readonly #loop: BackgroundLoop<RoundResult>;
  /** When the next job is due, as the last round found it; undefined: no unfinished job. */
  #earliest: number | undefined;
  /** The start-up look at Ozon's list (reconcile) is done. */
  #reconciled = false;

  constructor(options: ReportRunnerOptions) {
    const pollSeconds = options.pollSeconds;
    this.#o = {
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
    this.#jobs = new ReportJobRepository(options.store);
    this.#loop = new BackgroundLoop({
      name: "report runner",
      round: (signal) => this.#round(signal),
      pauseMs: (result) => this.#pauseAfter(result),
      // One runner per account; a TTL of 0 turns the lease off.
      lease: loopLease(
        options.store,
        `report-runner:${options.account}`,
        this.#o.leaseTtlMs > 0 && { ttlMs: this.#o.leaseTtlMs },
      ),
      logger: options.logger,
    });
  }

  get #pollMs(): number {
    return Math.max(1, Math.round(this.#o.pollSeconds * 1000));
  }

  get #capMs(): number {
    return Math.round(this.#o.pollCapSeconds * 1000);
  }

  #grow(intervalMs: number | undefined): number {
    return Math.min(this.#capMs, Math.round((intervalMs ?? this.#pollMs) * this.#o.pollGrowth));
  }

  #backoff(attempts: number): number {
    return Math.min(this.#capMs, this.#pollMs * 2 ** Math.max(0, attempts - 1));
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
    if (result === undefined) return this.#pollMs;
    if (this.#earliest === undefined) return Math.round(this.#o.idleSeconds * 1000);
    return Math.min(Math.max(this.#earliest - this.#o.now(), 5), this.#pollMs);
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
    const all = await this.#jobs.all();
    if (!this.#reconciled) this.#reconciled = await this.#reconcile(all);
    const jobs = all.filter((j) => j.account === this.#o.account && !isFinished(j));
    const due = (job: ReportJob) => job.nextPollAt <= this.#o.now();

    // Failures not yet told to the person.
    for (const job of jobs.filter((j) => j.state === "failed" && due(j))) {
      await this.#notifyFailure(job);
    }

    // Ozon preparing: poll; an OK goes straight on to delivery in this round.
    for (const job of jobs.filter((j) => j.state === "submitted" && due(j))) {
      if (signal.aborted) return result;
      result.polled++;
      await this.#poll(job);
      if (job.state === "failed") result.failed++;
    }

    for (const job of jobs.filter(
      (j) => (j.state === "ready" || j.state === "delivering") && due(j),
    )) {
      if (signal.aborted) return result;
      await this.#deliver(job);
      if (job.state === "delivered") result.delivered++;
      if (job.state === "failed") result.failed++;
    }

    // Free slots go to the oldest queued jobs, strictly in order.
    const queued = jobs.filter((j) => j.state === "queued");
    let slots = this.#o.maxSubmitted - jobs.filter((j) => j.state === "submitted").length;
    while (slots > 0 && queued.length > 0) {
      const head = queued[0] as ReportJob;
      if (!due(head)) break; // waiting out a busy answer or a backoff: the ones behind wait too
      if (signal.aborted) return result;
      const outcome = await this.#submit(head);
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
      await this.#progress(job, {
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
    return this.#reconcile(await this.#jobs.all());
  }

  /** reconcile() over the jobs a round has read (it updates them in place). */
  async #reconcile(all: ReportJob[]): Promise<boolean> {
    const unsure = all.filter(
      (j) =>
        j.account === this.#o.account && j.state === "queued" && j.submitIntentAt !== undefined,
    );
    if (unsure.length === 0) return true;
    let atOzon: OzonRequests;
    try {
      atOzon = await this.#lookAtOzon();
    } catch (error) {
      this.#o.logger?.warn({ err: error }, "report runner: Ozon's list of reports not readable");
      return false;
    }
    const { requests, claimed } = atOzon;
    for (const job of unsure) {
      const found = findSubmitted(job, requests, claimed);
      if (found) {
        claimed.add(found.uuid);
        await this.#submitted(job, found.uuid, "report found at Ozon after a restart, resumed");
      } else {
        delete job.submitIntentAt;
        await this.#jobs.save(job);
      }
    }
    const orphans = unclaimedInProgress(requests, claimed).map((r) => r.uuid);
    if (orphans.length > 0) {
      this.#o.logger?.warn(
        { uuids: orphans },
        "report runner: Ozon is preparing reports no job waits for; they hold the queue until Ozon finishes them",
      );
    }
    return true;
  }

  async #submit(job: ReportJob): Promise<"submitted" | "busy" | "retry" | "failed"> {
    if (job.submitIntentAt !== undefined) {
      // The last submit may have reached Ozon without its answer: look before asking again.
      let found: ReportRequestInfo | undefined;
      try {
        const { requests, claimed } = await this.#lookAtOzon();
        found = findSubmitted(job, requests, claimed);
      } catch (error) {
        return (await this.#retryLater(job, error, "look-up")) ? "retry" : "failed";
      }
      if (found) {
        await this.#submitted(job, found.uuid, "report found at Ozon, resumed");
        return "submitted";
      }
    }
    job.submitIntentAt = this.#o.now();
    await this.#jobs.save(job);
    try {
      const uuid = await this.#o.statistics.submit({
        kind: job.kind,
        campaigns: job.campaigns.map((c) => c.id),
        dateFrom: job.period.from,
        dateTo: job.period.to,
        groupBy: job.groupBy,
        ...(job.objects ? { objects: job.objects } : {}),
        ...(job.attributionDays !== undefined ? { attributionDays: job.attributionDays } : {}),
      });
      await this.#submitted(job, uuid, "report submitted");
      return "submitted";
    } catch (error) {
      // Ozon answered, so it did not queue the request; only a lost answer keeps the intent.
      if (isOzonRateLimitError(error) || classify(error) === "rejected") delete job.submitIntentAt;
      if (isOzonRateLimitError(error)) {
        if (this.#o.now() - job.createdAt >= this.#o.giveUpAfterMs) {
          await this.#fail(job, { code: "gave_up", message: "Ozon stayed busy" });
          return "failed";
        }
        // Ozon's queue for this account is full: wait, do not count it against the job.
        const interval = job.busy ? this.#grow(job.pollIntervalMs) : this.#pollMs;
        job.busy = true;
        job.pollIntervalMs = interval;
        job.nextPollAt = this.#o.now() + Math.max(interval, error.retryAfterMs ?? 0);
        await this.#jobs.save(job);
        this.#o.logger?.info({ job: job.id }, "report submit: Ozon busy, will retry");
        return "busy";
      }
      const outcome = classify(error);
      if (outcome === "rejected") {
        await this.#fail(job, { code: "rejected", message: errorText(error) });
        return "failed";
      }
      return (await this.#retryLater(job, error, "submit")) ? "retry" : "failed";
    }
  }

  /** Ozon's list of report requests, and the uuids that jobs already hold. */
  async #lookAtOzon(): Promise<OzonRequests> {
    const claimed = new Set((await this.#jobs.all()).flatMap((j) => (j.uuid ? [j.uuid] : [])));
    return { requests: await listOzonRequests(this.#o.statistics), claimed };
  }

  /** Ozon has the request: the job keeps its uuid, and is polled from now on. */
  async #submitted(job: ReportJob, uuid: string, message: string): Promise<void> {
    const now = this.#o.now();
    job.uuid = uuid;
    job.state = "submitted";
    job.submittedAt = now;
    job.busy = false;
    job.attempts = 0;
    job.pollIntervalMs = this.#pollMs;
    job.nextPollAt = now + this.#pollMs;
    delete job.submitIntentAt;
    await this.#jobs.save(job);
    this.#o.logger?.info({ job: job.id, uuid }, message);
    await this.#progress(job, { state: "submitted" });
  }

  async #poll(job: ReportJob): Promise<void> {
    let status: Awaited<ReturnType<ReportStatisticsApi["status"]>>;
    try {
      status = await this.#o.statistics.status(job.uuid as string);
    } catch (error) {
      const outcome = classify(error);
      if (outcome === "not_found") return this.#resubmit(job, "status");
      if (outcome === "rejected") {
        return this.#fail(job, { code: "rejected", message: errorText(error) });
      }
      await this.#retryLater(job, error, "status");
      return;
    }
    const now = this.#o.now();
    job.attempts = 0;
    if (status.state === "OK") {
      job.state = "ready";
      job.readyAt = now;
      const ozonTime = parseTime(status.updatedAt);
      if (ozonTime !== undefined) job.ozonReadyAt = ozonTime;
      job.nextPollAt = now;
      await this.#jobs.save(job);
      return;
    }
    if (status.state === "ERROR") {
      return this.#fail(job, {
        code: "ozon_error",
        // Empty when Ozon gave no reason: the notifier words that in the person's language.
        message: status.error?.trim() ?? "",
      });
    }
    if (now - (job.submittedAt ?? now) >= this.#o.giveUpAfterMs) {
      return this.#fail(job, { code: "gave_up", message: `Ozon still says ${status.state}` });
    }
    job.pollIntervalMs = this.#grow(job.pollIntervalMs);
    job.nextPollAt = now + job.pollIntervalMs;
    await this.#jobs.save(job);
    await this.#progress(job, { state: "submitted" });
  }

  async #deliver(job: ReportJob): Promise<void> {
    if (job.state !== "delivering") {
      job.state = "delivering";
      await this.#jobs.save(job);
    }
    await this.#progress(job, { state: "delivering" });

    let download: Awaited<ReturnType<ReportStatisticsApi["download"]>>;
    try {
      download = await this.#o.statistics.download(job.uuid as string);
    } catch (error) {
      const outcome = classify(error);
      if (outcome === "not_found") return this.#resubmit(job, "download");
      job.state = "ready";
      if (outcome === "rejected") {
        return this.#fail(job, { code: "unreadable", message: errorText(error) });
      }
      await this.#retryLater(job, error, "download");
      return;
    }

    const file: ReportFile = {
      name: reportFileName(job, download.format),
      bytes: download.bytes,
      format: download.format,
    };
    let summary: ReportSummary | null = null;
    try {
      summary = summarizeReport({ format: file.format, bytes: file.bytes, name: file.name });
    } catch (error) {
      // The file is still worth sending; only the summary is left out.
      this.#o.logger?.warn({ job: job.id, err: error }, "report summary not readable");
    }

    job.handedAt = this.#o.now();
    try {
      await this.#o.notifier.deliver(job, file, summary);
    } catch (error) {
      job.state = "ready";
      await this.#retryLater(job, error, "deliver", "delivery_failed");
      return;
    }
    job.state = "delivered";
    job.deliveredAt = this.#o.now();
    job.attempts = 0;
    await this.#jobs.save(job);
    this.#o.logger?.info({ job: job.id, file: file.name }, "report delivered");
  }

  /** Ozon no longer knows the uuid (expired, or lost): ask again from the start. */
  async #resubmit(job: ReportJob, step: string): Promise<void> {
    this.#o.logger?.warn(
      { job: job.id, uuid: job.uuid, step },
      "report unknown to Ozon, resubmitting",
    );
    job.attempts++;
    if (job.attempts >= this.#o.maxAttempts) {
      return this.#fail(job, { code: "gave_up", message: "Ozon lost the report request" });
    }
    delete job.uuid;
    job.state = "queued";
    job.nextPollAt = this.#o.now();
    await this.#jobs.save(job);
  }

  /** Counts a transient failure; false when it was one too many and the job failed. */
  async #retryLater(
    job: ReportJob,
    error: unknown,
    step: string,
    giveUpCode: ReportFailure["code"] = "gave_up",
  ): Promise<boolean> {
    job.attempts++;
    this.#o.logger?.warn(
      { job: job.id, step, attempts: job.attempts, err: error },
      "report step failed",
    );
    if (job.attempts >= this.#o.maxAttempts) {
      await this.#fail(job, { code: giveUpCode, message: errorText(error) });
      return false;
    }
    job.nextPollAt = this.#o.now() + this.#backoff(job.attempts);
    await this.#jobs.save(job);
    return true;
  }

  async #fail(job: ReportJob, failure: ReportFailure): Promise<void> {
    job.state = "failed";
    job.failure = failure;
    job.error = failure.message;
    job.failureNotified = false;
    job.attempts = 0;
    job.nextPollAt = this.#o.now();
    await this.#jobs.save(job);
    this.#o.logger?.warn({ job: job.id, failure }, "report failed");
    await this.#notifyFailure(job);
  }

  async #notifyFailure(job: ReportJob): Promise<void> {
    const failure = job.failure ?? { code: "gave_up", message: job.error ?? "unknown" };
    try {
      await this.#o.notifier.failed(job, failure);
      job.failureNotified = true;
    } catch (error) {
      job.attempts++;
      // Give up telling after as many tries as any other step; the job stays failed either way.
      if (job.attempts >= this.#o.maxAttempts) {
        job.failureNotified = true;
        this.#o.logger?.error({ job: job.id, err: error }, "report failure could not be told");
      } else {
        job.nextPollAt = this.#o.now() + this.#backoff(job.attempts);
      }
    }
    await this.#jobs.save(job);
  }

  async #progress(job: ReportJob, update: ReportProgress): Promise<void> {
    const shown =
      update.state === "queued" ? `queued:${update.placeInQueue}:${update.busy}` : update.state;
    if (job.shownProgress === shown) return;
    try {
      const ref = await this.#o.notifier.progress(job, update);
      if (ref !== undefined && ref !== null) job.progressMessageRef = ref;
    } catch (error) {
      this.#o.logger?.warn({ job: job.id, err: error }, "report progress not shown");
    }
    job.shownProgress = shown;
    await this.#jobs.save(job);
  }
}
