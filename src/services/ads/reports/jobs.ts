/**
 * Report jobs: a statistics report someone asked for, kept in the store so it outlives the
 * conversation that asked and the process that runs it. This file holds the record, the checks
 * done before Ozon is ever asked, and the repository; `runner.ts` moves jobs along:
 *   queued → submitted (Ozon has it, uuid kept) → ready (Ozon said OK) → delivering → delivered
 *   any state → failed (Ozon's ERROR text, a refusal, or too many transient failures)
 * Tests: test/services/ads/reports/jobs-format.test.ts and 14 more
 */
import type { Store } from "../../../store/port.ts";
import {
  checkPeriod,
  LIVE_MAX_PERIOD_DAYS,
  type PeriodCheck,
  type PeriodClock,
  type ReportPeriod,
} from "./periods.ts";

export const REPORT_KINDS = ["campaigns", "phrases", "attribution"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_GROUPINGS = ["DATE", "START_OF_WEEK", "START_OF_MONTH"] as const;
export type ReportGroupBy = (typeof REPORT_GROUPINGS)[number];
/** What file the person gets: Ozon's CSV/ZIP as it came, or the same numbers as an XLSX workbook. */
export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type ReportJobState =
  | "queued"
  | "submitted"
  | "ready"
  | "delivering"
  | "delivered"
  | "failed";

/** Ozon allows at most 10 campaigns in one report (spec and live service agree). */
export const MAX_CAMPAIGNS_PER_REPORT = 10;

export interface ReportRequester {
  chatId: number;
  userId: number;
  locale: string;
}

export interface ReportCampaignRef {
  id: string;
  /** Shown to the person; the file name uses ids only. */
  title?: string;
}

export interface ReportRequest {
  requestedBy: ReportRequester;
  campaigns: ReportCampaignRef[];
  period: ReportPeriod;
  kind: ReportKind;
  groupBy?: ReportGroupBy;
  /** Phrases report: advertised object ids (SKUs) of the one campaign. */
  objects?: string[];
  /** Attribution report: days of attribution. */
  attributionDays?: number;
  /** A message already sent by the bot that the runner's progress updates should edit. */
  progressMessageRef?: unknown;
  /**
   * The file delivered: "csv" (default; jobs stored before this field existed have none) sends
   * Ozon's CSV/ZIP as it came, "xlsx" the same report as a workbook (the CSV/ZIP when the
   * workbook cannot be built). Either way the chart goes with it.
   */
  format?: ReportFormat;
  /**
   * Made by a saved schedule, whose scheduler retries a failure once by itself: the failure
   * message then offers no Retry of its own, which would make a second report.
   */
  scheduled?: boolean;
}

export interface ReportFailure {
  /**
   * ozon_error: Ozon finished the report with ERROR (message is Ozon's text);
   * rejected: Ozon refused the request (4xx, message is Ozon's text);
   * gave_up: too many transient failures (network, 5xx) in a row;
   * unreadable: Ozon said OK but the file could not be downloaded;
   * too_large: Ozon's file is larger than the bot reads (asking again brings the same file);
   * delivery_failed: the notifier kept failing to hand the file over;
   * shop_removed: the job's shop was removed before the report was delivered (cancelled).
   */
  code:
    | "ozon_error"
    | "rejected"
    | "gave_up"
    | "unreadable"
    | "too_large"
    | "delivery_failed"
    | "shop_removed";
  message: string;
}

export interface ReportJob extends ReportRequest {
  id: string;
  /** Performance account (client id) whose queue the job waits in. */
  account: string;
  /**
   * The shop (its id) the job belongs to. Jobs of the single-shop version have none: they belong
   * to the shop whose runner serves their account (the runner fills it in).
   */
  shop?: string;
  /** FIFO position: a store-wide counter. */
  seq: number;
  groupBy: ReportGroupBy;
  state: ReportJobState;
  /** Ozon's request id once submitted; kept across restarts so nothing is resubmitted needlessly. */
  uuid?: string;
  /**
   * Set and saved just before each submit, cleared once Ozon's answer (the uuid) is saved. On a
   * queued job it says the last submit may have reached Ozon unanswered (a crash, a lost answer):
   * Ozon's list is searched before submitting again (reconcile.ts).
   */
  submitIntentAt?: number;
  /** Failed tries of the current step (submit, poll, download, deliver); 0 after each success. */
  attempts: number;
  /** Epoch ms before which the runner leaves the job alone (poll interval, backoff). */
  nextPollAt: number;
  /** Current poll interval, grows ×growth up to the cap while Ozon prepares the report. */
  pollIntervalMs?: number;
  /** Ozon answered 429 to the last submit: its queue is busy; the job is still waiting. */
  busy?: boolean;
  error?: string;
  failure?: ReportFailure;
  /** The failure was told to the person (notifier.failed resolved). */
  failureNotified?: boolean;
  /** What the last progress update told the person, so unchanged states are not re-sent. */
  shownProgress?: string;
  createdAt: number;
  submittedAt?: number;
  /** When the runner saw Ozon's OK. */
  readyAt?: number;
  /** Ozon's own time of the OK (the status answer's updatedAt), when it gave one. */
  ozonReadyAt?: number;
  /** When the file was handed to the notifier (the last try). */
  handedAt?: number;
  deliveredAt?: number;
}

export type ReportRequestProblem =
  | { code: "no_campaigns" }
  | { code: "too_many_campaigns"; count: number; max: number }
  | { code: "duplicate_campaigns" }
  | { code: "bad_kind" }
  | { code: "bad_group_by" }
  | { code: "phrases_need_one_campaign_and_objects" }
  | { code: "bad_attribution_days" }
  | { code: "bad_format" }
  | Extract<PeriodCheck, { ok: false }>;

/** The request is refused before Ozon is asked; `problem` says why in a form the bot can phrase. */
export class ReportRequestError extends Error {
  readonly problem: ReportRequestProblem;
  constructor(problem: ReportRequestProblem) {
    super(`Report request refused: ${describeProblem(problem)}`);
    this.name = "ReportRequestError";
    this.problem = problem;
  }
}

export const isReportRequestError = (e: unknown): e is ReportRequestError =>
  e instanceof ReportRequestError;

function describeProblem(problem: ReportRequestProblem): string {
  if ("reason" in problem) {
    return problem.reason === "too_long"
      ? `period of ${problem.days} days, at most ${problem.maxDays} (earliest start ${problem.earliestFrom})`
      : `period: ${problem.reason}`;
  }
  if (problem.code === "too_many_campaigns") {
    return `${problem.count} campaigns, at most ${problem.max} per report`;
  }
  return problem.code;
}

export interface ReportLimits {
  /** Longest period the account allows, days (live service 62, spec 366). */
  maxPeriodDays: number;
  maxCampaigns: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = {
  maxPeriodDays: LIVE_MAX_PERIOD_DAYS,
  maxCampaigns: MAX_CAMPAIGNS_PER_REPORT,
};

/** Every check that can be made without Ozon; returns the problem or undefined. */
export function checkReportRequest(
  request: ReportRequest,
  options: { limits?: Partial<ReportLimits>; clock: PeriodClock },
): ReportRequestProblem | undefined {
  const limits = { ...DEFAULT_REPORT_LIMITS, ...options.limits };
  const count = request.campaigns.length;
  if (count === 0) return { code: "no_campaigns" };
  if (count > limits.maxCampaigns) {
    return { code: "too_many_campaigns", count, max: limits.maxCampaigns };
  }
  if (new Set(request.campaigns.map((c) => c.id)).size !== count) {
    return { code: "duplicate_campaigns" };
  }
  if (!REPORT_KINDS.includes(request.kind)) return { code: "bad_kind" };
  if (request.groupBy !== undefined && !REPORT_GROUPINGS.includes(request.groupBy)) {
    return { code: "bad_group_by" };
  }
  if (request.format !== undefined && !REPORT_FORMATS.includes(request.format)) {
    return { code: "bad_format" };
  }
  if (request.kind === "phrases" && (count !== 1 || !request.objects?.length)) {
    return { code: "phrases_need_one_campaign_and_objects" };
  }
  if (request.kind === "attribution") {
    const days = request.attributionDays;
    if (days === undefined || !Number.isInteger(days) || days < 1 || days > 365) {
      return { code: "bad_attribution_days" };
    }
  }
  const period = checkPeriod(request.period, {
    maxDays: limits.maxPeriodDays,
    clock: options.clock,
  });
  if (!period.ok) return period;
  return undefined;
}

const JOB_PREFIX = "report-job:";
const SEQ_KEY = "report-job-seq";
/** Finished jobs are kept this long for the record, then the store drops them. */
export const FINISHED_JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function isFinished(job: ReportJob): boolean {
  return job.state === "delivered" || (job.state === "failed" && job.failureNotified === true);
}

/** Job persistence over the store port (memory, SQLite file or Redis alike). */
export class ReportJobRepository {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }

  async get(id: string): Promise<ReportJob | undefined> {
    return this.#store.get<ReportJob>(JOB_PREFIX + id);
  }

  async save(job: ReportJob): Promise<void> {
    await this.#store.set(
      JOB_PREFIX + job.id,
      job,
      isFinished(job) ? { ttlMs: FINISHED_JOB_TTL_MS } : undefined,
    );
  }

  /** Every stored job (unfinished and recently finished), oldest first. */
  async all(): Promise<ReportJob[]> {
    const entries = await this.#store.list<ReportJob>(JOB_PREFIX);
    return entries.map((e) => e.value).sort((a, b) => a.seq - b.seq);
  }

  async nextSeq(): Promise<number> {
    return this.#store.increment(SEQ_KEY);
  }
}

export interface ReportJobsOptions {
  store: Store;
  /** Performance account (client id) the jobs belong to; one runner serves one account. */
  account: string;
  /** The shop (its id) the jobs belong to, kept in each job. */
  shop?: string;
  limits?: Partial<ReportLimits>;
  /** TIMEZONE, for the period checks. */
  zone: string;
  now?: () => number;
  /** Called after a job is stored, e.g. to wake the runner in this process. */
  onEnqueued?: (job: ReportJob) => void;
}

const RETRY_PREFIX = "report-retry:";
const REORDER_PREFIX = "report-reorder:";

export type RetryClaim =
  | { ok: true; request: ReportRequest }
  | { ok: false; reason: "gone" | "not_yours" | "retried" }
  | { ok: false; reason: "refused"; problem: ReportRequestProblem };

/** The request a job was made from, without its progress message. */
function requestOf(job: ReportJob): ReportRequest {
  const { requestedBy, campaigns, period, kind, groupBy, objects, attributionDays, format } = job;
  return {
    requestedBy: { ...requestedBy },
    campaigns: campaigns.map((c) => ({ ...c })),
    period: { ...period },
    kind,
    groupBy,
    ...(objects ? { objects: [...objects] } : {}),
    ...(attributionDays !== undefined ? { attributionDays } : {}),
    ...(format !== undefined ? { format } : {}),
  };
}

/** What the bot uses: enqueue a checked request, retry a failed one, and look jobs up. */
export class ReportJobs {
  readonly repository: ReportJobRepository;
  readonly #options: ReportJobsOptions;
  readonly #now: () => number;

  constructor(options: ReportJobsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.repository = new ReportJobRepository(options.store);
  }

  /** The same checks enqueue makes, for a conversation that wants to refuse early. */
  check(request: ReportRequest): ReportRequestProblem | undefined {
    return checkReportRequest(request, {
      limits: this.#options.limits,
      clock: { now: this.#now(), zone: this.#options.zone },
    });
  }

  /** Checks and stores the request as a queued job; throws ReportRequestError when refused. */
  async enqueue(request: ReportRequest): Promise<ReportJob> {
    const problem = this.check(request);
    if (problem) throw new ReportRequestError(problem);
    const seq = await this.repository.nextSeq();
    const now = this.#now();
    const job: ReportJob = {
      id: String(seq).padStart(10, "0"),
      account: this.#options.account,
      ...(this.#options.shop !== undefined ? { shop: this.#options.shop } : {}),
      seq,
      requestedBy: { ...request.requestedBy },
      campaigns: request.campaigns.map((c) => ({ ...c })),
      period: { ...request.period },
      kind: request.kind,
      groupBy: request.groupBy ?? "DATE",
      state: "queued",
      attempts: 0,
      nextPollAt: now,
      createdAt: now,
    };
    if (request.kind === "phrases" && request.objects) job.objects = [...request.objects];
    if (request.kind === "attribution") job.attributionDays = request.attributionDays;
    if (request.format !== undefined && request.format !== "csv") job.format = request.format;
    if (request.scheduled) job.scheduled = true;
    if (request.progressMessageRef !== undefined) {
      job.progressMessageRef = request.progressMessageRef;
    }
    await this.repository.save(job);
    this.#options.onEnqueued?.(job);
    return job;
  }

  get(id: string): Promise<ReportJob | undefined> {
    return this.repository.get(id);
  }

  /**
   * Claims the one retry of a failed job for the person who ordered it: the same request to
   * enqueue again (checked as a new one), or why not. The claim is kept as long as a finished
   * job is, so a second press of the same button finds it taken.
   */
  async claimRetry(id: string, userId: number): Promise<RetryClaim> {
    return this.#claim(id, userId, "failed", RETRY_PREFIX);
  }

  /**
   * Claims ordering a delivered job's report again (its kept copy expired, table-store.ts),
   * once, for the person who ordered it; otherwise as claimRetry.
   */
  async claimReorder(id: string, userId: number): Promise<RetryClaim> {
    return this.#claim(id, userId, "delivered", REORDER_PREFIX);
  }

  async #claim(
    id: string,
    userId: number,
    state: ReportJobState,
    prefix: string,
  ): Promise<RetryClaim> {
    const job = await this.repository.get(id);
    if (job?.state !== state) return { ok: false, reason: "gone" };
    if (job.requestedBy.userId !== userId) return { ok: false, reason: "not_yours" };
    const request = requestOf(job);
    const problem = this.check(request);
    if (problem) return { ok: false, reason: "refused", problem };
    const claimed = await this.#options.store.setIfAbsent(prefix + id, this.#now(), {
      ttlMs: FINISHED_JOB_TTL_MS,
    });
    return claimed ? { ok: true, request } : { ok: false, reason: "retried" };
  }

  /** Unfinished jobs of one person, oldest first (for "your reports in progress"). */
  async pendingFor(userId: number): Promise<ReportJob[]> {
    return (await this.repository.all()).filter(
      (j) => j.requestedBy.userId === userId && !isFinished(j) && j.state !== "failed",
    );
  }
}
