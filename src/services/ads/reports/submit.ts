/**
 * Submitting a queued report job to Ozon, once: the intent is saved before the submit and the
 * uuid right after it; a job whose intent is still there (the process died in between, or Ozon's
 * answer was lost) is looked up in Ozon's list of report requests before it is submitted again
 * (reconcile.ts). A busy answer (429: Ozon's queue for the account is full) leaves the
 * job waiting without counting it as a failure.
 * Tests: none directly
 */
import { ozonFailureMessage as errorText, isOzonRateLimitError } from "../../../ozon/errors.ts";
import type { ReportJob } from "./jobs.ts";
import { findSubmitted, lookAtOzon, type ReportRequestInfo } from "./reconcile.ts";
import { classify, type JobSteps } from "./steps.ts";

/** Submits the job, or takes over its request found at Ozon; how it went, for the round. */
export async function submitJob(
  steps: JobSteps,
  job: ReportJob,
): Promise<"submitted" | "busy" | "retry" | "failed"> {
  if (job.submitIntentAt !== undefined) {
    // The last submit may have reached Ozon without its answer: look before asking again.
    let found: ReportRequestInfo | undefined;
    try {
      const { requests, claimed } = await lookAtOzon(steps.jobs, steps.settings.statistics);
      found = findSubmitted(job, requests, claimed);
    } catch (error) {
      return (await steps.retryLater(job, error, "look-up")) ? "retry" : "failed";
    }
    if (found) {
      await steps.submitted(job, found.uuid, "report found at Ozon, resumed");
      return "submitted";
    }
  }
  job.submitIntentAt = steps.settings.now();
  await steps.jobs.save(job);
  try {
    const uuid = await steps.settings.statistics.submit({
      kind: job.kind,
      campaigns: job.campaigns.map((c) => c.id),
      dateFrom: job.period.from,
      dateTo: job.period.to,
      groupBy: job.groupBy,
      ...(job.objects ? { objects: job.objects } : {}),
      ...(job.attributionDays !== undefined ? { attributionDays: job.attributionDays } : {}),
    });
    await steps.submitted(job, uuid, "report submitted");
    return "submitted";
  } catch (error) {
    // Ozon answered, so it did not queue the request; only a lost answer keeps the intent.
    if (isOzonRateLimitError(error) || classify(error) === "rejected") delete job.submitIntentAt;
    if (isOzonRateLimitError(error)) {
      if (steps.settings.now() - job.createdAt >= steps.settings.giveUpAfterMs) {
        await steps.fail(job, { code: "gave_up", message: "Ozon stayed busy" });
        return "failed";
      }
      // Ozon's queue for this account is full: wait, do not count it against the job.
      const interval = job.busy ? steps.grow(job.pollIntervalMs) : steps.pollMs;
      job.busy = true;
      job.pollIntervalMs = interval;
      job.nextPollAt = steps.settings.now() + Math.max(interval, error.retryAfterMs ?? 0);
      await steps.jobs.save(job);
      steps.settings.logger?.info({ job: job.id }, "report submit: Ozon busy, will retry");
      return "busy";
    }
    const outcome = classify(error);
    if (outcome === "rejected") {
      await steps.fail(job, { code: "rejected", message: errorText(error) });
      return "failed";
    }
    return (await steps.retryLater(job, error, "submit")) ? "retry" : "failed";
  }
}
