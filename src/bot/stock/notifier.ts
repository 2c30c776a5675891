/**
 * Stock alerts → Telegram: to every subscribed chat that turned them on, wants the alert's store
 * and warehouse (the /subscribe filters), and — in private — whose person's warehouse role (or
 * admin) still reaches the store, and whose alerts are not paused. Sent through the alert path
 * (core/alert-send.ts): a group that became a supergroup gets it at its new id, a chat where the
 * bot may not post is paused ("gone" to the watcher), a chat that blocked the bot or is gone is
 * done with ("gone"), a failure worth another try throws (the watcher tries that chat next pass).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type { StockAlertChoice } from "../../services/stock/settings.ts";
import type { StockAlert, StockNotifier, StockSendResult } from "../../services/stock/watcher.ts";
import {
  type SubscriptionService,
  subscriberForShop,
  wantsShop,
  wantsWarehouse,
} from "../../services/subscriptions.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { stockAlertText } from "./format.ts";
import { stockAlertKeyboard } from "./keyboards.ts";

export interface TelegramStockNotifierOptions {
  api: Api;
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  access: AccessService;
  codec: CallbackCodec;
  shops: ShopRegistry;
  subscriptions: SubscriptionService;
  choice: StockAlertChoice;
  /** The shared part of the store (paused chats, chat moves). */
  store: Store;
  logger?: Pick<Logger, "info" | "warn">;
}

export class TelegramStockNotifier implements StockNotifier {
  readonly #o: TelegramStockNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramStockNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender(options);
  }

  async audience(alert: StockAlert): Promise<number[]> {
    const { subscriptions, choice, access, shops } = this.#o;
    const on = await choice.chats();
    if (on.size === 0) return [];
    const paused = await this.#alerts.paused();
    const legacyId = shops.legacyOwner()?.id;
    const chats: number[] = [];
    for (const subscriber of await subscriptions.list()) {
      if (!on.has(subscriber.chatId) || paused.has(subscriber.chatId)) continue;
      if (!wantsShop(subscriber, alert.shopId)) continue;
      const forShop = subscriberForShop(subscriber, alert.shopId, legacyId);
      if (!wantsWarehouse(forShop, alert.level.warehouseId)) continue;
      if (subscriber.kind === "private") {
        const { person } = await access.lookup(subscriber.chatId);
        if (!reachesShop(person, "warehouse", alert.shopId)) continue;
      }
      chats.push(subscriber.chatId);
    }
    return chats;
  }

  async send(chatId: number, alert: StockAlert): Promise<StockSendResult> {
    const { i18n, defaultLocale, access, codec, shops } = this.#o;
    const locale = chatId > 0 ? (await access.lookup(chatId)).locale : undefined;
    const t = translatorOr(i18n, locale, defaultLocale);
    const text = withShopTag(t, shops, alert.shopId, stockAlertText(t, alert));
    const ref = shops.get(alert.shopId)?.ref;
    const keyboard = ref === undefined ? undefined : stockAlertKeyboard(codec, t, alert, ref);
    const outcome = await this.#alerts.send(chatId, (api, to) =>
      api.sendMessage(to, text, keyboard ? { reply_markup: keyboard } : {}),
    );
    return outcome === "sent" ? "sent" : "gone";
  }
}
