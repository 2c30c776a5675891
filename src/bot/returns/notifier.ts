/**
 * Tells the chats that chose returns about a return coming back or an rFBS request arriving.
 * A chat hears about a shop only while whoever turned its alerts on still reaches that shop (as
 * admin, seller or warehouse); an rFBS card carries Ozon's actions only for admins and sellers.
 * A chat is marked told only after Telegram accepted, so a repeated pass tells nobody twice.
 * Sent through the alert path (core/alert-send.ts): a group that became a supergroup gets it at
 * its new id; a chat where the bot may not post is paused and left out until resumed.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type {
  ReturnEvent,
  ReturnsNotifier,
  ReturnsSubscribers,
} from "../../services/returns/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { returnAlertText, rfbsCardText } from "./format.ts";
import { rfbsKeyboard } from "./keyboards.ts";

const TOLD_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const ROLES = ["seller", "warehouse"] as const;

export interface TelegramReturnsNotifierOptions {
  api: Api;
  shops: ShopRegistry;
  /** The shop's part of the store (the marks of who was told). */
  store: Store;
  /** The shared part of the store (paused chats, chat moves). */
  shared: Store;
  subscribers: ReturnsSubscribers;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  timezone: string;
  codec: CallbackCodec;
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramReturnsNotifier implements ReturnsNotifier {
  readonly #o: TelegramReturnsNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramReturnsNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  async alert(event: ReturnEvent, skip: ReadonlySet<number>): Promise<{ failed: number[] }> {
    const { access, store, shops, i18n, defaultLocale, codec, subscribers } = this.#o;
    const failed: number[] = [];
    const paused = await this.#alerts.paused();
    for (const chat of await subscribers.list()) {
      if (skip.has(chat.chatId) || paused.has(chat.chatId)) continue;
      const { person } = await access.lookup(chat.by);
      const reaches =
        person?.roles.includes("admin") ||
        ROLES.some((role) => reachesShop(person, role, event.shopId));
      if (!person || !reaches) continue;
      const mark = `returns:told:${event.key}:${chat.chatId}`;
      if ((await store.get(mark)) !== undefined) continue;
      const t = translatorOr(i18n, person.locale, defaultLocale);
      const format = { timezone: this.#o.timezone, locale: person.locale ?? defaultLocale };
      let body: string;
      let keyboard: ReturnType<typeof rfbsKeyboard>;
      if (event.kind === "return") {
        body = returnAlertText(t, event.ret, format);
      } else {
        body = rfbsCardText(t, event.request, event.deadline, format, "new");
        const decides =
          person.roles.includes("admin") || reachesShop(person, "seller", event.shopId);
        const ref = shops.get(event.shopId)?.ref;
        keyboard =
          decides && ref
            ? rfbsKeyboard(codec, t, event.request.id, ref, event.request.actions)
            : undefined;
      }
      const text = withShopTag(t, shops, event.shopId, body);
      try {
        // Sent, gone or paused: this chat is done with it.
        await this.#alerts.send(chat.chatId, (api, to) =>
          api.sendMessage(to, text, keyboard ? { reply_markup: keyboard } : {}),
        );
        await store.set(mark, true, { ttlMs: TOLD_TTL_MS });
      } catch (error) {
        this.#o.logger?.warn({ err: error, chat_id: chat.chatId }, "could not tell about a return");
        failed.push(chat.chatId);
      }
    }
    return { failed };
  }
}
