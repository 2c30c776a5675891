/**
 * A log line per reason at most once a window (a minute), carrying how many times it happened:
 * what outsiders can cause as often as they like (refused pushes) must not fill the log. The
 * first occurrence is logged at once; the rest of the window is counted and logged when it ends.
 * Tests: test/server/counted-log.test.ts
 */
import type { Logger } from "../logger.ts";

export interface CountedLogOptions {
  /** Default one minute. */
  windowMs?: number;
  now?: () => number;
}

interface Tally {
  level: "warn" | "error";
  message: string;
  /** Fields of the latest occurrence (an example, never a secret). */
  fields: object;
  count: number;
  loggedAt: number;
  timer?: NodeJS.Timeout;
}

export class CountedLog {
  readonly #logger: Logger;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #tallies = new Map<string, Tally>();

  constructor(logger: Logger, options: CountedLogOptions = {}) {
    this.#logger = logger;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** One occurrence of `reason`; logged now, or counted into the line at the window's end. */
  count(reason: string, message: string, fields: object = {}, level: Tally["level"] = "warn") {
    const now = this.#now();
    const tally = this.#tallies.get(reason) ?? {
      level,
      message,
      fields,
      count: 0,
      loggedAt: Number.NEGATIVE_INFINITY,
    };
    this.#tallies.set(reason, { ...tally, level, message, fields, count: tally.count + 1 });
    if (now - tally.loggedAt >= this.#windowMs) return this.#write(reason);
    if (tally.timer) return;
    const timer = setTimeout(() => this.#write(reason), tally.loggedAt + this.#windowMs - now);
    timer.unref();
    (this.#tallies.get(reason) as Tally).timer = timer;
  }

  /** Logs every count not yet logged (at stop). */
  flush(): void {
    for (const reason of this.#tallies.keys()) this.#write(reason);
  }

  #write(reason: string): void {
    const tally = this.#tallies.get(reason);
    if (!tally) return;
    clearTimeout(tally.timer);
    if (tally.count > 0) {
      this.#logger[tally.level](
        { ...tally.fields, reason, count: tally.count, windowS: this.#windowMs / 1000 },
        tally.message,
      );
    }
    this.#tallies.set(reason, { ...tally, count: 0, loggedAt: this.#now(), timer: undefined });
  }
}
