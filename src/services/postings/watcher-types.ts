/**
 * What the posting watcher reports and works with, shared by its passes (turn.ts, follow-up.ts).
 * Tests: none directly
 */
import type { Subscriber } from "../subscriptions.ts";

export interface PassReport {
  /** Nothing was done: another process holds the polling lease. */
  skipped?: "lease";
  firstRun: boolean;
  /** Postings awaiting packaging listed in this pass. */
  awaiting: number;
  /** Postings seen for the first time in this pass. */
  discovered: number;
  sent: { summaries: number; alerts: number; digests: number; reminders: number };
  /** Postings delivered (alerts + postings inside digests), over all subscribers. */
  announced: number;
  reminded: number;
  /** Subscribers whose turn ended with a failed send (retried next pass). */
  failed: number[];
  /** Subscribers removed because their chat is gone. */
  unsubscribed: number[];
  /** Followed postings whose news every chat with a card of them now has. */
  changed: FollowUpReport;
}

/** The subscriber list as the watcher uses it (SubscriptionService fits). */
export interface SubscriberDirectory {
  list(): Promise<Subscriber[]>;
  unsubscribe(chatId: number): Promise<boolean>;
}

export interface WatcherLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface FollowUpReport {
  cancelled: number;
  packed: number;
  deadline: number;
}
