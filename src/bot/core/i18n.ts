/** Tests: test/bot/core/i18n.test.ts, test/bot/core/i18n-keys.test.ts and 23 more */
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { I18n, type I18nFlavor, type TranslationVariables, type Warning } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";

export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** locales/ru/*.ftl and locales/en/*.ftl (one file per capability), found next to src/. */
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
 * The i18n plugin over locales/*.ftl, with the texts formatted by our own Fluent bundles
 * (@fluent/bundle, see BotI18n). The locale is decided before it runs (`ctx.locale`, set by the
 * access middleware or, in conversations, taken from the outside context), so negotiation costs
 * nothing. Missing keys are logged; the key parity test keeps them from shipping.
 */
export function createI18n(options: {
  defaultLocale: Locale;
  logger: Logger;
  /** Where the .ftl files are: LOCALES_DIR unless a test brings its own. */
  directory?: string;
}): I18n<LocalizedContext> {
  return new BotI18n(options.defaultLocale, options.directory ?? LOCALES_DIR, (key, locale) =>
    options.logger.warn({ key, locales: [locale] }, "i18n: missing text"),
  );
}

/**
 * The plugin as the bot uses it (its middleware gives `ctx.i18n`; its type is what features
 * take), but texts come from one FluentBundle per locale held here: the plugin negotiates
 * languages (@fluent/langneg) on every translation, which makes a menu screen's texts about ten
 * times dearer (bench/i18n.ts). Only public methods are overridden: `translate` (so `i18n.t`) and
 * `middleware`, whose `ctx.t` speaks `ctx.locale`. The plugin gets the same files, so it agrees.
 */
class BotI18n extends I18n<LocalizedContext> {
  readonly #bundles = new Map<string, FluentBundle>();
  readonly #defaultLocale: Locale;
  readonly #onMissing: (key: string, locale: string) => void;
  /** Texts without variables (labels, descriptions) never change once loaded: per locale, by key. */
  readonly #fixed = new Map<string, Map<string, string>>();

  constructor(
    defaultLocale: Locale,
    directory: string,
    onMissing: (key: string, locale: string) => void,
  ) {
    super({
      defaultLocale,
      useSession: false,
      // No Unicode isolation marks around values: ids and links must stay copyable.
      fluentBundleOptions: { useIsolating: false },
      fluentOptions: { warningHandler: (w: Warning) => onMissing(w.path, String(w.locales)) },
      localeNegotiator: (ctx) => ctx.locale,
    });
    this.#defaultLocale = defaultLocale;
    this.#onMissing = onMissing;
    for (const [locale, source] of readLocaleSources(directory)) {
      this.loadLocaleSync(locale, { source });
      const bundle = new FluentBundle(locale, { useIsolating: false });
      const errors = bundle.addResource(new FluentResource(source), { allowOverrides: true });
      if (errors.length > 0) throw new Error(`locales/${locale}: ${errors.join("; ")}`);
      this.#bundles.set(locale, bundle);
    }
  }

  override translate(asked: string, key: string, variables?: TranslationVariables): string {
    const locale = this.#bundles.has(asked) ? asked : guessLocale(asked, this.#defaultLocale);
    if (variables !== undefined && !isEmpty(variables)) return this.#format(locale, key, variables);
    let byKey = this.#fixed.get(locale);
    if (!byKey) {
      byKey = new Map();
      this.#fixed.set(locale, byKey);
    }
    let text = byKey.get(key);
    if (text === undefined) {
      text = this.#format(locale, key, undefined);
      byKey.set(key, text);
    }
    return text;
  }

  /**
   * `ctx.t` in `ctx.locale`, and the plugin's `ctx.i18n`, made only when asked for: the plugin's
   * own middleware made a handful of closures and promises on every update and negotiated a
   * locale that no text used (bench/ingress.ts). `ctx.locale` is read at each translation, so
   * a locale changed during the update (/language) applies at once; renegotiating is a no-op.
   */
  override middleware(): MiddlewareFn<LocalizedContext & I18nFlavor> {
    const fluent = this.fluent;
    return (ctx, next) => {
      const translate = (key: string, variables?: TranslationVariables) =>
        this.translate(ctx.locale, key, variables);
      ctx.translate = translate;
      ctx.t = translate;
      // Configurable: the conversations plugin installs this again on its own contexts.
      Object.defineProperty(ctx, "i18n", {
        configurable: true,
        get: () => i18nFlavor(ctx, fluent),
      });
      return next();
    };
  }

  /** The locale's text, else the default locale's (as the plugin falls back), else `{key}`. */
  #format(locale: string, path: string, variables: TranslationVariables | undefined): string {
    const [id = "", attribute] = path.split(".", 2);
    const own = this.#bundles.get(locale);
    const fallback = this.#bundles.get(this.#defaultLocale);
    for (const bundle of own === fallback ? [own] : [own, fallback]) {
      const message = bundle?.getMessage(id);
      const pattern =
        attribute === undefined ? message && (message.value ?? "") : message?.attributes[attribute];
      if (bundle && pattern !== undefined) return bundle.formatPattern(pattern, variables);
      this.#onMissing(path, locale);
    }
    return `{${path}}`;
  }
}

/**
 * The Fluent source of each locale in `dir`, read the way the plugin reads a directory:
 * `ru.ftl`, and every .ftl under `ru/`, belong to "ru" (joined in name order).
 */
export function readLocaleSources(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ftl"))
    .sort();
  const sources = new Map<string, string[]>();
  for (const name of files) {
    const locale = name.split(sep)[0]?.split(".")[0] ?? "";
    sources.set(locale, [...(sources.get(locale) ?? []), readFileSync(join(dir, name), "utf8")]);
  }
  return new Map([...sources].map(([locale, parts]) => [locale, parts.join("\n")]));
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
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

/** The plugin's `ctx.i18n` over `ctx.locale` (languages are not kept in the session here). */
function i18nFlavor(
  ctx: LocalizedContext,
  fluent: I18nFlavor["i18n"]["fluent"],
): I18nFlavor["i18n"] {
  return {
    fluent,
    getLocale: async () => ctx.locale,
    setLocale: async () => {
      throw new Error("Locales are kept by AccessService.setLocale, not in the session");
    },
    // As before: texts follow ctx.locale, which is what to change.
    useLocale: () => {},
    renegotiateLocale: async () => {},
  };
}
