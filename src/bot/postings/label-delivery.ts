/**
 * Batch labels reach the chat that asked: the progress message is edited as Ozon's parts get
 * ready, a slow batch is announced once ("will send them when ready"), and when Ozon is done the
 * PDF (in parts when it is over Telegram's limit) and then the summary (how many printed, which
 * postings Ozon did not print and why) are sent: "ready" is never said of a file that did not
 * arrive. When Telegram would not take it, the person is told so, with a Retry button.
 * Used by the LabelDesk (background, across restarts) and at once when Ozon printed directly.
 * Tests: none directly
 */
import type { LabelDelivery, LabelJob } from "../../services/postings/label-desk.ts";
import type { LabelBatch } from "../../services/postings/labels.ts";
import {
  type DeskDeliveryDeps,
  jobSpeech,
  namedThenCounted,
  sendPdf,
  settleProgress,
  tellUndelivered,
} from "./desk-delivery.ts";
import { clip } from "./format.ts";

export function telegramLabelDelivery(deps: DeskDeliveryDeps): LabelDelivery {
  const { api, shopId } = deps;
  const plain = (job: LabelJob) => jobSpeech(deps, job).plain;
  const tagged = (job: LabelJob, text: string) => jobSpeech(deps, job).tagged(text);
  const settle = (job: LabelJob, text: string) => settleProgress(api, job, text);
  const parts = (job: LabelJob) => ({
    ready: job.tasks.filter((task) => task.done).length,
    tasks: job.tasks.length,
  });

  return {
    async progress(job) {
      const { ready, tasks } = parts(job);
      if (job.messageId === undefined || job.shownReady === ready) return;
      job.shownReady = ready;
      const t = plain(job);
      const text = t("labels-progress", { count: job.postings, ready, parts: tasks });
      await api
        .editMessageText(job.chatId, job.messageId, tagged(job, text))
        .catch(() => undefined);
    },
    async slow(job, minutes) {
      const { ready, tasks } = parts(job);
      const t = plain(job);
      const text = t("labels-slow", { count: job.postings, minutes, ready, parts: tasks });
      await settle(job, tagged(job, text));
    },
    async failed(job, reason) {
      await settle(job, tagged(job, plain(job)("labels-failed", { reason })));
    },
    async ready(job, batch, ledger) {
      const t = plain(job);
      if (batch.pdf) {
        await sendPdf(deps, job, ledger, {
          part: "labels",
          bytes: batch.pdf,
          prefix: "labels",
          id: String(batch.printed),
          caption: tagged(job, t("labels-caption", { count: batch.printed })),
        });
      }
      await ledger.once("summary", () =>
        settle(job, tagged(job, summaryOf(t, batch, job.postings))),
      );
      deps.logger?.info({ batch: job.id, shop: shopId }, "batch labels delivered");
    },
    async undelivered(job, retry) {
      const text = tagged(job, plain(job)(retry ? "labels-undelivered" : "labels-undelivered-tap"));
      await tellUndelivered(deps, job, retry ? { desk: "labels", id: job.id } : undefined, text);
    },
  };
}

/** "Labels ready: N of M", and the postings Ozon did not print with why. */
function summaryOf(
  t: (key: string, vars?: Record<string, string | number>) => string,
  batch: LabelBatch,
  count: number,
): string {
  const notPrinted = namedThenCounted(t, batch.unprinted, (u) =>
    t("labels-unprinted-line", { posting: u.postingNumber, reason: clip(u.reason || "—", 80) }),
  );
  return [
    t("labels-done", { printed: batch.printed, count }),
    ...(notPrinted.length > 0 ? [t("labels-unprinted-title"), ...notPrinted] : []),
  ].join("\n");
}
