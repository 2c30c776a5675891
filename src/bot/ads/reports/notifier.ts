/**
 * The report runner's Telegram side over grammY's Api: one progress message per report, edited as
 * the job moves (queued with its place, preparing, sending), an upload_document action while the
 * file goes out, the file as a document with its meaningful name and a short summary, and Ozon's
 * ERROR text said plainly. Messages, edits and the file go through the bot's sender as bulk (alerts
 * and buyer messages first); the upload action is shown at once.
 *
 * deliver() resolves only after Telegram accepted the document, and nothing after that moment
 * may make it fail (the runner would send the file again): the last progress edit is best effort.
 *
 * With the file come the report's chart (a PNG photo with a short caption of its own, drawn in a worker thread
 * while the file uploads and sent after it, on its own: a chart that cannot be drawn or sent is
 * logged and the report stays delivered) and an XLSX button (ads/reports/xlsx.ts); a job
 * with `format: "xlsx"` gets the workbook as its file instead of Ozon's CSV/ZIP (Ozon's file
 * when the workbook cannot be built).
 *
 * With several shops every message names the job's shop ("🏬 Южный" on its first line) and the
 * Retry button carries the shop's ref; a job of a removed shop is told it was cancelled.
 *
 * A scheduled job (made by a schedule, `job.scheduled`) gets no progress message: nobody is
 * waiting for it, and a "⏳ queued" line in a group every morning is noise. Its chat gets only the
 * file with its chart, or the failure text.
 * Tests: test/bot/core/sender/shared-limits.test.ts
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard, InputFile } from "grammy";
import type { Logger } from "../../../logger.ts";
import {
  formatReportSummary,
  type ReportFailure,
  type ReportFile,
  type ReportJob,
  type ReportNotifier,
  type ReportProgress,
  type ReportSummary,
  type SummaryLabels,
} from "../../../services/ads/index.ts";
import { ReportChartEmptyError, type ReportTable } from "../../../services/ads/reports/index.ts";
import type { ShopRegistry } from "../../../shops/registry.ts";
import { clip } from "../../../text.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import {
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorOr,
} from "../../core/i18n.ts";
import { isNotModified } from "../../core/screen-text.ts";
import type { TelegramSender } from "../../core/sender/index.ts";
import { type ChatMovesHook, PacedApi } from "../../core/sender/paced-api.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { FAILURE_KEYS, reportAbout } from "../format.ts";
import { reportRetryKeyboard, reportXlsxKeyboard } from "../keyboards.ts";
import { reportChartCaption, reportChartPng, reportXlsx } from "./visuals.ts";

/** The summary's words in the person's language. */
function summaryLabels(t: Translator): SummaryLabels {
  return {
    impressions: t("ads-summary-impressions"),
    clicks: t("ads-summary-clicks"),
    ctr: t("ads-summary-ctr"),
    spend: t("ads-summary-spend"),
    orders: t("ads-summary-orders"),
    revenue: t("ads-summary-revenue"),
    nothing: t("ads-summary-nothing"),
  };
}

/** Where the progress message is: kept in job.progressMessageRef. */
export interface ProgressMessageRef {
  chatId: number;
  messageId: number;
}

export function isProgressMessageRef(value: unknown): value is ProgressMessageRef {
  const ref = value as Partial<ProgressMessageRef> | null | undefined;
  return typeof ref?.chatId === "number" && typeof ref.messageId === "number";
}

/** Telegram caps captions at 1024 characters. */
const CAPTION_LIMIT = 1024;
/** The delivered file's name with the workbook's extension. */
export const xlsxName = (name: string) => `${name.replace(/\.(csv|zip)$/i, "")}.xlsx`;
/** A chat action shows for about 5 s; repeated while a large file is still uploading. */
const ACTION_REPEAT_MS = 4_000;

export interface TelegramReportNotifierOptions {
  sender: TelegramSender;
  /** Signs the Retry button under a failed report. */
  codec: CallbackCodec;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  /** The shops, to name a job's shop when there are several (none: never named). */
  shops?: ShopRegistry;
  logger?: Logger;
  /** Draws the chart (default reportChartPng; tests make it fail). */
  renderChart?: typeof reportChartPng;
  /** A group that became a supergroup: its records follow it and the report goes there. */
  chatMoves?: ChatMovesHook;
}

export class TelegramReportNotifier implements ReportNotifier {
  readonly #options: TelegramReportNotifierOptions;
  readonly #telegram: PacedApi;

  constructor(options: TelegramReportNotifierOptions) {
    this.#options = options;
    this.#telegram = new PacedApi(options.sender, "report notifier", options.chatMoves);
  }

  /** The Api to send with (the module's start gives the bot's, without auto-retry: see apiForSender). */
  attach(api: Api): void {
    this.#telegram.attach(api);
  }

  #translator(job: ReportJob): Translator {
    return translatorOr(this.#options.i18n, job.requestedBy.locale, this.#options.defaultLocale);
  }

  /** `text` headed by the job's shop when there are several. */
  #tagged(t: Translator, job: ReportJob, text: string): string {
    const shops = this.#options.shops;
    return shops && job.shop !== undefined ? withShopTag(t, shops, job.shop, text) : text;
  }

  async progress(job: ReportJob, update: ReportProgress): Promise<unknown> {
    if (job.scheduled) {
      if (update.state === "delivering") await this.#action(job.requestedBy.chatId);
      return undefined;
    }
    const t = this.#translator(job);
    const about = reportAbout(t, job);
    const text =
      update.state === "queued"
        ? t(update.busy ? "ads-report-progress-busy" : "ads-report-progress-queued", {
            about,
            place: update.placeInQueue,
          })
        : update.state === "submitted"
          ? t("ads-report-progress-preparing", { about })
          : t("ads-report-progress-sending", { about });
    if (update.state === "delivering") {
      await this.#action(job.requestedBy.chatId);
    }
    return this.#showProgress(job, this.#tagged(t, job, text));
  }

  async deliver(
    job: ReportJob,
    file: ReportFile,
    summary: ReportSummary | null,
    table?: ReportTable | null,
  ): Promise<void> {
    const t = this.#translator(job);
    const chatId = job.requestedBy.chatId;
    const summaryText = summary
      ? formatReportSummary(summary, job.requestedBy.locale, summaryLabels(t))
      : t("ads-report-no-summary");
    const about = reportAbout(t, job);
    const caption = this.#tagged(t, job, t("ads-report-caption", { about, summary: summaryText }));
    const shop = job.shop === undefined ? undefined : this.#options.shops?.get(job.shop);
    const shopName = this.#options.shops?.many ? shop?.name : undefined;

    // Drawn (in the worker) while the file goes out; #chart never rejects.
    const drawing = table ? this.#chart(t, job, table, shopName) : Promise.resolve(undefined);
    const xlsx = job.format === "xlsx" && table ? await this.#xlsx(t, job, table) : undefined;
    const document = xlsx ? { name: xlsxName(file.name), bytes: xlsx } : file;
    const name = document.name;
    // The XLSX button only when the workbook can be built later (the report was read and kept).
    const keyboard =
      table && document === file
        ? reportXlsxKeyboard(this.#options.codec, t, job.id, shop?.ref)
        : undefined;

    await this.#action(chatId);
    const repeat = setInterval(() => void this.#action(chatId), ACTION_REPEAT_MS);
    try {
      const sent = await this.#telegram.pacedFollowing(chatId, (api, to) =>
        api.sendDocument(to, new InputFile(document.bytes, name), {
          caption: clip(caption, CAPTION_LIMIT),
          ...(keyboard ? { reply_markup: keyboard } : {}),
        }),
      );
      // The group became a supergroup: the chart and the job's record follow it there.
      job.requestedBy.chatId = sent.chatId;
    } finally {
      clearInterval(repeat);
    }
    // Accepted: from here on nothing may throw. A scheduled job has no progress message to edit,
    // and a new "delivered" line would be the noise its progress is spared.
    try {
      if (!job.scheduled)
        await this.#showProgress(
          job,
          this.#tagged(t, job, t("ads-report-progress-delivered", { about: reportAbout(t, job) })),
        );
    } catch (error) {
      this.#options.logger?.warn({ err: error, job: job.id }, "report: last progress edit failed");
    }
    // The picture follows on its own: the job is delivered once the file is, so a crash while
    // the chart is still drawn or sent never sends the file twice (the chart may then be lost).
    // The chart's own caption, worked out only once a chart was drawn (an empty table has none).
    const chartCaption = () =>
      table ? clip(this.#tagged(t, job, reportChartCaption(t, job, table)), CAPTION_LIMIT) : "";
    void this.#sendChart(job, drawing, `${name.replace(/\.\w+$/, "")}.png`, chartCaption);
  }

  async #sendChart(
    job: ReportJob,
    drawing: Promise<Buffer | undefined>,
    name: string,
    captionOf: () => string,
  ): Promise<void> {
    const chart = await drawing;
    if (!chart) return;
    const chatId = job.requestedBy.chatId;
    try {
      const caption = captionOf();
      await this.#telegram.paced(chatId, (api) =>
        api.sendPhoto(chatId, new InputFile(chart, name), { caption }),
      );
    } catch (error) {
      this.#options.logger?.warn({ err: error, job: job.id }, "report: chart not sent");
    }
  }

  /** The chart, or undefined (logged) when it cannot be drawn: the file goes anyway. */
  async #chart(
    t: Translator,
    job: ReportJob,
    table: ReportTable,
    shopName: string | undefined,
  ): Promise<Buffer | undefined> {
    try {
      const render = this.#options.renderChart ?? reportChartPng;
      return await render(t, job, table, shopName);
    } catch (error) {
      const log = this.#options.logger;
      if (error instanceof ReportChartEmptyError) log?.info({ job: job.id }, "report: no chart");
      else log?.warn({ err: error, job: job.id }, "report: chart not rendered");
      return undefined;
    }
  }

  /** The workbook as the delivered file, or undefined (logged): Ozon's file goes instead. */
  async #xlsx(t: Translator, job: ReportJob, table: ReportTable): Promise<Buffer | undefined> {
    try {
      return await reportXlsx(t, job, table);
    } catch (error) {
      this.#options.logger?.warn({ err: error, job: job.id }, "report: XLSX not built");
      return undefined;
    }
  }

  async failed(job: ReportJob, reason: ReportFailure): Promise<void> {
    const t = this.#translator(job);
    const message = reason.message.trim().slice(0, 500);
    // Ozon may say ERROR without a reason: then the sentence ends without a quote.
    const key =
      reason.code === "ozon_error" && !message
        ? "ads-report-failed-ozon-silent"
        : FAILURE_KEYS[reason.code];
    const text = this.#tagged(t, job, t(key, { about: reportAbout(t, job), message }));
    // Asking again brings the same too-large file, and a removed shop nothing: no Retry then;
    // a scheduled report's scheduler retries by itself, so a Retry here would make two.
    const shopRef = job.shop === undefined ? undefined : this.#options.shops?.get(job.shop)?.ref;
    const retry =
      reason.code === "too_large" || reason.code === "shop_removed" || job.scheduled
        ? undefined
        : reportRetryKeyboard(this.#options.codec, t, job.id, shopRef);
    await this.#showProgress(job, text, retry);
  }

  /** Tells the person their report was cancelled because its shop `shopName` was removed. */
  async cancelled(job: ReportJob, shopName: string): Promise<void> {
    const t = this.#translator(job);
    await this.#showProgress(
      job,
      t("ads-report-cancelled", { about: reportAbout(t, job), name: shopName }),
    );
  }

  async #action(chatId: number): Promise<void> {
    try {
      await this.#telegram.api.sendChatAction(chatId, "upload_document");
    } catch (error) {
      this.#options.logger?.debug({ err: error, chatId }, "report: chat action not shown");
    }
  }

  /** Edits the progress message, or sends one when there is none (or it cannot be edited). */
  async #showProgress(
    job: ReportJob,
    text: string,
    keyboard?: InlineKeyboard,
  ): Promise<ProgressMessageRef> {
    const options = { link_preview_options: { is_disabled: true }, reply_markup: keyboard };
    const ref = job.progressMessageRef;
    if (isProgressMessageRef(ref)) {
      try {
        await this.#telegram.paced(ref.chatId, (api) =>
          api.editMessageText(ref.chatId, ref.messageId, text, options),
        );
        return ref;
      } catch (error) {
        if (isNotModified(error)) return ref;
        if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
        // Deleted or too old to edit: a new progress message instead.
      }
    }
    const { result: sent, chatId } = await this.#telegram.pacedFollowing(
      job.requestedBy.chatId,
      (api, to) => api.sendMessage(to, text, options),
    );
    job.requestedBy.chatId = chatId;
    return { chatId: sent.chat.id, messageId: sent.message_id };
  }
}
