/** Posting alerts without Telegram: the watcher, what it needs from the bot, and the send pacer. */
export {
  botApiErrorMeansGone,
  type DigestInfo,
  isRecipientGone,
  type PostingNotifier,
  postingBudget,
  RecipientGoneError,
  TELEGRAM_TEXT_LIMIT,
} from "./notifier.ts";
export {
  type BucketLimit,
  createScaledClock,
  type PacerClock,
  PacerClosedError,
  type PacerLimits,
  type PaceTarget,
  SendPacer,
  type SendPacerOptions,
  systemClock,
  TELEGRAM_LIMITS,
  telegramRetryAfterMs,
} from "./pacer.ts";
export {
  type AwaitingPackagingSource,
  type PassReport,
  PostingWatcher,
  type PostingWatcherOptions,
  type SubscriberDirectory,
  type WatcherLogger,
} from "./watcher.ts";
