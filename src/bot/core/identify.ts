/** Tests: none directly */
import type { Context, MiddlewareFn } from "grammy";
import { type AccessService, personKey } from "../../services/access/index.ts";
import type { ReadAlong } from "./chat-lock.ts";
import type { BotContext } from "./context.ts";
import { guessLocale, isLocale, type Locale } from "./i18n.ts";
import { profileOf } from "./screen-text.ts";

/**
 * Looks up who acts (one store read) and decides the language before any feature runs:
 * `ctx.person` (undefined for strangers and bots) and `ctx.locale`.
 */
export function identify(access: AccessService, defaultLocale: Locale): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (!from || from.is_bot) {
      ctx.person = undefined;
      ctx.locale = defaultLocale;
      return next();
    }
    const { person, locale } = await access.lookup(from.id);
    ctx.person = person;
    ctx.locale = isLocale(locale) ? locale : guessLocale(from.language_code, defaultLocale);
    if (person && !isLocale(locale)) {
      // Keep the first guess, so alerts and relayed messages sent outside any update (no
      // Telegram language at hand then) speak the person's language too; /language changes it.
      await access.setLocale(profileOf(from), ctx.locale);
    }
    // Keep names fresh for /users; costs a write only when Telegram shows a change.
    if (
      person &&
      (person.firstName !== from.first_name ||
        person.lastName !== from.last_name ||
        person.username !== from.username)
    ) {
      const profile = profileOf(from);
      await access.rememberProfile(profile);
      ctx.person = { ...person, ...profile };
    }
    return next();
  };
}

/**
 * For the chat lock (chat-lock.ts `readAlong`): the acting person's record read in the same round
 * trip as the lock is taken, so `identify` finds it in the access cache instead of asking the
 * store again. Only when that cache has no fresh answer for them anyway.
 */
export function personReadAlong(access: AccessService): ReadAlong {
  return {
    keyOf: (ctx: Context) => {
      const from = ctx.from;
      if (!from || from.is_bot || !access.wantsRead(from.id)) return undefined;
      return personKey(from.id);
    },
    onRead: (ctx: Context, _key: string, value: unknown) => {
      if (ctx.from) access.rememberRead(ctx.from.id, value);
    },
  };
}
