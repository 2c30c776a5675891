/**
 * Cancelling the report jobs of a shop that was removed: no runner serves them any more, so each
 * unfinished job is marked failed ("shop_removed") and its person is told once. The job is written
 * before the person is told, and marked told up front: nobody is left to try again, and a shop
 * added again later must not tell it a second time.
 * Tests: test/services/ads/reports/jobs-format.test.ts and 11 more
 */
import type { Logger } from "../../../logger.ts";
import type { Store } from "../../../store/port.ts";
import { isFinished, type ReportJob, ReportJobRepository } from "./jobs.ts";

export interface CancelShopJobsOptions {
  /** The removed shop's part of the store. */
  store: Store;
  /** Tells the person their report was cancelled; a failure is logged, not retried. */
  tell: (job: ReportJob) => Promise<void>;
  now?: () => number;
  logger?: Logger;
}

/** Cancels every unfinished job in `store`; returns the cancelled jobs. */
export async function cancelShopJobs(options: CancelShopJobsOptions): Promise<ReportJob[]> {
  const repository = new ReportJobRepository(options.store);
  const now = options.now ?? Date.now;
  const cancelled: ReportJob[] = [];
  for (const job of await repository.all()) {
    if (isFinished(job)) continue;
    job.state = "failed";
    job.failure = { code: "shop_removed", message: "the store was removed" };
    job.error = job.failure.message;
    job.failureNotified = true;
    job.nextPollAt = now();
    await repository.save(job);
    cancelled.push(job);
    try {
      await options.tell(job);
    } catch (error) {
      options.logger?.warn({ err: error, job: job.id }, "report cancellation could not be told");
    }
  }
  return cancelled;
}
