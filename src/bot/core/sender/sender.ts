/**
 * The bot's one way to send to Telegram outside an update: posting alerts, relayed buyer
 * messages, report files and progress all wait here, so together they stay within Telegram's
 * limits (the SendBudget decides when a message may go) and nothing is dropped.
 *
 * Order: each chat has one queue per priority and one send in flight at a time. Within a chat a
 * higher priority goes first; the same priority keeps its order (a 429'd send goes back to the
 * head of its queue). Across chats, the next free token goes to the highest priority among chats
 * that may send now, then to the message that waited longest.
 *
 * A send that Telegram refuses with 429 is retried after `retry_after` (the budget holds that chat,
 * or everyone); any other failure goes back to the caller, who decides.
 *
 * Stopping: close() (or aborting `signal`) rejects every queued send with SenderClosedError and
 * lets the sends in flight finish; nothing is left waiting on a timer. A caller that gets
 * SenderClosedError knows nothing was sent and leaves the item undelivered for the next start.
 * Tests: test/bot/core/sender/sender.test.ts, test/bot/core/sender/rate-limited.test.ts and 9 more
 */
import { type Clock, steadyNow, systemClock } from "../../../clock.ts";
import { StoppingError } from "../../../services/background-loop.ts";
import { HourCounts } from "../../../services/health/hour-counts.ts";
import { captureProgress } from "../../../services/health/loop-board.ts";
import type { TelegramVitals } from "../../../services/health/vitals.ts";
import { MemorySendBudget } from "./memory-send-budget.ts";
import type { SendBudget, SendTarget } from "./send-budget.ts";

/**
 * interactive: an answer or confirmation a person waits for; alert: a new posting, a buyer's
 * message; bulk: digests, backlog, report files and progress.
 */
export type Priority = "interactive" | "alert" | "bulk";

const RANK: Record<Priority, number> = { interactive: 0, alert: 1, bulk: 2 };

const MIN_SLEEP_MS = 0.001;

export interface SendRequest extends SendTarget {
  priority: Priority;
}

export interface TelegramSenderOptions {
  clock?: Clock;
  /** Where the limits' state lives (default: this process, Telegram's limits, on `clock`). */
  sendBudget?: SendBudget;
  /**
   * Recognises Telegram's "429 Too Many Requests" and returns how long to wait (ms, from
   * `parameters.retry_after`); undefined for every other error. Default: `telegramRetryAfterMs`.
   */
  retryAfterMs?: (error: unknown) => number | undefined;
  /** How many times one send is retried after 429 before its error goes to the caller. Default 5. */
  maxRateLimitRetries?: number;
  /** Aborting it closes the sender (see close()). */
  signal?: AbortSignal;
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

/** The sender was closed before this message was sent: nothing was sent. */
export class SenderClosedError extends StoppingError {
  override name = "SenderClosedError";
  constructor(options?: ErrorOptions) {
    super("The Telegram sender was closed before this message was sent", options);
  }
}

interface Job {
  seq: number;
  rank: number;
  send: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  rateLimitRetries: number;
  /** When it was queued (the sender's steady clock). */
  queuedAt: number;
  /** The progress of the loop round that queued it, if a round did (loop-board.ts). */
  progress: (() => void) | undefined;
}

interface ChatLane {
  key: string;
  target: SendTarget;
  /** One FIFO per priority, highest first. */
  queues: Job[][];
  inFlight: boolean;
  /** The budget said this chat must wait until then (cached, so other chats are asked meanwhile). */
  notBefore: number;
}

export class TelegramSender {
  readonly #clock: Clock;
  readonly #now: () => number;
  readonly #sendBudget: SendBudget;
  readonly #retryAfterMs: (error: unknown) => number | undefined;
  readonly #maxRetries: number;
  readonly #lanes = new Map<string, ChatLane>();
  #seq = 0;
  #queued = 0;
  #inFlight = 0;
  #loopRunning = false;
  #wake: (() => void) | undefined;
  #idleWaiters: Array<() => void> = [];
  #closed = false;
  /** For /status and /metrics: in-memory counts only. */
  #sent = 0;
  #rateLimited = 0;
  readonly #rateLimitedHour = new HourCounts<"429">();
  /**
   * The loop rounds with sends queued or in flight, each with how many: while the queue moves
   * (a send taken, or a 429 waited out) they are working, however long their turn takes.
   */
  readonly #waitingRounds = new Map<() => void, number>();

  constructor(options: TelegramSenderOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#now = steadyNow(this.#clock);
    this.#sendBudget = options.sendBudget ?? new MemorySendBudget({ clock: this.#clock });
    this.#retryAfterMs = options.retryAfterMs ?? telegramRetryAfterMs;
    this.#maxRetries = options.maxRateLimitRetries ?? 5;
    const signal = options.signal;
    if (signal?.aborted) void this.close();
    else signal?.addEventListener("abort", () => void this.close(), { once: true });
  }

  /** Sends queued or in flight. */
  get pending(): number {
    return this.#queued + this.#inFlight;
  }

  /**
   * Runs `send` when the limits allow; resolves or rejects with what `send` did. Nothing is
   * dropped: a long queue only waits longer.
   */
  schedule<T>(request: SendRequest, send: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new SenderClosedError());
    const lane = this.#lane({ chatId: request.chatId, kind: request.kind });
    const rank = RANK[request.priority];
    const progress = captureProgress();
    if (progress) this.#waitingRounds.set(progress, (this.#waitingRounds.get(progress) ?? 0) + 1);
    const promise = new Promise<T>((resolve, reject) => {
      const settle =
        <V>(end: (value: V) => void) =>
        (value: V) => {
          if (progress) this.#leave(progress);
          end(value);
        };
      lane.queues[rank]?.push({
        seq: this.#seq++,
        rank,
        send,
        resolve: settle(resolve as (value: unknown) => void),
        reject: settle(reject),
        rateLimitRetries: 0,
        queuedAt: this.#now(),
        progress,
      });
    });
    this.#queued += 1;
    this.#kick();
    return promise;
  }

  /**
   * The queue and what Telegram said, for /status and /metrics. Each queue's head is its oldest
   * (a 429'd send goes back to the head, and it was queued earlier still).
   */
  vitals(): TelegramVitals {
    let oldest: number | undefined;
    for (const lane of this.#lanes.values()) {
      for (const job of lane.queues) {
        const at = job[0]?.queuedAt;
        if (at !== undefined && (oldest === undefined || at < oldest)) oldest = at;
      }
    }
    return {
      queued: this.#queued,
      inFlight: this.#inFlight,
      oldestWaitingMs: oldest === undefined ? undefined : Math.max(0, this.#now() - oldest),
      sent: this.#sent,
      rateLimited: this.#rateLimited,
      rateLimitedLastHour: this.#rateLimitedHour.of("429"),
    };
  }

  /** Resolves once nothing is queued or in flight. */
  onIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /**
   * Rejects every queued send (and any later one) with SenderClosedError; resolves once the
   * sends in flight finished.
   */
  close(): Promise<void> {
    this.#closed = true;
    for (const lane of this.#lanes.values()) {
      for (const job of lane.queues.flatMap((queue) => queue.splice(0))) {
        this.#queued -= 1;
        job.reject(new SenderClosedError());
      }
    }
    this.#kick();
    this.#notifyIdle();
    return this.onIdle();
  }

  #leave(progress: () => void): void {
    const left = (this.#waitingRounds.get(progress) ?? 1) - 1;
    if (left > 0) this.#waitingRounds.set(progress, left);
    else this.#waitingRounds.delete(progress);
  }

  /** The queue moved: every round waiting in it is working. */
  #moved(): void {
    for (const progress of this.#waitingRounds.keys()) progress();
  }

  #lane(target: SendTarget): ChatLane {
    const key = `${target.kind}:${target.chatId}`;
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { key, target, queues: [[], [], []], inFlight: false, notBefore: -Infinity };
      this.#lanes.set(key, lane);
    }
    return lane;
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
    // The check and the clearing of #loopRunning happen in one synchronous step, so a schedule()
    // right after always finds either a running loop or none.
    while (!this.#closed && this.#queued > 0) {
      const now = this.#now();
      const lanes = [...this.#lanes.values()].filter((lane) => !lane.inFlight && head(lane));
      const ready = lanes.filter((lane) => lane.notBefore <= now).sort(byPriorityThenAge);
      let globalWait: number | undefined;
      let started = false;
      for (const lane of ready) {
        const grant = await this.#sendBudget.take(lane.target);
        if (this.#closed) break;
        if (grant.granted) {
          started = this.#start(lane);
          break;
        }
        if (grant.scope === "global") {
          globalWait = grant.waitMs;
          break;
        }
        lane.notBefore = now + grant.waitMs;
      }
      if (started || this.#closed) continue;
      // Sleep until a held chat may go, the global bucket refills, or something new arrives.
      const waits = lanes.filter((l) => l.notBefore > now).map((l) => l.notBefore - now);
      if (globalWait !== undefined) waits.push(globalWait);
      await this.#waitFor(waits.length > 0 ? Math.min(...waits) : undefined);
    }
    this.#loopRunning = false;
  }

  #start(lane: ChatLane): boolean {
    const job = head(lane);
    if (!job) return false;
    lane.queues[job.rank]?.shift();
    lane.inFlight = true;
    this.#queued -= 1;
    this.#inFlight += 1;
    void this.#run(lane, job);
    return true;
  }

  async #run(lane: ChatLane, job: Job): Promise<void> {
    try {
      const value = await job.send();
      this.#sent += 1;
      this.#moved();
      job.resolve(value);
    } catch (error) {
      const waitMs = this.#retryAfterMs(error);
      if (waitMs !== undefined) {
        this.#rateLimited += 1;
        this.#rateLimitedHour.add("429");
        // Waiting on Telegram's limits is working too.
        this.#moved();
      }
      if (waitMs === undefined || job.rateLimitRetries >= this.#maxRetries) {
        job.reject(error);
      } else if (this.#closed) {
        job.reject(new SenderClosedError({ cause: error }));
      } else {
        job.rateLimitRetries += 1;
        await this.#sendBudget.backOff(lane.target, waitMs);
        lane.notBefore = this.#now() + waitMs;
        if (this.#closed) {
          job.reject(new SenderClosedError({ cause: error }));
        } else {
          lane.queues[job.rank]?.unshift(job);
          this.#queued += 1;
        }
      }
    } finally {
      lane.inFlight = false;
      this.#inFlight -= 1;
      // Idle: the budget remembers the chat's limits, so the lane itself can go.
      if (!head(lane)) this.#lanes.delete(lane.key);
      this.#kick();
      this.#notifyIdle();
    }
  }

  /** Until woken by #kick, or after `ms` of the clock's time when given. */
  async #waitFor(ms: number | undefined): Promise<void> {
    const abort = new AbortController();
    const woken = new Promise<void>((resolve) => {
      this.#wake = resolve;
    });
    const waits: Array<Promise<void>> = [woken];
    if (ms !== undefined) {
      // At least a microsecond, so time really moves on even where now + ms rounds to now.
      const sleep = this.#clock.sleep(Math.max(ms, MIN_SLEEP_MS), abort.signal);
      waits.push(sleep.catch(() => undefined));
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

function head(lane: ChatLane): Job | undefined {
  for (const queue of lane.queues) if (queue[0]) return queue[0];
  return undefined;
}

function byPriorityThenAge(a: ChatLane, b: ChatLane): number {
  const x = head(a);
  const y = head(b);
  if (!x || !y) return 0;
  return x.rank - y.rank || x.seq - y.seq;
}
