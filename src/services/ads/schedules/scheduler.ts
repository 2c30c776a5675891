/**
 * Runs saved report schedules: when a schedule's slot comes (slots.ts), an ordinary report job
 * is queued in its shop's queue, so delivery, retries within Ozon's answers and restarts are the
 * report runner's. One background loop per process; with a shared store a lease lets one process
 * run at a time, and each (schedule, slot) is claimed atomically in the store (`setIfAbsent`)
 * before its job is queued, so a slot runs once however many processes look at it.
 *
 * Only the latest slot not after now runs: a bot that was down through several slots runs one
 * report at start. A slot before the schedule was saved, or passed while it was paused, never runs.
 *
 * Rights are checked at every run, not when the schedule was saved: the owner's manager role
 * reaching the store, and for a group, the owner being its administrator (creator) with the bot
 * still in it — one bounded Telegram question per run (ScheduleTargets.ownerInGroup). A definite
 * "no" pauses the schedule and tells the owner privately, once; nothing goes to the group. A
 * question Telegram did not answer (5xx, timeout) proves nothing: the run is tried once more
 * after `retryDelayMs`, silently, and otherwise the slot is skipped — never a pause.
 *
 * A run that fails otherwise — the shop is gone, the request is refused, or Ozon failed the
 * report — is told to the schedule's chat with the reason and tried once more after
 * `retryDelayMs`; a second failure is told and the schedule waits for its next slot.
 * Tests: none directly (reached through test/services/ads/schedules/support.ts)
 */
import { ttlLoopLease } from "../../../store/lease.ts";
import type { Store } from "../../../store/port.ts";
import { BackgroundLoop, type LoopLogger } from "../../background-loop.ts";
import {
  isReportRequestError,
  type ReportJobs,
  type ReportRequest,
  type ReportRequestProblem,
} from "../reports/jobs.ts";
import { presetPeriod } from "../reports/periods.ts";
import type { PauseReason, ReportSchedule, ScheduleRepository } from "./schedules.ts";
import { isValidRule, latestSlot, nextSlot } from "./slots.ts";

export type ScheduleFailure =
  | { code: "shop_gone" }
  | { code: "refused"; problem: ReportRequestProblem }
  | { code: "report_failed"; message: string }
  | { code: "error"; message: string };

export interface ScheduleNotifier {
  /** Tells the schedule's chat that a run failed and why; `retrying`: one more try follows. */
  failed(schedule: ReportSchedule, failure: ScheduleFailure, retrying: boolean): Promise<void>;
  /** Tells the owner, in their private chat, that the schedule was paused and why. */
  paused(schedule: ReportSchedule, reason: PauseReason): Promise<void>;
}

/**
 * The owner's standing in the schedule's group: "unknown" when Telegram did not answer (a 5xx,
 * a timeout, a moved group) — nothing is decided on it.
 */
export type GroupStanding = "admin" | "not_admin" | "bot_gone" | "unknown";

/** What the scheduler needs of the bot: a shop's report queue and the owner's reach. */
export interface ScheduleTargets {
  /** The report jobs of a shop with Performance keys; undefined: removed or no keys. */
  jobsOf(shopId: string): ReportJobs | undefined;
  /** True while the person may order reports of the shop (manager or admin reaching it). */
  mayReport(userId: number, shopId: string): Promise<boolean>;
  /** Whether the person administers the group and the bot is in it: one bounded question. */
  ownerInGroup(chatId: number, userId: number): Promise<GroupStanding>;
}

export interface ScheduleRun {
  schedule: string;
  slot: number;
  attempt: 1 | 2;
  state: "starting" | "queued" | "waiting_retry" | "done";
  /** When the current attempt began (a "starting" run this old was left by a dead process). */
  startedAt: number;
  shop?: string;
  jobId?: string;
  retryAt?: number;
}

export interface SchedulerOptions {
  store: Store;
  schedules: ScheduleRepository;
  targets: ScheduleTargets;
  notifier: ScheduleNotifier;
  /** TIMEZONE. */
  zone: string;
  now?: () => number;
  /** Pause before the one retry of a failed run (default 5 minutes). */
  retryDelayMs?: number;
  /** Look at unfinished runs this often (default 5 s). */
  followMs?: number;
  /** Look for schedules at least this often when nothing is due sooner (default 30 s). */
  idleMs?: number;
  /** Lease across processes (default: on for a shared store); 0: off. */
  leaseTtlMs?: number;
  logger?: LoopLogger & { info?(object: object, message?: string): void };
}

const RUN_PREFIX = "schedule-run:";
/**
 * An unfinished run is kept this long (a job the runner still works on); a finished one only
 * long enough that a process that read the schedule before its `lastSlot` moved finds the claim
 * taken — after that `lastSlot` alone keeps the slot from running again. Every round lists the
 * runs, so finished ones must not pile up.
 */
const RUN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DONE_TTL_MS = 2 * 24 * 60 * 60 * 1000;
const STALE_START_MS = 2 * 60 * 1000;

export interface SchedulerRound {
  started: number;
  retried: number;
  failed: number;
  /** Paused because the owner's rights were gone. */
  paused: number;
  /** Runs whose rights Telegram could not confirm now (tried again, or the slot skipped). */
  unverified: number;
}

export class ReportScheduler {
  readonly #options: SchedulerOptions;
  readonly #now: () => number;
  readonly #loop: BackgroundLoop<SchedulerRound>;
  #pending = false;
  #next: number | undefined;

  constructor(options: SchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new BackgroundLoop({
      name: "report scheduler",
      round: () => this.#round(),
      pauseMs: () => this.#pause(),
      lease: ttlLoopLease(options.store, "report-scheduler", options.leaseTtlMs),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Looks again now (a schedule was saved or changed in this process). */
  wake(): void {
    this.#loop.wake();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /** One round now (tests drive the scheduler with it on a manual clock). */
  async runOnce(): Promise<SchedulerRound | undefined> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : undefined;
  }

  /** Unfinished and recent runs of one schedule (for the tests and the list). */
  async runsOf(scheduleId: string): Promise<ScheduleRun[]> {
    const runs = await this.#options.store.list<ScheduleRun>(`${RUN_PREFIX}${scheduleId}:`);
    return runs.map((r) => r.value).sort((a, b) => a.slot - b.slot);
  }

  #pause(): number {
    const idle = this.#options.idleMs ?? 30_000;
    if (this.#pending) return Math.min(this.#options.followMs ?? 5_000, idle);
    if (this.#next === undefined) return idle;
    return Math.max(5, Math.min(this.#next - this.#now(), idle));
  }

  async #round(): Promise<SchedulerRound> {
    const result: SchedulerRound = { started: 0, retried: 0, failed: 0, paused: 0, unverified: 0 };
    const now = this.#now();
    const { store, schedules, zone } = this.#options;
    this.#next = undefined;
    for (const schedule of await schedules.all()) {
      if (schedule.paused || !isValidRule(schedule.rule)) continue;
      const upcoming = nextSlot(schedule.rule, now, zone);
      if (this.#next === undefined || upcoming < this.#next) this.#next = upcoming;
      const slot = latestSlot(schedule.rule, now, zone);
      const floor = Math.max(schedule.lastSlot ?? 0, schedule.createdAt, schedule.resumedAt ?? 0);
      if (slot <= floor) continue;
      const run: ScheduleRun = {
        schedule: schedule.id,
        slot,
        attempt: 1,
        state: "starting",
        startedAt: now,
      };
      const claimed = await store.setIfAbsent(runKey(run), run, { ttlMs: RUN_TTL_MS });
      const current = await schedules.update(schedule.id, (s) => ({
        ...s,
        lastSlot: Math.max(s.lastSlot ?? 0, slot),
      }));
      if (!claimed) continue;
      // Paused or deleted since this round read it: the slot is not run.
      if (!current || current.paused) {
        await this.#save({ ...run, state: "done" });
        continue;
      }
      result.started++;
      await this.#begin(current, run, result);
    }
    this.#pending = false;
    for (const { value: run } of await store.list<ScheduleRun>(RUN_PREFIX)) {
      if (run.state === "done") continue;
      this.#pending = true;
      await this.#follow(run, now, result);
    }
    return result;
  }

  /**
   * Checks the owner's rights, then queues the run's report job; a failure is told (and retried
   * when it may be), lost rights pause the schedule, unconfirmed ones wait for the retry.
   */
  async #begin(schedule: ReportSchedule, run: ScheduleRun, result: SchedulerRound) {
    const rights = await this.#rights(schedule);
    if (rights === "unknown") {
      result.unverified++;
      this.#options.logger?.warn(
        { schedule: schedule.id, attempt: run.attempt },
        "scheduled report: the owner's rights in the group cannot be checked now",
      );
      return this.#save(run.attempt === 1 ? this.#retryOf(run) : { ...run, state: "done" });
    }
    if (rights) {
      result.paused++;
      return this.#pauseRun(schedule, run, rights);
    }
    const failure = await this.#enqueue(schedule, run);
    if (!failure) return;
    result.failed++;
    await this.#failed(schedule, run, failure);
  }

  /** Undefined while the owner may still send this report where it goes. */
  async #rights(schedule: ReportSchedule): Promise<PauseReason | "unknown" | undefined> {
    const { targets } = this.#options;
    if (!(await targets.mayReport(schedule.owner, schedule.shop))) return "no_access";
    if (schedule.chatId === schedule.owner) return undefined; // the owner's private chat
    const standing = await targets.ownerInGroup(schedule.chatId, schedule.owner);
    return standing === "admin" ? undefined : standing;
  }

  /** The run ends here; the owner is told privately by the one process that paused it. */
  async #pauseRun(schedule: ReportSchedule, run: ScheduleRun, reason: PauseReason) {
    await this.#save({ ...run, state: "done" });
    await this.#pauseAndTell(schedule, reason);
  }

  /** True when this call paused it (and told its owner). */
  async #pauseAndTell(schedule: ReportSchedule, reason: PauseReason): Promise<boolean> {
    if (!(await this.#options.schedules.pauseFor(schedule.id, reason))) return false;
    this.#options.logger?.info?.(
      { schedule: schedule.id, owner: schedule.owner, reason },
      "scheduled report paused: the owner's rights are gone",
    );
    try {
      await this.#options.notifier.paused(schedule, reason);
    } catch (error) {
      this.#options.logger?.warn({ err: error, schedule: schedule.id }, "schedule pause not told");
    }
    return true;
  }

  /**
   * The bot left the group `chatId`: the schedules aimed there are paused, not dropped — an owner
   * may resume one once the bot is back — and each owner is told privately. A person who blocked
   * the bot in private is not a group: their own schedules stay as they are. True when one was
   * paused.
   */
  async botLeft(chatId: number): Promise<boolean> {
    let paused = false;
    for (const schedule of await this.#options.schedules.aimedAt(chatId)) {
      if (schedule.paused || schedule.chatId === schedule.owner) continue;
      if (await this.#pauseAndTell(schedule, "bot_gone")) paused = true;
    }
    return paused;
  }

  async #enqueue(schedule: ReportSchedule, run: ScheduleRun): Promise<ScheduleFailure | undefined> {
    const { targets, zone } = this.#options;
    const jobs = targets.jobsOf(schedule.shop);
    if (!jobs) return { code: "shop_gone" };
    const request: ReportRequest = {
      requestedBy: { chatId: schedule.chatId, userId: schedule.owner, locale: schedule.locale },
      campaigns: schedule.campaigns.map((c) => ({ ...c })),
      // The period of the slot, not of the moment it runs: a retry after midnight reports the
      // same days.
      period: presetPeriod(schedule.period, { now: run.slot, zone }),
      kind: "campaigns",
      groupBy: schedule.groupBy,
      format: schedule.format,
      scheduled: true,
    };
    try {
      const job = await jobs.enqueue(request);
      await this.#save({ ...run, state: "queued", shop: schedule.shop, jobId: job.id });
      return undefined;
    } catch (error) {
      if (isReportRequestError(error)) return { code: "refused", problem: error.problem };
      this.#options.logger?.warn(
        { err: error, schedule: schedule.id },
        "scheduled report not queued",
      );
      return { code: "error", message: error instanceof Error ? error.message : String(error) };
    }
  }

  async #failed(schedule: ReportSchedule, run: ScheduleRun, failure: ScheduleFailure) {
    const retrying = run.attempt === 1;
    const next: ScheduleRun = retrying ? this.#retryOf(run) : { ...run, state: "done" };
    // Saved before telling: a crash in between loses the sentence, never repeats the retry.
    await this.#save(next);
    try {
      await this.#options.notifier.failed(schedule, failure, retrying);
    } catch (error) {
      this.#options.logger?.warn(
        { err: error, schedule: schedule.id },
        "schedule failure not told",
      );
    }
  }

  /** The run's one more try, after the pause. */
  #retryOf(run: ScheduleRun): ScheduleRun {
    return {
      schedule: run.schedule,
      slot: run.slot,
      attempt: 2,
      state: "waiting_retry",
      startedAt: run.startedAt,
      retryAt: this.#now() + (this.#options.retryDelayMs ?? 5 * 60_000),
    };
  }

  async #follow(run: ScheduleRun, now: number, result: SchedulerRound): Promise<void> {
    const schedule = await this.#options.schedules.get(run.schedule);
    if (!schedule) return this.#save({ ...run, state: "done" }); // deleted meanwhile
    if (run.state === "waiting_retry") {
      if ((run.retryAt ?? 0) > now) return;
      // Paused since: the retry (or the dead process's run) is not made.
      if (schedule.paused) return this.#save({ ...run, state: "done" });
      const again: ScheduleRun = { ...run, state: "starting", startedAt: now };
      if (!(await this.#takeOver(run, again))) return;
      result.retried++;
      return this.#begin(schedule, again, result);
    }
    if (run.state === "starting") {
      // Claimed by a process that died before queuing the job.
      if (now - run.startedAt < STALE_START_MS) return;
      // Paused since: the retry (or the dead process's run) is not made.
      if (schedule.paused) return this.#save({ ...run, state: "done" });
      const again: ScheduleRun = { ...run, startedAt: now };
      if (!(await this.#takeOver(run, again))) return;
      return this.#begin(schedule, again, result);
    }
    const job =
      run.shop && run.jobId
        ? await this.#options.targets.jobsOf(run.shop)?.get(run.jobId)
        : undefined;
    if (!job || job.state === "delivered") return this.#save({ ...run, state: "done" });
    if (job.state !== "failed") return;
    if (job.failure?.code === "shop_removed") return this.#save({ ...run, state: "done" });
    result.failed++;
    await this.#failed(schedule, run, {
      code: "report_failed",
      message: job.failure?.message ?? job.error ?? "",
    });
  }

  /**
   * Moves a run on only while it still holds what this round read: a process whose lease ran out
   * mid-round and one that took over never both queue the same retry.
   */
  #takeOver(read: ScheduleRun, next: ScheduleRun): Promise<boolean> {
    return this.#options.store.compareAndSet(runKey(read), read, next, { ttlMs: RUN_TTL_MS });
  }

  #save(run: ScheduleRun): Promise<void> {
    const ttlMs = run.state === "done" ? DONE_TTL_MS : RUN_TTL_MS;
    return this.#options.store.set(runKey(run), run, { ttlMs });
  }
}

function runKey(run: Pick<ScheduleRun, "schedule" | "slot">): string {
  return `${RUN_PREFIX}${run.schedule}:${run.slot}`;
}
