/**
 * Tells a schedule's chat that a scheduled run failed, with the reason and what happens next (one
 * more try, or the next slot), and tells the owner alone, in private, that the scheduler paused
 * their schedule because their rights are gone. Sent through the bot's sender as bulk, like the
 * reports' messages; with several shops the message names the shop.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError } from "grammy";
import type {
  GroupStanding,
  ScheduleFailure,
  ScheduleNotifier,
} from "../../../services/ads/schedules/scheduler.ts";
import type { PauseReason, ReportSchedule } from "../../../services/ads/schedules/schedules.ts";
import { nextSlot } from "../../../services/ads/schedules/slots.ts";
import type { ShopRegistry } from "../../../shops/registry.ts";
import {
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorOr,
} from "../../core/i18n.ts";
import { localeOf } from "../../core/numbers.ts";
import type { TelegramSender } from "../../core/sender/index.ts";
import { type ChatMovesHook, PacedApi } from "../../core/sender/paced-api.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { telegramChatGone } from "../../core/telegram-errors.ts";
import { reportProblemText } from "../format.ts";
import { pauseReasonText, ruleText, scheduleReportText, slotText } from "./format.ts";

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
  /** How long the one getChatMember of a run may take (default 10 s). */
  checkTimeoutMs?: number;
}

/** Who may manage a group's schedules: its creator and its administrators. */
export const GROUP_ADMIN_STATUSES: ReadonlySet<string> = new Set(["creator", "administrator"]);

/** 400s about the person, not the chat: the owner's account is gone, so they administer nothing. */
const OWNER_GONE = /user not found|user is deactivated|participant_id_invalid/i;

export function failureReason(t: Translator, failure: ScheduleFailure): string {
  switch (failure.code) {
    case "shop_gone":
      return t("schedule-failed-shop-gone");
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

  /** One message to `chatId` through the sender (bulk). */
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
    const { zone, retryDelayMs } = this.#options;
    const now = (this.#options.now ?? Date.now)();
    const next = retrying
      ? t("schedule-failed-retrying", { minutes: Math.max(1, Math.round(retryDelayMs / 60_000)) })
      : t("schedule-failed-next", {
          at: slotText(nextSlot(schedule.rule, now, zone), zone, localeOf(t)),
        });
    const text = t("schedule-failed", {
      rule: ruleText(t, schedule.rule),
      report: scheduleReportText(t, schedule),
      reason: failureReason(t, failure),
      next,
    });
    await this.send(schedule.chatId, this.#tagged(t, schedule, text));
  }

  async paused(schedule: ReportSchedule, reason: PauseReason): Promise<void> {
    const t = this.translator(schedule.locale);
    const text = t("schedule-stopped", {
      rule: ruleText(t, schedule.rule),
      report: scheduleReportText(t, schedule),
      where: schedule.chatTitle
        ? t("schedule-to-group", { title: schedule.chatTitle })
        : t("schedule-to-me"),
      reason: pauseReasonText(t, reason),
    });
    // The owner's private chat, never the group: its members need not learn who lost what.
    await this.send(schedule.owner, this.#tagged(t, schedule, text));
  }

  /**
   * The owner's standing in a group, from one getChatMember bounded by `checkTimeoutMs`: an
   * answer at all means the bot is still in the group; 403 or "chat not found" means it is not.
   * Anything else (5xx, 429, a timeout) is "unknown".
   */
  async ownerInGroup(chatId: number, userId: number): Promise<GroupStanding> {
    const timeout = AbortSignal.timeout(this.#options.checkTimeoutMs ?? 10_000) as Parameters<
      Api["getChatMember"]
    >[2];
    try {
      // A group that became a supergroup is asked again at its new id (its records follow it).
      const { result: member } = await this.#telegram.following(chatId, (api, to) =>
        api.getChatMember(to, userId, timeout),
      );
      return GROUP_ADMIN_STATUSES.has(member.status) ? "admin" : "not_admin";
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 400) {
        if (OWNER_GONE.test(error.description)) return "not_admin";
      }
      const gone = telegramChatGone(error)?.kind;
      return gone === "blocked" || gone === "not_found" ? "bot_gone" : "unknown";
    }
  }

  #tagged(t: Translator, schedule: ReportSchedule, text: string): string {
    const { shops } = this.#options;
    return shops.many ? withShopTag(t, shops, schedule.shop, text) : text;
  }
}
