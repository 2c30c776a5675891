import { fileURLToPath } from "node:url";
import { I18n, type TranslationVariables, type Warning } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Logger } from "../../logger.ts";

export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** locales/ru.ftl and locales/en.ftl, found next to src/ wherever the project lives. */
export const LOCALES_DIR = fileURLToPath(new URL("../../../locales", import.meta.url));

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A person's stored language when we speak it, else `fallback` (stored values are untrusted). */
export function localeOr(value: unknown, fallback: Locale): Locale {
  return isLocale(value) ? value : fallback;
}

/**
 * The first guess for a person who never chose: Telegram's language_code ("en", "en-US", "ru")
 * when we speak it, else the configured default.
 */
export function guessLocale(languageCode: string | undefined, fallback: Locale): Locale {
  if (languageCode === undefined) return fallback;
  let base = BASE_LANGUAGE.get(languageCode);
  if (base === undefined) {
    base = languageCode.toLowerCase().split(/[-_]/)[0] ?? "";
    if (BASE_LANGUAGE.size < 1_000) BASE_LANGUAGE.set(languageCode, base);
  }
  return isLocale(base) ? base : fallback;
}

/** "en-GB" → "en": Telegram sends a handful of codes, worked out once each. */
const BASE_LANGUAGE = new Map<string, string>();

/** Contexts that carry the negotiated locale (outside and inside conversations). */
export type LocalizedContext = Context & { locale: Locale };

export type Translator = (key: string, variables?: TranslationVariables) => string;

/**
 * The i18n plugin over locales/*.ftl. The locale is decided before it runs (`ctx.locale`, set by
 * the access middleware or, in conversations, taken from the outside context), so negotiation
 * costs nothing. Missing keys are logged; the key parity test keeps them from shipping.
 */
export function createI18n(options: {
  defaultLocale: Locale;
  logger: Logger;
}): I18n<LocalizedContext> {
  const i18n = new I18n<LocalizedContext>({
    defaultLocale: options.defaultLocale,
    directory: LOCALES_DIR,
    useSession: false,
    // No Unicode isolation marks around values: ids and links must stay copyable.
    fluentBundleOptions: { useIsolating: false },
    fluentOptions: {
      warningHandler: (warning: Warning) =>
        options.logger.warn({ key: warning.path, locales: warning.locales }, "i18n: missing text"),
    },
    localeNegotiator: (ctx) => ctx.locale,
  });
  memoizeBundleMatching(i18n);
  memoizeStaticTexts(i18n);
  return i18n;
}

/**
 * Texts without variables (button labels, command descriptions...) never change once loaded:
 * remember them per locale instead of formatting them again for every menu. `ctx.t` is bound to
 * `fluent.translate` per update (withLocale), so replacing it on the instance covers every use.
 */
function memoizeStaticTexts(i18n: I18n<LocalizedContext>): void {
  const fluent = i18n.fluent as unknown as {
    translate(locales: string | string[], path: string, context?: object): string;
  };
  const translate = fluent.translate.bind(fluent);
  const texts = new Map<string, Map<string, string>>();
  fluent.translate = (locales, path, context) => {
    if (typeof locales !== "string" || (context !== undefined && !isEmpty(context))) {
      return translate(locales, path, context);
    }
    let byPath = texts.get(locales);
    if (!byPath) {
      byPath = new Map();
      texts.set(locales, byPath);
    }
    let text = byPath.get(path);
    if (text === undefined) {
      text = translate(locales, path, context);
      byPath.set(path, text);
    }
    return text;
  };
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

/**
 * The Fluent wrapper negotiates languages (@fluent/langneg) on every single translation, which
 * was the largest cost of an update in the benchmark. Bundles are all loaded above, once, so the
 * match for a locale never changes afterwards: remember it.
 */
function memoizeBundleMatching(i18n: I18n<LocalizedContext>): void {
  const fluent = i18n.fluent as unknown as {
    matchBundles(locales: string[]): Set<unknown>;
  };
  const match = fluent.matchBundles.bind(fluent);
  const cache = new Map<string, Set<unknown>>();
  fluent.matchBundles = (locales) => {
    const key = locales.join(",");
    let bundles = cache.get(key);
    if (!bundles) {
      bundles = match(locales);
      cache.set(key, bundles);
    }
    return bundles;
  };
}

/** A translate function for one locale, for places without a context (start-up, errors). */
export function translatorFor(i18n: I18n<LocalizedContext>, locale: Locale): Translator {
  return (key, variables) => i18n.t(locale, key, variables);
}

/** The translate function for a stored locale, or `fallback`'s when it is none the bot speaks. */
export function translatorOr(
  i18n: I18n<LocalizedContext>,
  locale: unknown,
  fallback: Locale,
): Translator {
  return translatorFor(i18n, localeOr(locale, fallback));
}
