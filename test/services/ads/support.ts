/** Test helpers for the ads services: a recording notifier and a runner driven to a condition. */
import type { ReportFailure, ReportJob } from "../../../src/services/ads/reports/jobs.ts";
import type {
  ReportFile,
  ReportNotifier,
  ReportProgress,
} from "../../../src/services/ads/reports/runner.ts";
import type { ReportSummary } from "../../../src/services/ads/reports/summary.ts";
import { waitFor } from "../../support/wait.ts";

export interface RecordedEvent {
  jobId: string;
  kind: "progress" | "deliver" | "failed";
  progress?: ReportProgress;
  file?: ReportFile;
  summary?: ReportSummary | null;
  failure?: ReportFailure;
  at: number;
}

/** Records every call; `failDeliveries` makes the next N deliver calls throw (Telegram down). */
export class RecordingNotifier implements ReportNotifier {
  readonly events: RecordedEvent[] = [];
  failDeliveries = 0;
  #messageSeq = 0;

  async progress(job: ReportJob, update: ReportProgress): Promise<unknown> {
    this.events.push({ jobId: job.id, kind: "progress", progress: update, at: Date.now() });
    // The first update "sends" a progress message; later ones edit it.
    return (
      job.progressMessageRef ?? { chatId: job.requestedBy.chatId, messageId: ++this.#messageSeq }
    );
  }

  async deliver(job: ReportJob, file: ReportFile, summary: ReportSummary | null): Promise<void> {
    if (this.failDeliveries > 0) {
      this.failDeliveries--;
      throw new Error("Telegram is down");
    }
    this.events.push({ jobId: job.id, kind: "deliver", file, summary, at: Date.now() });
  }

  async failed(job: ReportJob, reason: ReportFailure): Promise<void> {
    this.events.push({ jobId: job.id, kind: "failed", failure: reason, at: Date.now() });
  }

  deliveries(): RecordedEvent[] {
    return this.events.filter((e) => e.kind === "deliver");
  }

  failures(): RecordedEvent[] {
    return this.events.filter((e) => e.kind === "failed");
  }

  /** Progress states shown for one job, as short strings ("queued:2", "queued:1:busy", ...). */
  progressOf(jobId: string): string[] {
    return this.events
      .filter((e) => e.jobId === jobId && e.kind === "progress" && e.progress)
      .map((e) => {
        const p = e.progress as ReportProgress;
        return p.state === "queued" ? `queued:${p.placeInQueue}${p.busy ? ":busy" : ""}` : p.state;
      });
  }
}

/**
 * Calls `step` (e.g. runner.runOnce) until `done` holds, or fails at the deadline; a throw from
 * either fails at once.
 */
export async function driveUntil(
  done: () => boolean | Promise<boolean>,
  step: () => Promise<unknown>,
  options: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  const stepUnlessDone = async () => {
    if (await done()) return true;
    await step();
    return false;
  };
  await waitFor(stepUnlessDone, {
    timeoutMs: options.timeoutMs ?? 10_000,
    // Between rounds the event loop turns, so HTTP answers and timers can arrive.
    intervalMs: 0,
    message: options.what ?? "the condition",
    rethrow: true,
  });
}
