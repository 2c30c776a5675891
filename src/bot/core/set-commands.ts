/** Tests: none directly */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotCommandScope } from "grammy/types";
import { COMMANDS, commandKey, GROUP_MENU } from "./commands.ts";
import { LOCALES, type Locale, type LocalizedContext } from "./i18n.ts";

/**
 * Registers the shared command lists in every language (the default locale without a
 * language_code, the others with theirs): private chats by default get only what a stranger may
 * use — each person's own list comes from person-menus.ts —, group chats GROUP_MENU (at most
 * MENU_LIMIT entries; the rest typed).
 */
export async function registerCommands(
  api: Api,
  i18n: I18n<LocalizedContext>,
  defaultLocale: Locale,
): Promise<void> {
  const lists: Array<{ scope: BotCommandScope; names: readonly string[] }> = [
    {
      scope: { type: "default" },
      names: COMMANDS.filter((c) => c.audience === "everyone").map((c) => c.name),
    },
    { scope: { type: "all_group_chats" }, names: GROUP_MENU },
  ];
  for (const { scope, names } of lists) {
    for (const locale of LOCALES) {
      const commands = COMMANDS.filter((c) => names.includes(c.name)).map((c) => ({
        command: c.name,
        description: i18n.t(locale, commandKey(c.name, "description")),
      }));
      const language = locale === defaultLocale ? {} : { language_code: locale };
      await api.setMyCommands(commands, { scope, ...language });
    }
  }
}
