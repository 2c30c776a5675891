/**
 * The process's counters for /status and /metrics: Ozon calls by method and outcome, failures per
 * store over the last hour, pushes. Each event is an in-memory increment; /metrics (prom-client,
 * loaded only when METRICS_TOKEN is set) and /status read them when asked.
 *
 * Labels stay bounded: a method is the endpoint's path as declared (never a filled-in id), an
 * outcome one of the failure kinds, and the number of keys is capped anyway.
 * Tests: test/services/health/two-processes.test.ts, test/server/metrics.test.ts
 */
import { HourCounts } from "./hour-counts.ts";
import { reportProgress } from "./loop-board.ts";

/** "ok", or the kind of failure (src/ozon/errors.ts ozonFailureKind). */
export type OzonOutcome = string;

export interface OzonCallNote {
  method: string;
  outcome: OzonOutcome;
}

export type PushResult = "accepted" | "duplicate" | "refused";

/** The Telegram sender's numbers (src/bot/core/sender/), read when asked. */
export interface TelegramVitals {
  queued: number;
  inFlight: number;
  /** How long the oldest queued send has waited. */
  oldestWaitingMs: number | undefined;
  sent: number;
  rateLimited: number;
  rateLimitedLastHour: number;
}

/** Distinct label sets kept at most (a guard: endpoints and kinds are far fewer). */
const MAX_KEYS = 1_000;

export class Vitals {
  readonly startedAt: number;
  readonly #now: () => number;
  /** `<method>\t<outcome>` → calls since start. */
  readonly #ozonCalls = new Map<string, number>();
  readonly #ozonFailures = new Map<string, HourCounts>();
  readonly #pushes = new Map<PushResult, number>();
  #telegram: (() => TelegramVitals) | undefined;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.startedAt = now();
  }

  /**
   * The observer to give one store's Ozon clients. An answer Ozon gave is also progress of the
   * loop round that asked (a pass reading page after page is working, not stalled).
   */
  ozonObserver(shopId: string): (call: OzonCallNote) => void {
    return (call) => {
      this.ozonCall(shopId, call);
      if (call.outcome === "ok") reportProgress();
    };
  }

  ozonCall(shopId: string, { method, outcome }: OzonCallNote): void {
    const key = `${method}\t${outcome}`;
    const count = this.#ozonCalls.get(key);
    if (count !== undefined || this.#ozonCalls.size < MAX_KEYS) {
      this.#ozonCalls.set(key, (count ?? 0) + 1);
    }
    if (outcome === "ok") return;
    let failures = this.#ozonFailures.get(shopId);
    if (!failures) {
      if (this.#ozonFailures.size >= MAX_KEYS) return;
      failures = new HourCounts(this.#now);
      this.#ozonFailures.set(shopId, failures);
    }
    failures.add(outcome);
  }

  /** Ozon calls since start: method, outcome, count. */
  ozonCalls(): Array<{ method: string; outcome: string; count: number }> {
    return [...this.#ozonCalls].map(([key, count]) => {
      const [method = "", outcome = ""] = key.split("\t");
      return { method, outcome, count };
    });
  }

  /** A store's Ozon failures over the last hour, by kind (this process's calls). */
  ozonFailuresLastHour(shopId: string): Array<[string, number]> {
    return this.#ozonFailures.get(shopId)?.all() ?? [];
  }

  /** Every store's Ozon failures over the last hour (what this process's heartbeat carries). */
  ozonFailuresByShop(): Record<string, Array<[string, number]>> {
    const out: Record<string, Array<[string, number]>> = {};
    for (const [shopId, counts] of this.#ozonFailures) {
      const all = counts.all();
      if (all.length > 0) out[shopId] = all;
    }
    return out;
  }

  push(result: PushResult): void {
    this.#pushes.set(result, (this.#pushes.get(result) ?? 0) + 1);
  }

  pushes(): Array<[PushResult, number]> {
    return [...this.#pushes];
  }

  /** Where the Telegram numbers come from (the bot's sender). */
  attachTelegram(source: () => TelegramVitals): void {
    this.#telegram = source;
  }

  telegram(): TelegramVitals | undefined {
    return this.#telegram?.();
  }
}
