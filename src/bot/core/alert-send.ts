/**
 * One alert to one chat, as the stock, returns and ratings notifiers send it: through the one
 * sender at alert priority, following a group that became a supergroup (its records move and the
 * alert goes to the new id, chat-moved.ts), and telling apart what the watcher does next:
 * - "sent": Telegram accepted it;
 * - "gone": the chat cannot have it (a person blocked the bot, the chat is deleted);
 * - "paused": the bot may not post in that chat (its right taken away, kicked from the group):
 *   the chat's alerts are paused (services/alert-pauses.ts, subscriptions kept) and the bot's
 *   admins are told once how to resume them;
 * - a throw: worth another try later (429, 5xx, network).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import { AlertPauses } from "../../services/alert-pauses.ts";
import type { Store } from "../../store/port.ts";
import { chatMovesFor, followChatMove, sendFollowingMove } from "./chat-moved.ts";
import type { BotShops } from "./deps.ts";
import { type Locale, type LocalizedContext, translatorOr } from "./i18n.ts";
import { chatKindOf, type TelegramSender } from "./sender/index.ts";
import { telegramChatGone, telegramNoRights } from "./telegram-errors.ts";

export type AlertOutcome = "sent" | "gone" | "paused";

export interface AlertSenderOptions {
  api: Api;
  sender: TelegramSender;
  /** The shared part of the store (pauses, chat moves). */
  store: Store;
  shops: Pick<BotShops, "all">;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  logger?: Pick<Logger, "info" | "warn">;
}

export class AlertSender {
  readonly #o: AlertSenderOptions;
  readonly #pauses: AlertPauses;

  constructor(options: AlertSenderOptions) {
    this.#o = options;
    this.#pauses = new AlertPauses(options.store);
  }

  /** The chats whose alerts are paused now (an audience leaves them out). */
  paused(): Promise<Set<number>> {
    return this.#pauses.chats();
  }

  /** `call(api, chatId)` to the chat, or to its new id when it moved; see the header. */
  async send(
    chatId: number,
    call: (api: Api, chatId: number) => Promise<unknown>,
  ): Promise<AlertOutcome> {
    const { api, sender, store, shops, logger } = this.#o;
    const moves = chatMovesFor(store, shops);
    try {
      await sendFollowingMove(
        chatId,
        (to) =>
          sender.schedule({ chatId: to, kind: chatKindOf(to), priority: "alert" }, () =>
            call(api, to),
          ),
        (from, to) => followChatMove(moves, api, from, to, logger),
      );
      return "sent";
    } catch (error) {
      const gone = telegramChatGone(error)?.kind;
      if (gone === "migrated") throw error;
      // Refused at the new id after a move: that is the chat to pause.
      const at = (await moves.movedTo(chatId)) ?? chatId;
      // A group where the bot may not post, or was kicked from: paused. A person who blocked the
      // bot is only "gone" (nothing to tell an admin about).
      const noRights = telegramNoRights(error);
      const noPost = at < 0 && (noRights || gone === "blocked");
      if (!noPost) {
        if (gone === undefined) throw error;
        return "gone";
      }
      if (await this.#pauses.pause(at, noRights ? "no_rights" : "removed")) {
        logger?.info(
          { telegramChatId: at, kind: gone },
          "The bot may not post in a chat: its alerts are paused",
        );
        await this.#tellAdmins(at);
      }
      return "paused";
    }
  }

  /** Each admin in private, in their language; one who cannot be reached is skipped. */
  async #tellAdmins(chatId: number): Promise<void> {
    const { api, sender, access, i18n, defaultLocale, logger } = this.#o;
    const chat = await api.getChat(chatId).catch(() => undefined);
    const title = chat && "title" in chat && chat.title ? chat.title : String(chatId);
    const admins = (await access.listPeople()).filter((p) => p.roles.includes("admin"));
    for (const admin of admins) {
      const t = translatorOr(i18n, admin.locale, defaultLocale);
      const target = { chatId: admin.id, kind: chatKindOf(admin.id), priority: "alert" } as const;
      try {
        await sender.schedule(target, () =>
          api.sendMessage(admin.id, t("alerts-paused-no-rights", { chat: title })),
        );
      } catch (error) {
        logger?.warn(
          { err: error, user_id: admin.id },
          "An admin could not be told of paused alerts",
        );
      }
    }
  }
}
