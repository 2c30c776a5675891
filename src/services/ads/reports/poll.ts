/**
 * Asking Ozon how a submitted report is coming along: OK makes the job ready for delivery, ERROR
 * fails it with Ozon's words, anything else is asked again after a growing interval, until Ozon
 * has taken too long (giveUpAfterMs).
 * Tests: none directly
 */
import { ozonFailureMessage as errorText } from "../../../ozon/errors.ts";
import type { ReportJob } from "./jobs.ts";
import { classify, type JobSteps, type ReportStatisticsApi } from "./steps.ts";

function parseTime(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** One look at the job's request at Ozon. */
export async function pollJob(steps: JobSteps, job: ReportJob): Promise<void> {
  let status: Awaited<ReturnType<ReportStatisticsApi["status"]>>;
  try {
    status = await steps.settings.statistics.status(job.uuid as string);
  } catch (error) {
    const outcome = classify(error);
    if (outcome === "not_found") return steps.resubmit(job, "status");
    if (outcome === "rejected") {
      return steps.fail(job, { code: "rejected", message: errorText(error) });
    }
    await steps.retryLater(job, error, "status");
    return;
  }
  const now = steps.settings.now();
  job.attempts = 0;
  if (status.state === "OK") {
    job.state = "ready";
    job.readyAt = now;
    const ozonTime = parseTime(status.updatedAt);
    if (ozonTime !== undefined) job.ozonReadyAt = ozonTime;
    job.nextPollAt = now;
    await steps.jobs.save(job);
    return;
  }
  if (status.state === "ERROR") {
    return steps.fail(job, {
      code: "ozon_error",
      // Empty when Ozon gave no reason: the notifier words that in the person's language.
      message: status.error?.trim() ?? "",
    });
  }
  if (now - (job.submittedAt ?? now) >= steps.settings.giveUpAfterMs) {
    return steps.fail(job, { code: "gave_up", message: `Ozon still says ${status.state}` });
  }
  job.pollIntervalMs = steps.grow(job.pollIntervalMs);
  job.nextPollAt = now + job.pollIntervalMs;
  await steps.jobs.save(job);
  await steps.progress(job, { state: "submitted" });
}
