/**
 * Delivering a ready report: the file is downloaded, summed up (a file that cannot be read is
 * still sent, without its summary) and handed to the notifier. The job becomes `delivered` only
 * after notifier.deliver resolved (Telegram accepted the file); a crash between those two moments
 * sends the file again after the restart — at most the last one, as the design asks.
 * Tests: none directly
 */
import { isOzonFileTooLargeError } from "../../../ozon/download.ts";
import { ozonFailureMessage as errorText } from "../../../ozon/errors.ts";
import type { ReportJob } from "./jobs.ts";
import { reportFileName } from "./name.ts";
import { classify, type JobSteps, type ReportFile, type ReportStatisticsApi } from "./steps.ts";
import { type ReportSummary, summarizeReport } from "./summary.ts";
import { type ReportTable, readReportTable } from "./table.ts";
import { ReportTableStore } from "./table-store.ts";

/**
 * The report as typed sheets for the chart and the XLSX, kept for the XLSX button
 * (table-store.ts). Neither failure stops the file: it is logged, and null means no
 * chart and no workbook.
 */
async function keepTable(steps: JobSteps, job: ReportJob, file: ReportFile) {
  let table: ReportTable;
  try {
    table = readReportTable({ format: file.format, bytes: file.bytes, name: file.name });
  } catch (error) {
    steps.settings.logger?.warn({ job: job.id, err: error }, "report table not readable");
    return null;
  }
  try {
    const store = new ReportTableStore(steps.settings.store);
    const about = { owner: job.requestedBy.userId, name: file.name };
    const kept = await store.keep(job.id, about, table, steps.settings.now());
    if (!kept) steps.settings.logger?.info({ job: job.id }, "report table too large to keep");
  } catch (error) {
    steps.settings.logger?.warn({ job: job.id, err: error }, "report table not kept");
  }
  return table;
}

/** Downloads the job's file and hands it over, or counts why not. */
export async function deliverJob(steps: JobSteps, job: ReportJob): Promise<void> {
  if (job.state !== "delivering") {
    job.state = "delivering";
    await steps.jobs.save(job);
  }
  await steps.progress(job, { state: "delivering" });

  let download: Awaited<ReturnType<ReportStatisticsApi["download"]>>;
  try {
    download = await steps.settings.statistics.download(job.uuid as string);
  } catch (error) {
    const outcome = classify(error);
    if (outcome === "not_found") return steps.resubmit(job, "download");
    job.state = "ready";
    if (isOzonFileTooLargeError(error)) {
      return steps.fail(job, { code: "too_large", message: errorText(error) });
    }
    if (outcome === "rejected") {
      return steps.fail(job, { code: "unreadable", message: errorText(error) });
    }
    await steps.retryLater(job, error, "download");
    return;
  }

  const file: ReportFile = {
    name: reportFileName(job, download.format, steps.settings.fileTag?.()),
    bytes: download.bytes,
    format: download.format,
  };
  let summary: ReportSummary | null = null;
  try {
    summary = summarizeReport({ format: file.format, bytes: file.bytes, name: file.name });
  } catch (error) {
    // The file is still worth sending; only the summary is left out.
    steps.settings.logger?.warn({ job: job.id, err: error }, "report summary not readable");
  }

  const table = await keepTable(steps, job, file);

  job.handedAt = steps.settings.now();
  try {
    await steps.settings.notifier.deliver(job, file, summary, table);
  } catch (error) {
    job.state = "ready";
    await steps.retryLater(job, error, "deliver", "delivery_failed");
    return;
  }
  job.state = "delivered";
  job.deliveredAt = steps.settings.now();
  job.attempts = 0;
  await steps.jobs.save(job);
  steps.settings.logger?.info({ job: job.id, file: file.name }, "report delivered");
}
