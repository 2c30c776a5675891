/**
 * Messages to every admin's private chat, each in the admin's own language: who joined, who asks
 * for access. An admin who never opened the bot (or blocked it) is skipped, not an error.
 * Tests: none directly
 */
import type { Api, InlineKeyboard } from "grammy";
import type { FeatureDeps } from "../core/deps.ts";
import { isLocale, type Locale, type Translator, translatorFor } from "../core/i18n.ts";
import { isChatUnreachable } from "../core/telegram-errors.ts";

export interface AdminMessage {
  text: string;
  keyboard?: InlineKeyboard;
}

/** Sends `build(t)` to each admin but `except`; the number of admins reached. */
export async function tellAdmins(
  api: Api,
  deps: Pick<FeatureDeps, "access" | "i18n" | "config" | "logger">,
  build: (t: Translator) => AdminMessage,
  except?: number,
): Promise<number> {
  const admins = (await deps.access.listPeople()).filter(
    (p) => p.roles.includes("admin") && p.id !== except,
  );
  let reached = 0;
  for (const admin of admins) {
    const locale: Locale = isLocale(admin.locale) ? admin.locale : deps.config.defaultLocale;
    const { text, keyboard } = build(translatorFor(deps.i18n, locale));
    try {
      await api.sendMessage(admin.id, text, {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      });
      reached++;
    } catch (error) {
      if (!isChatUnreachable(error)) throw error;
      deps.logger.info({ user_id: admin.id }, "An admin could not be told: no private chat");
    }
  }
  return reached;
}
