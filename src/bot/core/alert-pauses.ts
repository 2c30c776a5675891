/**
 * Resuming a chat's paused alerts (services/alert-pauses.ts, paused by alert-send.ts when the bot
 * may not post there): when Telegram says the bot may post there again (a `my_chat_member` update:
 * made an admin, its restriction lifted, added back) or when someone of the team sends /subscribe in
 * that chat (what the admins' notice asks for; a group whose members' default rights were given back
 * sends no update for the bot). A refusal after that pauses it again, and tells the admins again.
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { ChatMemberUpdated } from "grammy/types";
import { AlertPauses } from "../../services/alert-pauses.ts";
import type { BotContext } from "./context.ts";
import type { FeatureDeps } from "./deps.ts";

/** True when the update says the bot may send messages in the chat. */
export function botMayPost(update: ChatMemberUpdated): boolean {
  const member = update.new_chat_member;
  switch (member.status) {
    case "creator":
    case "member":
      return true;
    case "administrator":
      // In a channel an admin posts only with the right to; in groups every admin may.
      return update.chat.type !== "channel" || member.can_post_messages === true;
    case "restricted":
      return member.is_member && member.can_send_messages;
    default:
      return false;
  }
}

const SUBSCRIBE = /^\/subscribe(@\w+)?(\s|$)/;

export function alertPausesFeature(
  deps: Pick<FeatureDeps, "store" | "logger">,
): Composer<BotContext> {
  const pauses = new AlertPauses(deps.store);
  // A plain check rather than filters (`on`): every update passes here.
  return new Composer<BotContext>((ctx, next) => {
    const member = ctx.myChatMember;
    const text = ctx.message?.text;
    const chatId = ctx.chat?.id;
    const wantsResume =
      chatId !== undefined &&
      ((member !== undefined && botMayPost(member)) ||
        (text !== undefined && SUBSCRIBE.test(text) && (ctx.person?.roles.length ?? 0) > 0));
    if (!wantsResume) return next();
    return (async () => {
      if (await pauses.resume(chatId)) {
        deps.logger.info({ telegramChatId: chatId }, "A chat's paused alerts were resumed");
      }
      await next();
    })();
  });
}
