/** Tests: none directly */
import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import type { CallbackCodec } from "./callback-data.ts";
import type { BotContext } from "./context.ts";

/**
 * Button presses whose data the bot did not sign (forged, or made by an older key) are answered
 * with a clear text and go no further; the others carry `ctx.callback` for the features.
 */
export function verifyCallbacks(codec: CallbackCodec, logger: Logger): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return next();
    const decoded = codec.decode(data);
    if (!decoded) {
      logger.info(
        { update_id: ctx.update.update_id, user_id: ctx.from?.id },
        "Refused a button press with unsigned callback data",
      );
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    ctx.callback = decoded;
    return next();
  };
}
