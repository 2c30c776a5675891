/** Tests: none directly */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { LOCALES, type Locale } from "../core/i18n.ts";
import { chosenLabel } from "../core/marks.ts";
import { LANGUAGE } from "./buttons.ts";

const LANGUAGE_NAME_KEYS = {
  ru: "language-name-ru",
  en: "language-name-en",
} as const satisfies Record<Locale, string>;

export function languageKeyboard(ctx: BotContext, codec: CallbackCodec): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of LOCALES) {
    keyboard.text(
      chosenLabel(ctx.t(LANGUAGE_NAME_KEYS[locale]), locale === ctx.locale),
      LANGUAGE.data(codec, locale),
    );
  }
  return keyboard;
}
