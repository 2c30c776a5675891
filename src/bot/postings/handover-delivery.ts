/**
 * The handover act's documents reach the chat that asked: the progress message is edited on each
 * poll, a slow act is announced once ("will send when ready"), and when Ozon is done the act PDF,
 * the cargo place labels (when asked for) and a summary — how many postings, which ones Ozon left
 * out and their status now — are sent.
 */
import { InputFile } from "grammy";
import type { HandoverDelivery, HandoverJob } from "../../services/postings/handover.ts";
import {
  type DeskDeliveryDeps,
  jobSpeech,
  namedThenCounted,
  settleProgress,
} from "./desk-delivery.ts";
import { shopFileName } from "./file-names.ts";
import type { Translate } from "./format.ts";

export function telegramHandoverDelivery(deps: DeskDeliveryDeps): HandoverDelivery {
  const { api, shops, shopId } = deps;
  const translate = (job: HandoverJob): Translate => {
    const { plain, tagged } = jobSpeech(deps, job);
    return (key, vars) => tagged(plain(key, vars));
  };
  const plain = (job: HandoverJob) => jobSpeech(deps, job).plain;
  const fileName = (prefix: string, actId: string) => shopFileName(shops, shopId, prefix, actId);
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
    async ready(job, documents) {
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
      await settle(job, lines.join("\n"));
      await api.sendDocument(job.chatId, new InputFile(documents.act, fileName("act", job.actId)), {
        caption: t("handover-act-caption", { act: job.actId }),
      });
      if (documents.containerLabels) {
        await api.sendDocument(
          job.chatId,
          new InputFile(documents.containerLabels, fileName("cargo-places", job.actId)),
          { caption: t("handover-places-caption", { places: job.containers }) },
        );
      }
      deps.logger?.info({ act: job.actId, shop: shopId }, "handover act delivered");
    },
  };
}
