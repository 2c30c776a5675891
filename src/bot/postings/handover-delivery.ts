/**
 * The handover act's documents reach the chat that asked: the progress message is edited on each
 * poll, a slow act is announced once ("will send when ready"), and when Ozon is done the act PDF,
 * the cargo place labels (when asked for), each in parts when over Telegram's limit, and then a
 * summary — how many postings, which ones Ozon left out and their status now — are sent. When
 * Telegram would not take them, the person is told so, with a Retry button.
 * Tests: none directly
 */
import type { HandoverDelivery, HandoverJob } from "../../services/postings/handover.ts";
import {
  type DeskDeliveryDeps,
  jobSpeech,
  namedThenCounted,
  sendPdf,
  settleProgress,
  tellUndelivered,
} from "./desk-delivery.ts";
import type { Translate } from "./format.ts";

export function telegramHandoverDelivery(deps: DeskDeliveryDeps): HandoverDelivery {
  const { api, shopId } = deps;
  const translate = (job: HandoverJob): Translate => {
    const { plain, tagged } = jobSpeech(deps, job);
    return (key, vars) => tagged(plain(key, vars));
  };
  const plain = (job: HandoverJob) => jobSpeech(deps, job).plain;
  const settle = (job: HandoverJob, text: string) => settleProgress(api, job, text);

  return {
    async progress(job) {
      if (job.messageId === undefined) return;
      const text = translate(job)("handover-waiting", { polls: job.polls });
      await api.editMessageText(job.chatId, job.messageId, text).catch(() => undefined);
    },
    async slow(job, minutes) {
      await settle(job, translate(job)("handover-slow", { minutes }));
    },
    async failed(job, reason) {
      await settle(job, translate(job)("handover-failed", { act: job.actId, reason }));
    },
    async undelivered(job, retry) {
      const text = translate(job)("handover-undelivered", { act: job.actId });
      await tellUndelivered(
        deps,
        job,
        retry ? { desk: "handover", id: job.actId } : undefined,
        text,
      );
    },
    async ready(job, documents, ledger) {
      const t = translate(job);
      const say = plain(job);
      const lines = [
        t("handover-ready", { count: documents.added.length, method: job.method, act: job.actId }),
      ];
      if (documents.removed.length > 0) {
        lines.push("", say("handover-removed-title", { count: documents.removed.length }));
        lines.push(
          ...namedThenCounted(say, documents.removed, (r) =>
            say("handover-removed-line", {
              posting: r.postingNumber,
              status: r.status ?? "unknown",
            }),
          ),
        );
      }
      const act = {
        prefix: "act",
        bytes: documents.act,
        caption: t("handover-act-caption", { act: job.actId }),
      };
      const places = documents.containerLabels && {
        prefix: "cargo-places",
        bytes: documents.containerLabels,
        caption: t("handover-places-caption", { places: job.containers }),
      };
      for (const file of places ? [act, places] : [act]) {
        await sendPdf(deps, job, ledger, { ...file, part: file.prefix, id: job.actId });
      }
      await ledger.once("summary", () => settle(job, lines.join("\n")));
      deps.logger?.info({ act: job.actId, shop: shopId }, "handover act delivered");
    },
  };
}
