/** Tests: none directly */
export {
  RATINGS_LEASE_NAME,
  RATINGS_POLL_MS,
  type RatingCrossing,
  type RatingsNotifier,
  type RatingsPassReport,
  RatingsWatcher,
  type RatingsWatcherOptions,
} from "./watcher.ts";
