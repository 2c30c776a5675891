/**
 * Tells the chats that chose a store's FBO alerts (🛒 Sales in /subscribe) when a supply order
 * was accepted, accepted with discrepancies, or cancelled: once per chat and state (marked only
 * after Telegram accepted), with a button to the order's card.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { SupplyOrder } from "../../ozon/seller/supplies.ts";
import type { AccessService } from "../../services/access/index.ts";
import type { SalesAudience } from "../../services/sales/index.ts";
import type { SupplyNotifier } from "../../services/supplies/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import { givenUpAfterTry } from "../core/alert-tries.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { SUPPLY_OPEN } from "./buttons.ts";
import { changeText } from "./format.ts";

const TOLD_TTL_MS = 120 * 24 * 60 * 60 * 1000;

export interface TelegramSupplyNotifierOptions {
  api: Api;
  shops: ShopRegistry;
  /** The store's part of the store (the marks of who was told). */
  store: Store;
  /** The shared part of the store (paused chats, chat moves). */
  shared: Store;
  audience(shopId: string): Promise<SalesAudience[]>;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  codec: CallbackCodec;
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramSupplyNotifier implements SupplyNotifier {
  readonly #o: TelegramSupplyNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramSupplyNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  async tellState(shopId: string, order: SupplyOrder, from: string | undefined): Promise<void> {
    const { store, access, i18n, defaultLocale, shops, codec } = this.#o;
    const ref = shops.get(shopId)?.ref;
    let failed: unknown;
    for (const chat of await this.#o.audience(shopId)) {
      const mark = `supplies:told:${chat.chatId}:${order.id}:${order.state}`;
      if ((await store.get(mark)) !== undefined) continue;
      const { person } = await access.lookup(chat.by);
      const locale = person?.locale ?? defaultLocale;
      const t = translatorOr(i18n, person?.locale, defaultLocale);
      const text = withShopTag(t, shops, shopId, changeText(t, order, from, locale));
      const keyboard = ref
        ? new InlineKeyboard().text(
            t("supplies-open-button"),
            SUPPLY_OPEN.data(codec, ref, order.id),
          )
        : undefined;
      try {
        await this.#alerts.send(chat.chatId, (api, to) =>
          api.sendMessage(to, text, keyboard ? { reply_markup: keyboard } : {}),
        );
        await store.set(mark, true, { ttlMs: TOLD_TTL_MS });
      } catch (error) {
        this.#o.logger?.warn(
          { err: error, chat_id: chat.chatId },
          "could not tell of a supply's state",
        );
        if (await givenUpAfterTry(store, mark, TOLD_TTL_MS, this.#o.logger)) continue;
        failed ??= error;
      }
    }
    if (failed !== undefined) throw failed;
  }
}
