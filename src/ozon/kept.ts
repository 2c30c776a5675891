/**
 * Answers kept for a while and shared. Ozon allows some reads once a minute per account
 * (`/v2/warehouse/list`, `/v1/analytics/data`): a client keeps each answer for that long, so every
 * screen that needs it within the minute reads the kept one, and readers that come while it is
 * being asked wait for that one request instead of sending their own. A failure is not kept:
 * the next reader asks again.
 * Tests: none directly
 */
import type { Clock } from "../clock.ts";

/** Ozon's "once a minute". */
export const ONCE_A_MINUTE_MS = 60_000;

export interface KeptOptions {
  clock: Clock;
  /** How long an answer is fresh, from when it came. */
  freshMs: number;
  /** Answers kept at most (the oldest is dropped first). */
  maxEntries?: number;
}

export class Kept<T> {
  readonly #clock: Clock;
  readonly #freshMs: number;
  readonly #max: number;
  readonly #answers = new Map<string, { at: number; value: T }>();
  readonly #asking = new Map<string, Promise<T>>();

  constructor(options: KeptOptions) {
    this.#clock = options.clock;
    this.#freshMs = options.freshMs;
    this.#max = Math.max(1, options.maxEntries ?? 32);
  }

  /**
   * The answer kept under `key` while fresh; else the one being asked now; else `ask()`'s. The
   * request is not tied to one reader's `signal`: a reader that gives up stops waiting, the
   * others still get the answer.
   */
  get(key: string, ask: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const now = this.#clock.now();
    const kept = this.#answers.get(key);
    // A clock set back makes the answer stale rather than fresh for longer.
    if (kept && now >= kept.at && now - kept.at < this.#freshMs) return Promise.resolve(kept.value);
    let asking = this.#asking.get(key);
    if (!asking) {
      asking = ask().then(
        (value) => {
          this.#keep(key, value);
          return value;
        },
        (error: unknown) => {
          this.#asking.delete(key);
          throw error;
        },
      );
      this.#asking.set(key, asking);
    }
    return signal ? untilAborted(asking, signal) : asking;
  }

  /** Forgets every kept answer (a later reader asks Ozon again). */
  clear(): void {
    this.#answers.clear();
  }

  #keep(key: string, value: T): void {
    this.#asking.delete(key);
    this.#answers.delete(key);
    this.#answers.set(key, { at: this.#clock.now(), value });
    while (this.#answers.size > this.#max) {
      const oldest = this.#answers.keys().next().value as string;
      this.#answers.delete(oldest);
    }
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
