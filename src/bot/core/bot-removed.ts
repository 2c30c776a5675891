/**
 * The bot was removed from a group (or banned there), or a person blocked it in private: Telegram
 * says so at once with a `my_chat_member` update. What a module keeps for that chat (alerts, the
 * relay target) is dropped then, not at the next failed send, and adding the bot back restores
 * nothing by itself. Installed before the dialogs, which must not eat the update.
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { ChatMemberUpdated } from "grammy/types";
import type { BotContext } from "./context.ts";
import type { FeatureFactory } from "./module.ts";

/** True when the update says the bot is no longer a member who can be written to. */
export function botWasRemoved(update: ChatMemberUpdated): boolean {
  const member = update.new_chat_member;
  if (member.status === "restricted") return !member.is_member;
  return member.status === "left" || member.status === "kicked";
}

/**
 * Calls `drop(chatId)` when the bot leaves a chat; `drop` answers true when it dropped
 * something, which is logged as the chat's `what` (e.g. "subscription to posting alerts").
 */
export function whenBotRemoved(
  what: string,
  drop: (chatId: number) => Promise<boolean>,
): FeatureFactory {
  // A plain check rather than a filter (`on`): every update passes here, once per module.
  return ({ logger }) =>
    new Composer<BotContext>((ctx, next) => {
      const update = ctx.myChatMember;
      if (!update) return next();
      return (async () => {
        if (botWasRemoved(update) && (await drop(update.chat.id))) {
          logger.info(
            { telegramChatId: update.chat.id, status: update.new_chat_member.status },
            `The bot was removed or blocked: dropped the chat's ${what}`,
          );
        }
        await next();
      })();
    });
}
