/**
 * Paces outgoing Telegram messages so Telegram's limits hold without dropping anything:
 * about 1 message/s in a private chat, 20/min in a group, 30/s over all chats.
 *
 * Every send waits in its chat's queue (FIFO) until a token is free in that chat's bucket AND in
 * the global bucket; one send per chat is in flight at a time, so messages arrive in order. A send
 * that fails with Telegram's 429 (when `retryAfterMs` recognises it) is put back at the head of its
 * queue and retried after `retry_after`; any other failure goes back to the caller, who decides.
 *
 * Telegram-free: the bot's notifier wraps each Bot API call in `pacer.schedule(...)`. The clock is
 * injectable so tests run on a manual clock and benchmarks on a fast one.
 */
import { setTimeout as delay } from "node:timers/promises";

export interface PacerClock {
  /** Milliseconds (any origin, never going back). */
  now(): number;
  /** Resolves after `ms` of this clock's time, or early (without error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: PacerClock = {
  now: () => performance.timeOrigin + performance.now(),
  sleep: (ms, signal) =>
    delay(Math.max(0, ms), undefined, signal ? { signal } : undefined).catch(() => undefined),
};

/**
 * A clock whose time runs `speedup` times faster than the wall clock: limits are enforced exactly
 * in its time while a benchmark finishes `speedup` times sooner. Timer granularity (about 1 ms of
 * real time) can only make pacing slower than the limits, never faster.
 */
export function createScaledClock(speedup: number): PacerClock {
  if (!(speedup > 0)) throw new RangeError("speedup must be greater than 0");
  const realStart = performance.now();
  const virtualStart = Date.now();
  return {
    now: () => virtualStart + (performance.now() - realStart) * speedup,
    sleep: (ms, signal) => systemClock.sleep(ms / speedup, signal),
  };
}

/** A token bucket: holds up to `capacity` tokens and gains one every `intervalMs`. */
export interface BucketLimit {
  capacity: number;
  intervalMs: number;
}

export interface PacerLimits {
  /** Per private chat. */
  private: BucketLimit;
  /** Per group or channel. */
  group: BucketLimit;
  /** Over all chats together. */
  global: BucketLimit;
}

/**
 * Telegram's published limits. Capacity 1 keeps any sliding window within the limit
 * (a larger capacity would allow a burst on top of the rate).
 */
export const TELEGRAM_LIMITS: PacerLimits = {
  private: { capacity: 1, intervalMs: 1_000 },
  group: { capacity: 1, intervalMs: 60_000 / 20 },
  global: { capacity: 1, intervalMs: 1_000 / 30 },
};

export interface PaceTarget {
  chatId: number | string;
  kind: "private" | "group";
}

export interface SendPacerOptions {
  clock?: PacerClock;
  limits?: Partial<PacerLimits>;
  /**
   * Recognises Telegram's "429 Too Many Requests" and returns how long to wait (ms, from
   * `parameters.retry_after`); undefined for every other error. Default: `telegramRetryAfterMs`.
   */
  retryAfterMs?: (error: unknown) => number | undefined;
  /** How many times one send is retried after 429 before its error goes to the caller. Default 5. */
  maxRateLimitRetries?: number;
}

/**
 * Reads Telegram's "429 Too Many Requests" from a Bot API error without knowing grammY: any error
 * carrying `error_code: 429` (grammY's GrammyError does) waits `parameters.retry_after` seconds.
 */
export function telegramRetryAfterMs(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { error_code: code, parameters } = error as {
    error_code?: unknown;
    parameters?: { retry_after?: unknown };
  };
  if (code !== 429) return undefined;
  const seconds = parameters?.retry_after;
  return typeof seconds === "number" && seconds >= 0 ? seconds * 1000 : 1000;
}

/** The pacer was closed before this send started; nothing was sent. */
export class PacerClosedError extends Error {
  constructor() {
    super("The send pacer was closed before this message was sent");
    this.name = "PacerClosedError";
  }
}

class TokenBucket {
  readonly #limit: BucketLimit;
  #tokens: number;
  #at: number;

  constructor(limit: BucketLimit, now: number) {
    if (!(limit.capacity >= 1) || !(limit.intervalMs >= 0)) {
      throw new RangeError("a bucket needs capacity >= 1 and intervalMs >= 0");
    }
    this.#limit = limit;
    this.#tokens = limit.capacity;
    this.#at = now;
  }

  #refill(now: number): void {
    if (now <= this.#at) return;
    const gained =
      this.#limit.intervalMs === 0 ? Infinity : (now - this.#at) / this.#limit.intervalMs;
    this.#tokens = Math.min(this.#limit.capacity, this.#tokens + gained);
    this.#at = now;
  }

  /** The earliest time a token is available. */
  readyAt(now: number): number {
    this.#refill(now);
    return this.#tokens >= 1 ? now : now + (1 - this.#tokens) * this.#limit.intervalMs;
  }

  take(now: number): void {
    this.#refill(now);
    this.#tokens -= 1;
  }

  isFull(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.#limit.capacity;
  }
}

interface Job {
  seq: number;
  send: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  rateLimitRetries: number;
  signal: AbortSignal | undefined;
}

interface ChatLane {
  key: string;
  bucket: TokenBucket;
  queue: Job[];
  inFlight: boolean;
  blockedUntil: number;
}

export class SendPacer {
  readonly #clock: PacerClock;
  readonly #limits: PacerLimits;
  readonly #retryAfterMs: (error: unknown) => number | undefined;
  readonly #maxRetries: number;
  readonly #global: TokenBucket;
  readonly #lanes = new Map<string, ChatLane>();
  #seq = 0;
  #queued = 0;
  #inFlight = 0;
  #loopRunning = false;
  #wake: (() => void) | undefined;
  #idleWaiters: Array<() => void> = [];
  #closed = false;

  constructor(options: SendPacerOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#limits = { ...TELEGRAM_LIMITS, ...options.limits };
    this.#retryAfterMs = options.retryAfterMs ?? telegramRetryAfterMs;
    this.#maxRetries = options.maxRateLimitRetries ?? 5;
    this.#global = new TokenBucket(this.#limits.global, this.#clock.now());
  }

  /** Sends queued or in flight. */
  get pending(): number {
    return this.#queued + this.#inFlight;
  }

  /**
   * Runs `send` when the limits allow; resolves or rejects with what `send` did. Nothing is
   * dropped: a full queue only waits longer. When `signal` aborts while the send still waits
   * (its turn, or a 429's retry_after), it is dropped unsent and rejects with the signal's reason;
   * a send in flight finishes.
   */
  schedule<T>(target: PaceTarget, send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#closed) return Promise.reject(new PacerClosedError());
    if (signal?.aborted) return Promise.reject(signal.reason);
    const key = `${target.kind}:${target.chatId}`;
    let lane = this.#lanes.get(key);
    if (!lane) {
      const limit = target.kind === "group" ? this.#limits.group : this.#limits.private;
      lane = {
        key,
        bucket: new TokenBucket(limit, this.#clock.now()),
        queue: [],
        inFlight: false,
        blockedUntil: -Infinity,
      };
      this.#lanes.set(key, lane);
    }
    const queue = lane.queue;
    let job: Job | undefined;
    const promise = new Promise<T>((resolve, reject) => {
      job = {
        seq: this.#seq++,
        send,
        resolve: resolve as (value: unknown) => void,
        reject,
        rateLimitRetries: 0,
        signal,
      };
      queue.push(job);
    });
    this.#queued += 1;
    if (signal && job) {
      const waiting = job;
      const drop = () => {
        const index = queue.indexOf(waiting);
        if (index < 0) return; // in flight or done
        queue.splice(index, 1);
        this.#queued -= 1;
        waiting.reject(signal.reason);
        this.#kick();
        this.#notifyIdle();
      };
      signal.addEventListener("abort", drop, { once: true });
      const forget = () => signal.removeEventListener("abort", drop);
      promise.then(forget, forget);
    }
    this.#kick();
    return promise;
  }

  /** Resolves once nothing is queued or in flight. */
  onIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Rejects every queued send with PacerClosedError; sends in flight finish. */
  close(): void {
    this.#closed = true;
    for (const lane of this.#lanes.values()) {
      for (const job of lane.queue.splice(0)) {
        this.#queued -= 1;
        job.reject(new PacerClosedError());
      }
    }
    this.#kick();
    this.#notifyIdle();
  }

  #kick(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
    if (!this.#loopRunning && !this.#closed) {
      this.#loopRunning = true;
      void this.#loop();
    }
  }

  async #loop(): Promise<void> {
    for (;;) {
      if (this.#closed || this.#queued === 0) {
        // Cleared in the same synchronous step that sees the queues empty, so a schedule() right
        // after always finds either a running loop or none.
        this.#loopRunning = false;
        return;
      }
      const now = this.#clock.now();
      const next = this.#nextLane(now);
      if (!next) {
        // Every lane with work has a send in flight: wait for one to finish.
        await this.#waitFor(undefined);
        continue;
      }
      const startAt = Math.max(next.at, this.#global.readyAt(now));
      if (startAt > now) {
        await this.#waitFor(startAt - now);
        continue;
      }
      this.#start(next.lane, now);
    }
  }

  /** The lane that can start soonest; among lanes ready now, the one whose message waited longest. */
  #nextLane(now: number): { lane: ChatLane; at: number } | undefined {
    let best: { lane: ChatLane; at: number } | undefined;
    for (const lane of this.#lanes.values()) {
      const head = lane.queue[0];
      if (!head) {
        if (!lane.inFlight && lane.blockedUntil <= now && lane.bucket.isFull(now)) {
          this.#lanes.delete(lane.key); // idle and rested: forgetting it changes nothing
        }
        continue;
      }
      if (lane.inFlight) continue;
      const at = Math.max(now, lane.bucket.readyAt(now), lane.blockedUntil);
      const bestHead = best?.lane.queue[0];
      if (!best || !bestHead || at < best.at || (at === best.at && head.seq < bestHead.seq)) {
        best = { lane, at };
      }
    }
    return best;
  }

  #start(lane: ChatLane, now: number): void {
    const job = lane.queue.shift();
    if (!job) return;
    lane.bucket.take(now);
    this.#global.take(now);
    lane.inFlight = true;
    this.#queued -= 1;
    this.#inFlight += 1;
    void this.#run(lane, job);
  }

  async #run(lane: ChatLane, job: Job): Promise<void> {
    try {
      job.resolve(await job.send());
    } catch (error) {
      const waitMs = this.#retryAfterMs(error);
      const retry = !this.#closed && !job.signal?.aborted;
      if (waitMs !== undefined && job.rateLimitRetries < this.#maxRetries && retry) {
        job.rateLimitRetries += 1;
        lane.blockedUntil = this.#clock.now() + Math.max(0, waitMs);
        lane.queue.unshift(job);
        this.#queued += 1;
        // The lane may have been forgotten while this send was in flight.
        if (!this.#lanes.has(lane.key)) this.#lanes.set(lane.key, lane);
      } else {
        job.reject(error);
      }
    } finally {
      lane.inFlight = false;
      this.#inFlight -= 1;
      this.#kick();
      this.#notifyIdle();
    }
  }

  async #waitFor(ms: number | undefined): Promise<void> {
    const abort = new AbortController();
    const woken = new Promise<void>((resolve) => {
      this.#wake = resolve;
    });
    const waits: Array<Promise<void>> = [woken];
    if (ms !== undefined) {
      waits.push(this.#clock.sleep(ms, abort.signal).catch(() => undefined));
    }
    await Promise.race(waits);
    abort.abort();
    this.#wake = undefined;
  }

  #notifyIdle(): void {
    if (this.pending > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
