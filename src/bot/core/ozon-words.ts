/**
 * Ozon's own words on an English screen: statuses, delivery methods and the like that Ozon writes
 * in Russian. Where the bot knows a value it translates it (a capability's locale keys); where it
 * does not, Ozon's text is shown marked as Ozon's («“Новая заявка” (Ozon's words)»), so an English
 * reader knows why it is in Russian. Russian screens show Ozon's text as it is.
 * Tests: test/bot/core/numbers.test.ts
 */
import { localeOf, type Translator } from "./numbers.ts";

const CYRILLIC = /[\u0400-\u04FF]/;

/** Ozon's text as a reader of `t`'s language sees it: marked as Ozon's on English screens. */
export function ozonWords(t: Translator, text: string): string {
  if (localeOf(t) !== "en" || !CYRILLIC.test(text)) return text;
  return t("ozon-words", { text });
}
