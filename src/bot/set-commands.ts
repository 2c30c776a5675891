import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import { COMMANDS, commandKey } from "./commands.ts";
import { LOCALES, type Locale, type LocalizedContext } from "./i18n.ts";

/**
 * Registers the command list with descriptions in every language: the default locale without a
 * language_code (everyone else sees it), the others with their language_code.
 */
export async function registerCommands(
  api: Api,
  i18n: I18n<LocalizedContext>,
  defaultLocale: Locale,
): Promise<void> {
  const listIn = (locale: Locale) =>
    COMMANDS.map((c) => ({
      command: c.name,
      description: i18n.t(locale, commandKey(c.name, "description")),
    }));
  await api.setMyCommands(listIn(defaultLocale));
  for (const locale of LOCALES) {
    if (locale !== defaultLocale)
      await api.setMyCommands(listIn(locale), { language_code: locale });
  }
}
