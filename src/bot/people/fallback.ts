/**
 * What nobody handled: old or unknown buttons, unknown commands, strangers writing in private.
 * Tests: none directly
 */
import type { MiddlewareFn } from "grammy";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { mayUse } from "../core/guard.ts";
import { refuseStranger } from "./access-requests.ts";

export function fallbackFeature(codec: CallbackCodec): MiddlewareFn<BotContext> {
  return async (ctx) => {
    // A button no handler knows (from an older version of the bot, or a message left behind).
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    // In groups the bot stays quiet about messages that are not for it.
    if (!ctx.message || ctx.chat?.type !== "private") return;
    if (!ctx.person) return refuseStranger(ctx, codec);
    const entity = ctx.message.entities?.[0];
    const isCommand = entity?.type === "bot_command" && entity.offset === 0;
    let key = "unhandled-hint";
    if (isCommand) key = "unknown-command";
    // A seller who just types in the chat most likely meant to answer a buyer: say how.
    else if (!ctx.message.reply_to_message && mayUse(ctx.person, ["seller"])) {
      key = "unhandled-hint-seller";
    }
    await ctx.reply(ctx.t(key));
  };
}
