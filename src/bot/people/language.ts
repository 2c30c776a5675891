/**
 * /language: the person picks ru or en; the choice is kept with the person in the store.
 * Tests: none directly
 */
import type { FeatureDeps } from "../core/deps.ts";
import { profileOf, showScreen } from "../core/screen-text.ts";
import { LANGUAGE } from "./buttons.ts";
import { languageKeyboard } from "./language-keyboard.ts";

export function languageFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, menus } = deps;

  router.command("language", async (ctx) => {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx, codec) });
  });

  // Everyone may choose, strangers too: the refusal they get should be in their language.
  router.button(LANGUAGE, "everyone", async (ctx, [locale]) => {
    if (!ctx.from) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    await access.setLocale(profileOf(ctx.from), locale);
    ctx.locale = locale;
    await ctx.i18n.renegotiateLocale();
    await menus.refresh(ctx.api, ctx.from.id);
    await ctx.answerCallbackQuery({ text: ctx.t("language-changed") });
    await showScreen(ctx, ctx.t("language-changed"), languageKeyboard(ctx, codec));
  });
}
