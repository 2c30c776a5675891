/**
 * Tells every admin, privately and in their language, when a loop stalls and when it recovers.
 * StallWatch decides that it happened, once across processes and at most once an hour per store
 * and loop; this only delivers it through the bot's sender.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import { AccessService } from "../../services/access/index.ts";
import type { StallChange, StallWatch } from "../../services/health/stall-watch.ts";
import { isLocale, type Locale, type LocalizedContext, type Translator } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { ago, loopLabel } from "./format.ts";

export interface StallNoticeDeps {
  watch: StallWatch;
  access: AccessService;
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  /** A store's name now (its id when it is gone). */
  storeName(shopId: string): string;
  logger: Logger;
}

/** Starts telling admins; returns the stop. */
export function tellAdminsOfStalls(deps: StallNoticeDeps, api: Api): () => void {
  const { access, sender, i18n, logger } = deps;

  async function tell(change: StallChange): Promise<void> {
    const admins = (await access.listPeople()).filter((p) => AccessService.holds(p, "admin"));
    const now = Date.now();
    await Promise.all(
      admins.map(async (admin) => {
        // Admins are told privately: their own chat with the bot, whatever group they are in.
        if (admin.id <= 0) return;
        const locale = isLocale(admin.locale) ? admin.locale : deps.defaultLocale;
        const t: Translator = (key, vars) => i18n.t(locale, key, vars);
        const where =
          change.shopId === undefined
            ? t("status-notice-of-bot")
            : t("status-notice-of-store", { store: deps.storeName(change.shopId) });
        const text =
          change.kind === "stalled"
            ? t("status-stalled-notice", {
                loop: loopLabel(t, change.loop),
                where,
                when:
                  change.okAt === undefined ? t("status-loop-never") : ago(t, now - change.okAt),
              })
            : t("status-recovered-notice", { loop: loopLabel(t, change.loop), where });
        const target = { chatId: admin.id, kind: "private", priority: "alert" } as const;
        try {
          await sender.schedule(target, () => api.sendMessage(admin.id, text));
        } catch (error) {
          logger.warn(
            { err: error, user_id: admin.id },
            "could not tell an admin of a stalled loop",
          );
        }
      }),
    );
  }

  return deps.watch.onChange((change) => {
    tell(change).catch((error: unknown) =>
      logger.warn({ err: error, shop: change.shopId }, "telling admins of a stalled loop failed"),
    );
  });
}
