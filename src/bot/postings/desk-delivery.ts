/**
 * What the bot's deliveries of a shop's desk (label-delivery.ts, handover-delivery.ts) share:
 * their dependencies, speaking in the job's own language with the shop named, and turning the
 * progress message into the outcome.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { isLocale, type Locale, type LocalizedContext } from "../core/i18n.ts";
import { withShopTag } from "../core/shop-tags.ts";
import type { Translate } from "./format.ts";

export interface DeskDeliveryDeps {
  api: Api;
  i18n: I18n<LocalizedContext>;
  shops: ShopRegistry;
  shopId: string;
  defaultLocale: Locale;
  logger?: Logger | undefined;
}

/** Postings a delivery names one by one (not printed, left out of an act); the rest are counted. */
const NAMED_MAX = 15;

/** A line per item for the first few, then "…and N more". */
export function namedThenCounted<T>(
  t: Translate,
  items: readonly T[],
  line: (item: T) => string,
): string[] {
  const lines = items.slice(0, NAMED_MAX).map(line);
  if (items.length > NAMED_MAX) {
    lines.push(t("labels-unprinted-more", { count: items.length - NAMED_MAX }));
  }
  return lines;
}

/** What a desk's job knows of the chat that asked. */
interface ChatJob {
  chatId: number;
  messageId: number | undefined;
  locale: string;
}

/** Texts for a job: in the locale it was asked in (else the default); `tagged` names the shop. */
export function jobSpeech(
  deps: DeskDeliveryDeps,
  job: ChatJob,
): { plain: Translate; tagged: (text: string) => string } {
  const locale = isLocale(job.locale) ? job.locale : deps.defaultLocale;
  const plain: Translate = (key, vars) => deps.i18n.t(locale, key, vars);
  return { plain, tagged: (text) => withShopTag(plain, deps.shops, deps.shopId, text) };
}

/** The progress message becomes `text`; a new message when it cannot be edited. */
export async function settleProgress(api: Api, job: ChatJob, text: string): Promise<void> {
  if (job.messageId !== undefined) {
    const edited = await api
      .editMessageText(job.chatId, job.messageId, text)
      .then(() => true)
      .catch(() => false);
    if (edited) return;
  }
  await api.sendMessage(job.chatId, text);
}
