/** Tests: test/bot/core/sender/rate-limited.test.ts and 10 more */
import { Api } from "grammy";
import { markupAsJson } from "../telegram-transport.ts";

/**
 * The Api for calls that go through the sender: the bot's client settings (API root, fetch) and
 * its way of sending keyboards (telegram-transport.ts), without bot.api's other transformers. Its
 * auto-retry would sleep through a 429 while holding the chat's turn and hide it from the sender,
 * which waits it out itself: that chat alone or, when Telegram limits the whole bot, everyone,
 * keeping each chat's order and the priorities.
 */
export function apiForSender(api: Api): Api {
  const sender = new Api(api.token, api.options);
  sender.config.use(markupAsJson);
  return sender;
}
