/**
 * Tells the chats that chose "🛒 Sales" for a store about its FBO orders: a card per order or a
 * digest, in the language of whoever turned the alerts on, and redraws them when an order is
 * cancelled. A chat hears about a store while whoever turned it on there still reaches it (admin,
 * manager, seller or warehouse) — or, when that person no longer does, while the bot has an admin
 * (who reaches every store): the chat is then told in the admin's language. Sent through the alert path (core/alert-send.ts): a group that became a
 * supergroup gets it at its new id; a chat where the bot may not post is paused and left out.
 * Tests: test/bot/sales/audience.test.ts
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Message } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type {
  Sale,
  SalesAudience,
  SalesNotifier,
  SalesSubscribers,
} from "../../services/sales/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import { isNotModified } from "../core/screen-text.ts";
import { chatKindOf, type TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { salesMessageText } from "./format.ts";

export const SALES_ROLES = ["manager", "seller", "warehouse"] as const;

export interface TelegramSalesNotifierOptions {
  api: Api;
  shops: ShopRegistry;
  /** The shared part of the store (paused chats, chat moves). */
  shared: Store;
  subscribers: SalesSubscribers;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramSalesNotifier implements SalesNotifier {
  readonly #o: TelegramSalesNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramSalesNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  async audience(shopId: string): Promise<SalesAudience[]> {
    const paused = await this.#alerts.paused();
    const chats: SalesAudience[] = [];
    let admin: Promise<number | undefined> | undefined;
    for (const chat of await this.#o.subscribers.of(shopId)) {
      if (paused.has(chat.chatId)) continue;
      const { person } = await this.#o.access.lookup(chat.by);
      const reaches =
        person?.roles.includes("admin") ||
        SALES_ROLES.some((role) => reachesShop(person, role, shopId));
      if (reaches) {
        chats.push(chat);
        continue;
      }
      // Whoever turned it on lost the store (or left): any admin of the bot stands for them.
      admin ??= this.#o.access
        .listPeople()
        .then((people) => people.find((p) => p.roles.includes("admin"))?.id);
      const standIn = await admin;
      if (standIn !== undefined) chats.push({ ...chat, by: standIn });
    }
    return chats;
  }

  async #translator(by: number) {
    const { person } = await this.#o.access.lookup(by);
    return translatorOr(this.#o.i18n, person?.locale, this.#o.defaultLocale);
  }

  async send(
    chat: SalesAudience,
    shopId: string,
    message: { sales: Sale[]; cancelled: string[] },
  ): Promise<{ chatId: number; messageId: number } | "gone"> {
    const t = await this.#translator(chat.by);
    const text = withShopTag(t, this.#o.shops, shopId, salesMessageText(t, message));
    let sent: Message.TextMessage | undefined;
    const outcome = await this.#alerts.send(chat.chatId, async (api, to) => {
      sent = await api.sendMessage(to, text);
    });
    if (outcome !== "sent" || !sent) return "gone";
    return { chatId: sent.chat.id, messageId: sent.message_id };
  }

  async redraw(
    at: { chatId: number; messageId: number },
    shopId: string,
    message: { sales: Sale[]; cancelled: string[] },
  ): Promise<void> {
    const chat = (await this.#o.subscribers.get(at.chatId).catch(() => undefined)) ?? undefined;
    const t = chat
      ? await this.#translator(chat.by)
      : translatorOr(this.#o.i18n, undefined, this.#o.defaultLocale);
    const text = withShopTag(t, this.#o.shops, shopId, salesMessageText(t, message));
    const target = { chatId: at.chatId, kind: chatKindOf(at.chatId), priority: "alert" } as const;
    try {
      await this.#o.sender.schedule(target, () =>
        this.#o.api.editMessageText(at.chatId, at.messageId, text),
      );
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  }
}
