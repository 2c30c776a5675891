/**
 * What the bot's deliveries of a shop's desk (label-delivery.ts, handover-delivery.ts) share:
 * their dependencies, speaking in the job's own language with the shop named, turning the
 * progress message into the outcome, PDFs sent in parts that fit Telegram, and the "could not
 * send" notice with its Retry button (desk-retry.ts).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, InlineKeyboard, InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import type { DeliveryLedger } from "../../services/postings/job-desk.ts";
import { splitPdf } from "../../services/postings/labels.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { isLocale, type Locale, type LocalizedContext } from "../core/i18n.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { DESK_RETRY, type DeskKindCode } from "./buttons.ts";
import { shopFileName } from "./file-names.ts";
import type { Translate } from "./format.ts";

/**
 * Telegram takes documents up to 50 MB from bots: under that whether MB means 10^6 or 2^20
 * bytes, with room for the multipart envelope.
 */
export const TELEGRAM_DOCUMENT_MAX_BYTES = 48_000_000;
/** Which desk a Retry button (DESK_RETRY) names. */
export type DeskKind = "labels" | "handover";
export const DESK_KIND_ARG: Record<DeskKind, DeskKindCode> = { labels: "l", handover: "h" };

export interface DeskDeliveryDeps {
  api: Api;
  i18n: I18n<LocalizedContext>;
  shops: ShopRegistry;
  shopId: string;
  defaultLocale: Locale;
  codec: CallbackCodec;
  /** The largest document sent in one piece (default TELEGRAM_DOCUMENT_MAX_BYTES). */
  documentMaxBytes?: number | undefined;
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
export interface ChatJob {
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
export async function settleProgress(
  api: Api,
  job: ChatJob,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<void> {
  const other = keyboard ? { reply_markup: keyboard } : {};
  if (job.messageId !== undefined) {
    const edited = await api
      .editMessageText(job.chatId, job.messageId, text, other)
      .then(() => true)
      .catch(() => false);
    if (edited) return;
  }
  await api.sendMessage(job.chatId, text, other);
}

export interface DeskPdf {
  /** Names the file in the ledger: each of its parts goes once. */
  part: string;
  bytes: Uint8Array;
  /** File name prefix and id (shop-files.ts); a part adds "-<n>of<m>" to the id. */
  prefix: string;
  id: string;
  caption: string;
}

/** Sends a PDF as one document, or in page-split parts that each fit Telegram's limit. */
export async function sendPdf(
  deps: DeskDeliveryDeps,
  job: ChatJob,
  ledger: DeliveryLedger,
  pdf: DeskPdf,
): Promise<void> {
  const { api, shops, shopId } = deps;
  const parts = await splitPdf(pdf.bytes, deps.documentMaxBytes ?? TELEGRAM_DOCUMENT_MAX_BYTES);
  const t = jobSpeech(deps, job).plain;
  for (const [i, bytes] of parts.entries()) {
    const whole = parts.length === 1;
    const place = { part: i + 1, parts: parts.length };
    const id = whole ? pdf.id : `${pdf.id}-${place.part}of${place.parts}`;
    const caption = whole ? pdf.caption : t("desk-file-part", { caption: pdf.caption, ...place });
    const file = new InputFile(bytes, shopFileName(shops, shopId, pdf.prefix, id));
    await ledger.once(whole ? pdf.part : `${pdf.part}#${id}`, () =>
      api.sendDocument(job.chatId, file, { caption }),
    );
  }
}

/** The progress message says the files could not be sent, with a Retry button when `retry`. */
export async function tellUndelivered(
  deps: DeskDeliveryDeps,
  job: ChatJob,
  retry: { desk: DeskKind; id: string } | undefined,
  text: string,
): Promise<void> {
  const ref = deps.shops.get(deps.shopId)?.ref;
  const keyboard =
    retry && ref
      ? new InlineKeyboard().text(
          jobSpeech(deps, job).plain("desk-retry-button"),
          DESK_RETRY.data(deps.codec, ref, DESK_KIND_ARG[retry.desk], retry.id),
        )
      : undefined;
  await settleProgress(deps.api, job, text, keyboard);
}
