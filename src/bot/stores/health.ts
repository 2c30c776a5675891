/**
 * Tells every admin, in their language, when Ozon starts refusing a store's keys and when they
 * work again. ShopHealth decides that a change happened once across restarts and processes;
 * this only delivers it, through the bot's sender (alerts keep to Telegram's limits with the rest).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import { AccessService } from "../../services/access/index.ts";
import type { HealthChange, ShopHealth } from "../../shops/health.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { isLocale, type Locale, type LocalizedContext } from "../core/i18n.ts";
import { chatKindOf, type TelegramSender } from "../core/sender/index.ts";

export interface HealthNoticeDeps {
  health: ShopHealth;
  shops: ShopRegistry;
  access: AccessService;
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  logger: Logger;
}

const NOTICE_KEYS = {
  refused: {
    seller: "stores-health-refused-seller",
    performance: "stores-health-refused-performance",
  },
  recovered: {
    seller: "stores-health-recovered-seller",
    performance: "stores-health-recovered-performance",
  },
} as const;

/** Starts telling admins; returns the stop. */
export function tellAdminsOfHealth(deps: HealthNoticeDeps, api: Api): () => void {
  const { health, shops, access, sender, i18n, logger } = deps;

  async function tell(change: HealthChange): Promise<void> {
    const name = shops.get(change.shopId)?.name ?? change.shopId;
    const key = NOTICE_KEYS[change.kind][change.api];
    const admins = (await access.listPeople()).filter((p) => AccessService.holds(p, "admin"));
    await Promise.all(
      admins.map(async (admin) => {
        const locale = isLocale(admin.locale) ? admin.locale : deps.defaultLocale;
        const text = i18n.t(locale, key, { name });
        const target = { chatId: admin.id, kind: chatKindOf(admin.id), priority: "alert" } as const;
        try {
          await sender.schedule(target, () => api.sendMessage(admin.id, text));
        } catch (error) {
          logger.warn(
            { err: error, user_id: admin.id },
            "could not tell an admin of a store's keys",
          );
        }
      }),
    );
  }

  return health.onChange((change) => {
    logger.warn(
      { shop: change.shopId, api: change.api, change: change.kind },
      change.kind === "refused" ? "Ozon refused a store's keys" : "A store's keys work again",
    );
    tell(change).catch((error: unknown) =>
      logger.warn({ err: error, shop: change.shopId }, "telling admins of a store's keys failed"),
    );
  });
}
