/**
 * Tells a store's admins and managers (those whose manager role reaches it) of a loss day or a
 * missed payout, each in their language, unless they turned that alert off in /money. A person is
 * marked as told only after Telegram accepted the message, so a pass repeated after a failure
 * tells only whoever lacks it. Sent through the alert path (core/alert-send.ts).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import { AccessService } from "../../services/access/index.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import type {
  LossDay,
  MissedPayout,
  MoneyAlertKind,
  MoneyAlertSettings,
  MoneyAlertsNotifier,
} from "../../services/money/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import { AlertSender } from "../core/alert-send.ts";
import { type Locale, type LocalizedContext, type Translator, translatorOr } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { lossText, missedPayoutText } from "./format.ts";

const TOLD_TTL_MS = 40 * 24 * 60 * 60 * 1000;

export interface TelegramMoneyNotifierOptions {
  api: Api;
  shops: ShopRegistry;
  /** The shop's part of the store. */
  store: Store;
  /** The shared part of the store (chat moves, paused chats). */
  shared: Store;
  access: AccessService;
  settings: MoneyAlertSettings;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  sender: TelegramSender;
  logger?: Logger;
}

export class TelegramMoneyNotifier implements MoneyAlertsNotifier {
  readonly #o: TelegramMoneyNotifierOptions;
  readonly #alerts: AlertSender;

  constructor(options: TelegramMoneyNotifierOptions) {
    this.#o = options;
    this.#alerts = new AlertSender({ ...options, store: options.shared });
  }

  loss(alert: LossDay): Promise<void> {
    return this.#tell("loss", alert.id, alert.shopId, (t) => lossText(t, alert));
  }

  missedPayout(alert: MissedPayout): Promise<void> {
    return this.#tell("payout", alert.id, alert.shopId, (t) => missedPayoutText(t, alert));
  }

  async #tell(
    kind: MoneyAlertKind,
    id: string,
    shopId: string,
    textOf: (t: Translator) => string,
  ): Promise<void> {
    const { access, store, shops, i18n, defaultLocale, settings } = this.#o;
    const people = (await access.listPeople()).filter(
      (p) =>
        AccessService.holds(p, "admin") ||
        (AccessService.holds(p, "manager") && reachesShop(p, "manager", shopId)),
    );
    let failed: unknown;
    for (const person of people) {
      if (!(await settings.wants(person.id, kind))) continue;
      const mark = `money:told:${id}:${person.id}`;
      if ((await store.get(mark)) !== undefined) continue;
      const t = translatorOr(i18n, person.locale, defaultLocale);
      const text = withShopTag(t, shops, shopId, textOf(t));
      try {
        await this.#alerts.send(person.id, (api, to) => api.sendMessage(to, text));
        await store.set(mark, true, { ttlMs: TOLD_TTL_MS });
      } catch (error) {
        this.#o.logger?.warn({ err: error, user_id: person.id }, "could not tell a money alert");
        failed ??= error;
      }
    }
    if (failed !== undefined) throw failed;
  }
}
