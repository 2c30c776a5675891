/**
 * A workbook job → Telegram: one progress message edited in place (the preview becomes it), and
 * at the end the summary and the result workbook, each row done or Ozon's error in words — or,
 * when the sender's role went before the job could go on, that it stopped.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, InputFile } from "grammy";
import type { BookJob, BookNotifier, BookResultLine } from "../../services/stock/book-desk.ts";
import { resultWorkbook } from "../../services/stock/book-write.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import { chatKindOf, type TelegramSender } from "../core/sender/index.ts";
import { progressText, resultRow, resultSummary, stoppedText } from "./book-format.ts";

export interface TelegramBookNotifierOptions {
  api: Api;
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
}

export class TelegramBookNotifier implements BookNotifier {
  readonly #o: TelegramBookNotifierOptions;

  constructor(options: TelegramBookNotifierOptions) {
    this.#o = options;
  }

  #t(job: BookJob) {
    return translatorOr(this.#o.i18n, job.locale, this.#o.defaultLocale);
  }

  #target(job: BookJob, priority: "alert" | "bulk" = "alert") {
    return { chatId: job.chatId, kind: chatKindOf(job.chatId), priority } as const;
  }

  async progress(job: BookJob): Promise<number | undefined> {
    const { api, sender } = this.#o;
    const text = progressText(this.#t(job), job);
    const messageId = job.messageId;
    if (messageId === undefined) {
      const sent = await sender.schedule(this.#target(job), () =>
        api.sendMessage(job.chatId, text),
      );
      return sent.message_id;
    }
    await sender
      .schedule(this.#target(job), () => api.editMessageText(job.chatId, messageId, text))
      .catch((error: unknown) => {
        // The same figures again: nothing to change on the screen.
        if (!String((error as Error).message).includes("not modified")) throw error;
      });
    return messageId;
  }

  /** The progress message (the preview) says it too, so no screen still reads "Applying…". */
  async stopped(job: BookJob): Promise<void> {
    const { api, sender } = this.#o;
    const text = stoppedText(this.#t(job), job);
    if (job.messageId !== undefined) {
      const messageId = job.messageId;
      await sender
        .schedule(this.#target(job), () => api.editMessageText(job.chatId, messageId, text))
        .catch(() => undefined);
    }
    await sender.schedule(this.#target(job), () => api.sendMessage(job.chatId, text));
  }

  async finished(job: BookJob, lines: BookResultLine[]): Promise<void> {
    const { api, sender } = this.#o;
    const t = this.#t(job);
    const summary = resultSummary(t, lines);
    if (job.messageId !== undefined) {
      const messageId = job.messageId;
      await sender
        .schedule(this.#target(job), () => api.editMessageText(job.chatId, messageId, summary))
        .catch(() => undefined);
    }
    const names = new Map(job.warehouses.map((w) => [w.id, w.name]));
    const bytes = await resultWorkbook(
      lines.map((line) => ({ row: line.row, offerId: line.offerId, ...resultRow(t, line, names) })),
      [
        t("book-result-row"),
        t("book-column-offer"),
        t("book-result-what"),
        t("book-result-value"),
        t("book-result-outcome"),
      ],
    );
    await sender.schedule(this.#target(job), () =>
      api.sendDocument(job.chatId, new InputFile(bytes, `result-${job.id}.xlsx`), {
        caption: summary,
      }),
    );
  }
}
