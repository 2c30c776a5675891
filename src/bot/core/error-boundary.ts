/** Tests: none directly */
import type { I18n } from "@grammyjs/i18n";
import type { BotError, Context, MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import { guessLocale, isLocale, type Locale, type LocalizedContext } from "./i18n.ts";

function updateFacts(ctx: Context) {
  return {
    update_id: ctx.update.update_id,
    chat_id: ctx.chat?.id,
    user_id: ctx.from?.id,
  };
}

/**
 * The outermost middleware: an update that fails is logged with its id and the person is told,
 * in their language, that something went wrong; the bot goes on with the next update.
 */
export function errorBoundary(
  logger: Logger,
  i18n: I18n<LocalizedContext>,
  defaultLocale: Locale,
): MiddlewareFn<Context> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      logger.error({ err: error, ...updateFacts(ctx) }, "update failed");
      const known = (ctx as Partial<LocalizedContext>).locale;
      const locale = isLocale(known) ? known : guessLocale(ctx.from?.language_code, defaultLocale);
      await tellSomethingWentWrong(ctx, i18n.t(locale, "error-generic"), logger);
    }
  };
}

async function tellSomethingWentWrong(ctx: Context, text: string, logger: Logger): Promise<void> {
  try {
    if (ctx.callbackQuery) {
      try {
        await ctx.answerCallbackQuery({ text, show_alert: true });
        return;
      } catch {
        // Already answered or too old: say it in the chat instead.
      }
    }
    if (ctx.chat) await ctx.reply(text);
  } catch (error) {
    logger.warn({ err: error, ...updateFacts(ctx) }, "could not tell the person about the failure");
  }
}

/** bot.catch: the last resort for errors the boundary itself could not handle. */
export function lastResort(logger: Logger) {
  return (error: BotError<Context>) => {
    logger.error(
      { err: error.error, ...updateFacts(error.ctx) },
      "update failed outside the boundary",
    );
  };
}
