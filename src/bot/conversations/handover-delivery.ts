/**
 * The handover act's documents reach the chat that asked: the progress message is edited on each
 * poll, a slow act is announced once ("will send when ready"), and when Ozon is done the act PDF,
 * the cargo place labels (when asked for) and a summary — how many postings, which ones Ozon left
 * out and their status now — are sent.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import type { HandoverDelivery, HandoverJob } from "../../services/postings/handover.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { isLocale, type Locale, type LocalizedContext } from "../i18n.ts";
import { shopFileName } from "../shop-files.ts";
import { withShopTag } from "../shops.ts";

/** Left-out postings named one by one; the rest are counted. */
const REMOVED_SHOWN = 15;

export interface HandoverDeliveryDeps {
  api: Api;
  i18n: I18n<LocalizedContext>;
  shops: ShopRegistry;
  shopId: string;
  defaultLocale: Locale;
  logger?: Logger | undefined;
}

export function telegramHandoverDelivery(deps: HandoverDeliveryDeps): HandoverDelivery {
  const { api, i18n, shops, shopId } = deps;
  const translate = (job: HandoverJob) => {
    const locale = isLocale(job.locale) ? job.locale : deps.defaultLocale;
    return (key: string, vars?: Record<string, string | number>) =>
      withShopTag((k, v) => i18n.t(locale, k, v), shops, shopId, i18n.t(locale, key, vars));
  };
  const plain = (job: HandoverJob) => {
    const locale = isLocale(job.locale) ? job.locale : deps.defaultLocale;
    return (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);
  };
  const fileName = (prefix: string, actId: string) => shopFileName(shops, shopId, prefix, actId);
  /** The progress message becomes `text`; a new message when it cannot be edited. */
  const settle = async (job: HandoverJob, text: string) => {
    if (job.messageId !== undefined) {
      const edited = await api
        .editMessageText(job.chatId, job.messageId, text)
        .then(() => true)
        .catch(() => false);
      if (edited) return;
    }
    await api.sendMessage(job.chatId, text);
  };

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
        for (const r of documents.removed.slice(0, REMOVED_SHOWN)) {
          lines.push(
            say("handover-removed-line", {
              posting: r.postingNumber,
              status: r.status ?? "unknown",
            }),
          );
        }
        if (documents.removed.length > REMOVED_SHOWN) {
          lines.push(
            say("labels-unprinted-more", { count: documents.removed.length - REMOVED_SHOWN }),
          );
        }
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
