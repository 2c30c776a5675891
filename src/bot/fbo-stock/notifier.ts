/**
 * Tells the chats that chose a store's FBO alerts (🛒 Sales in /subscribe) about products that
 * fell under the store's days threshold in a cluster: one message per pass and chat, in the
 * language of whoever chose them. A chat is marked told of a pass's falls only after Telegram
 * accepted, so a repeated pass tells nobody twice; the pass is marked done only when every chat
 * has it (or is gone).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import type { ClusterStock, DaysNotifier } from "../../services/fbo-stock/index.ts";
import type { SalesAudience } from "../../services/sales/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import { givenUpAfterTry } from "../core/alert-tries.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { lowDaysText } from "./format.ts";

const TOLD_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export interface TelegramDaysNotifierOptions {
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
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramDaysNotifier implements DaysNotifier {
  readonly #o: TelegramDaysNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramDaysNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  async tellLow(
    shopId: string,
    falls: readonly ClusterStock[],
    threshold: number,
    readAt: number,
  ): Promise<void> {
    const { store, access, i18n, defaultLocale, shops } = this.#o;
    // The same falls of the same read make the same key: a pass repeated after a failure skips
    // the chats told.
    const key = `${readAt}:${falls.map((f) => `${f.sku}@${f.clusterId}`).join(",")}`;
    const passKey = String(hash(key));
    let failed: unknown;
    for (const chat of await this.#o.audience(shopId)) {
      const mark = `fbo-stock:told:${chat.chatId}:${passKey}`;
      if ((await store.get(mark)) !== undefined) continue;
      const { person } = await access.lookup(chat.by);
      const t = translatorOr(i18n, person?.locale, defaultLocale);
      const text = withShopTag(t, shops, shopId, lowDaysText(t, falls, threshold));
      try {
        await this.#alerts.send(chat.chatId, (api, to) => api.sendMessage(to, text));
        await store.set(mark, true, { ttlMs: TOLD_TTL_MS });
      } catch (error) {
        this.#o.logger?.warn(
          { err: error, chat_id: chat.chatId },
          "could not tell of low FBO days",
        );
        if (await givenUpAfterTry(store, mark, TOLD_TTL_MS, this.#o.logger)) continue;
        failed ??= error;
      }
    }
    if (failed !== undefined) throw failed;
  }
}

/** A short stable hash of a text (FNV-1a, 32 bits). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
