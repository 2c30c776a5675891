/**
 * Posting alerts without Telegram: the watcher and what it needs from the bot.
 * Tests: test/bot/postings/alerts.test.ts
 */
export {
  ChatMovedError,
  type DigestInfo,
  isRecipientGone,
  type PostingChange,
  type PostingNotifier,
  postingBudget,
  RecipientGoneError,
  type Sent,
  TELEGRAM_TEXT_LIMIT,
} from "./notifier.ts";
export {
  type AwaitingPackagingSource,
  type PassReport,
  PostingWatcher,
  type PostingWatcherOptions,
  type SubscriberDirectory,
  type WatcherLogger,
} from "./watcher.ts";
