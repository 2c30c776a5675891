/**
 * Tells a schedule's chat that a scheduled run failed, with the reason and what happens next (one
 * more try, or the next slot). Sent through the bot's sender as bulk, like the reports' messages;
 * with several shops the message names the shop.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { ScheduleFailure, ScheduleNotifier } from "../../services/schedules/scheduler.ts";
import type { ReportSchedule } from "../../services/schedules/schedules.ts";
import { nextSlot } from "../../services/schedules/slots.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { reportProblemText } from "../format/ads.ts";
import { ruleText, scheduleReportText, slotText } from "../format/schedule.ts";
import { type Locale, type LocalizedContext, type Translator, translatorOr } from "../i18n.ts";
import type { TelegramSender } from "../sender/index.ts";
import { withShopTag } from "../shops.ts";
import { type ChatMovesHook, PacedApi } from "./paced-api.ts";

export interface TelegramScheduleNotifierOptions {
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  shops: ShopRegistry;
  zone: string;
  /** The pause before the retry, to say when it comes. */
  retryDelayMs: number;
  now?: () => number;
  /** A group that became a supergroup: the schedule's records follow it (chat-moved.ts). */
  chatMoves?: ChatMovesHook;
}

export function failureReason(t: Translator, failure: ScheduleFailure): string {
  switch (failure.code) {
    case "shop_gone":
      return t("schedule-failed-shop-gone");
    case "no_access":
      return t("schedule-failed-no-access");
    case "refused":
      return reportProblemText(t, failure.problem);
    case "report_failed":
      return failure.message.trim()
        ? t("schedule-failed-ozon", { message: failure.message.trim().slice(0, 300) })
        : t("schedule-failed-ozon-silent");
    case "error":
      return t("schedule-failed-error");
  }
}

export class TelegramScheduleNotifier implements ScheduleNotifier {
  readonly #options: TelegramScheduleNotifierOptions;
  readonly #telegram: PacedApi;

  constructor(options: TelegramScheduleNotifierOptions) {
    this.#options = options;
    this.#telegram = new PacedApi(options.sender, "schedule notifier", options.chatMoves);
  }

  attach(api: Api): void {
    this.#telegram.attach(api);
  }

  translator(locale: string): Translator {
    return translatorOr(this.#options.i18n, locale, this.#options.defaultLocale);
  }

  /** One message to `chatId` (or the supergroup it became) through the sender (bulk). */
  async send(chatId: number, text: string): Promise<void> {
    await this.#telegram.pacedFollowing(chatId, (api, to) =>
      api.sendMessage(to, text, { link_preview_options: { is_disabled: true } }),
    );
  }

  async failed(
    schedule: ReportSchedule,
    failure: ScheduleFailure,
    retrying: boolean,
  ): Promise<void> {
    const t = this.translator(schedule.locale);
    const { zone, retryDelayMs, shops } = this.#options;
    const now = (this.#options.now ?? Date.now)();
    const next = retrying
      ? t("schedule-failed-retrying", { minutes: Math.max(1, Math.round(retryDelayMs / 60_000)) })
      : t("schedule-failed-next", { at: slotText(nextSlot(schedule.rule, now, zone), zone) });
    const text = t("schedule-failed", {
      rule: ruleText(t, schedule.rule),
      report: scheduleReportText(t, schedule),
      reason: failureReason(t, failure),
      next,
    });
    await this.send(
      schedule.chatId,
      shops.many ? withShopTag(t, shops, schedule.shop, text) : text,
    );
  }
}
