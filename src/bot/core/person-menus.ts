/**
 * Each person's own command menu: Telegram's setMyCommands with a chat scope per person, so the
 * list holds Home, the jobs their roles do most and /help, in their language. Set again when
 * something it depends on changes: roles (invite, /users, owner link, ADMIN_IDS at start),
 * language.
 *
 * The chat-scoped list carries no language_code: Telegram would show it only to a Telegram app
 * in that language, and a person may choose another language in /language than their app's.
 * One list per person, written in the language they chose, always shows.
 *
 * Telegram limits how often menus may be set: the hash of the last list sent is kept per person
 * (`menu:<id>`), and nothing is sent while it matches — a restart re-sends nobody's menu.
 * Tests: test/bot/ads/campaigns/menus.test.ts
 */
import { createHash } from "node:crypto";
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotCommand } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { AccessService, Person } from "../../services/access/index.ts";
import type { Store } from "../../store/port.ts";
import { type CommandName, commandKey, commandSpec, MENU_LIMIT } from "./commands.ts";
import { mayUse } from "./guard.ts";
import {
  isLocale,
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorFor,
} from "./i18n.ts";
import { favouriteCommands } from "./menu.ts";

const menuKey = (id: number) => `menu:${id}`;

/**
 * A person's own menu: Home (/start), the jobs their roles do most (MENU_BY_ROLE, taken in turn
 * from each role; an admin's own list for an admin) and /help, at most MENU_LIMIT entries. The
 * rest stays typed and on Home's "All jobs".
 */
export function menuCommands(person: Person | undefined, t: Translator): BotCommand[] {
  const names: CommandName[] = ["start", ...favouriteCommands(person, MENU_LIMIT - 2)];
  names.push("help");
  return names
    .filter((name) => mayUse(person, commandSpec(name).audience))
    .map((name) => ({ command: name, description: t(commandKey(name, "description")) }));
}

export interface PersonMenusOptions {
  access: AccessService;
  store: Store;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  logger: Logger;
}

export class PersonMenus {
  readonly #options: PersonMenusOptions;

  constructor(options: PersonMenusOptions) {
    this.#options = options;
  }

  /**
   * Sets this person's menu when it differs from the last one set; a person without roles loses
   * theirs (the default scope, a stranger's, applies again). Never throws: a menu is a nicety.
   */
  async refresh(api: Api, id: number): Promise<void> {
    const { access, store, i18n, defaultLocale, logger } = this.#options;
    const scope = { type: "chat", chat_id: id } as const;
    try {
      const { person, locale } = await access.lookup(id);
      const last = await store.get<string>(menuKey(id));
      if (!person) {
        if (last === undefined) return;
        await api.deleteMyCommands({ scope });
        await store.delete(menuKey(id));
        return;
      }
      const t = translatorFor(i18n, isLocale(locale) ? locale : defaultLocale);
      const commands = menuCommands(person, t);
      const hash = createHash("sha256").update(JSON.stringify(commands)).digest("base64url");
      if (hash === last) return;
      await api.setMyCommands(commands, { scope });
      await store.set(menuKey(id), hash);
    } catch (error) {
      logger.warn({ err: error, user_id: id }, "Could not set a person's command menu");
    }
  }

  /** Every person's menu (at start: ADMIN_IDS, and people from before menus were per person). */
  async refreshAll(api: Api): Promise<void> {
    let people: Person[];
    try {
      people = await this.#options.access.listPeople();
    } catch (error) {
      this.#options.logger.warn({ err: error }, "Could not list people to set their menus");
      return;
    }
    for (const person of people) await this.refresh(api, person.id);
  }
}
