/**
 * Telegram's 429 ("Too Many Requests: retry after N") is waited out, never shown to a person.
 *
 * Outside conversations the auto-retry plugin does it. Inside a conversation the plugin would
 * be wrong: conversations record every API result and replay them on each later update, so a
 * recorded 429 would make auto-retry sleep again on every replay. The conversation variant
 * below stamps the moment of the 429 with `conversation.now()` (recorded too) and sleeps only
 * what is left of `retry_after`, which on a replay is nothing.
 * Tests: none directly
 */
import { type AutoRetryOptions, autoRetry } from "@grammyjs/auto-retry";
import type { Context, MiddlewareFn, Transformer } from "grammy";
import { systemClock } from "../../clock.ts";
import type { BotConversation } from "./context.ts";

export const RETRY_OPTIONS: Partial<AutoRetryOptions> = {
  maxRetryAttempts: 5,
  /** A longer wait fails the call instead of holding the update (and shutdown) hostage. */
  maxDelaySeconds: 120,
  /** Network errors surface at once; callers that must not lose anything retry themselves. */
  rethrowHttpErrors: true,
};

export function telegramAutoRetry(): Transformer {
  return autoRetry(RETRY_OPTIONS);
}

/** The 429 transformer for API calls made inside a conversation (see the file comment). */
export function conversationRetryTransformer(
  conversation: Pick<BotConversation, "now">,
): Transformer {
  const maxAttempts = RETRY_OPTIONS.maxRetryAttempts ?? 5;
  const maxDelaySeconds = RETRY_OPTIONS.maxDelaySeconds ?? 120;
  return async (prev, method, payload, signal) => {
    for (let attempt = 0; ; attempt++) {
      const result = await prev(method, payload, signal);
      const retryAfter = result.ok ? undefined : result.parameters?.retry_after;
      if (retryAfter === undefined || attempt >= maxAttempts || retryAfter > maxDelaySeconds) {
        return result;
      }
      const receivedAt = await conversation.now();
      const left = receivedAt + retryAfter * 1000 - Date.now();
      if (left > 0) {
        await systemClock.sleep(left, signal as AbortSignal | undefined).catch((error) => {
          throw new Error("Request aborted while waiting out a Telegram rate limit", {
            cause: error,
          });
        });
      }
    }
  };
}

/** Conversation plugin installing the transformer on the conversation's own Api object. */
export function retryInConversation(conversation: BotConversation): MiddlewareFn<Context> {
  return (ctx, next) => {
    ctx.api.config.use(conversationRetryTransformer(conversation));
    return next();
  };
}
