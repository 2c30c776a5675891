/**
 * The bot-wide Telegram sender: limits (SendBudget), queues with priorities, its Api.
 * Tests: test/bot/core/sender/rate-limited.test.ts and 10 more
 */
export { apiForSender } from "./api.ts";
export { MemorySendBudget, type MemorySendBudgetOptions } from "./memory-send-budget.ts";
export {
  type BucketLimit,
  type ChatKind,
  chatKindOf,
  type SendBudget,
  type SendBudgetGrant,
  type SendLimits,
  type SendTarget,
  TELEGRAM_LIMITS,
} from "./send-budget.ts";
export {
  type Priority,
  SenderClosedError,
  type SendRequest,
  TelegramSender,
  type TelegramSenderOptions,
  telegramRetryAfterMs,
} from "./sender.ts";
