/**
 * Tells a shop's admins and managers about a rating crossing a zone. A chat is marked as told
 * only after Telegram accepted the message, so a pass repeated after a failure tells only those
 * who do not have it yet. Sent through the alert path (core/alert-send.ts), as stock and returns
 * alerts are.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type { RatingCrossing, RatingsNotifier } from "../../services/ratings/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { crossingText } from "./format.ts";

const TOLD_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TelegramRatingsNotifierOptions {
  api: Api;
  shops: ShopRegistry;
  /** The shop's part of the store. */
  store: Store;
  /** The shared part of the store (chat moves, paused chats). */
  shared: Store;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramRatingsNotifier implements RatingsNotifier {
  readonly #o: TelegramRatingsNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramRatingsNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  async crossing(crossing: RatingCrossing): Promise<void> {
    const { access, store, shops, i18n, defaultLocale } = this.#o;
    const people = (await access.listPeople()).filter(
      (p) =>
        AccessService.holds(p, "admin") ||
        (AccessService.holds(p, "manager") && reachesShop(p, "manager", crossing.shopId)),
    );
    let failed: unknown;
    for (const person of people) {
      const mark = `ratings:told:${crossing.id}:${person.id}`;
      if ((await store.get(mark)) !== undefined) continue;
      const t = translatorOr(i18n, person.locale, defaultLocale);
      const text = withShopTag(t, shops, crossing.shopId, crossingText(t, crossing));
      try {
        // Sent, or gone for good (blocked the bot, chat deleted): nothing more to tell there.
        await this.#alerts.send(person.id, (api, to) => api.sendMessage(to, text));
        await store.set(mark, true, { ttlMs: TOLD_TTL_MS });
      } catch (error) {
        this.#o.logger?.warn(
          { err: error, user_id: person.id },
          "could not tell a rating crossing",
        );
        failed ??= error;
      }
    }
    // Someone does not have it yet: the pass tries again (those told are skipped).
    if (failed !== undefined) throw failed;
  }
}
