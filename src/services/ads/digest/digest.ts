/**
 * The managers' daily digest: for a manager who turned it on, at the time they chose (TIMEZONE),
 * yesterday's orders and revenue per store (Seller `/v1/analytics/data`) and the ad spend with
 * the orders and revenue it brought (Performance daily statistics), every store their manager role
 * reaches. One loop per process; with a shared store a lease lets one process run at a time, and
 * each (person, day) is claimed in the store before it is sent, so it goes out once. A digest
 * missed while the bot was down goes out once at start (the latest day only).
 *
 * Claim → send → mark sent: the claim stays "sending" until Telegram accepted the digest (kept
 * with it, each accepted message counted, so a retry sends only what is left). A send
 * that failed (5xx, 429 beyond the sender's own retries, network) waits and is tried again, and a
 * claim left "sending" by a process that died is taken over once it is stale — each takeover is
 * atomic (compareAndSet), so a digest still goes out once across processes. After
 * DIGEST_ATTEMPTS tries (about an hour) it is given up with a log line, and the manager is told
 * once, with the reason (`DigestSender.gaveUp`, claimed in the store first, so once across
 * processes); a chat that is gone for the bot (blocked: 403, or not found) is given up at once,
 * with nobody to tell.
 *
 * Rights are read at every try, not when the digest was turned on: a person who lost the manager
 * role gets nothing and their digest is turned off; one whose role reaches no active store gets
 * nothing that day. The round writes only the setting's slot field, with compare-and-set on the
 * record as it is then, so a person who turns the digest off or moves it mid-round keeps that.
 * Tests: test/services/ads/digest/settings.test.ts, test/services/ads/schedules/scheduler.test.ts
 */
import type { AdTotals } from "../../../ozon/performance/daily.ts";
import type { SalesTotals } from "../../../ozon/seller/analytics.ts";
import { ttlLoopLease } from "../../../store/lease.ts";
import type { Store } from "../../../store/port.ts";
import { BackgroundLoop, type LoopLogger } from "../../background-loop.ts";
import type { AccruedDays } from "../../money/index.ts";
import { presetPeriod, type ReportPeriod } from "../reports/periods.ts";
import { latestSlot, nextSlot } from "../schedules/slots.ts";
import type { DigestSetting, DigestSettings } from "./settings.ts";

const SENT_PREFIX = "digest-sent:";
/** The notice that a day's digest was given up: claimed once per (person, day). */
const GAVE_UP_PREFIX = "digest-gave-up:";
const SENT_TTL_MS = 3 * 24 * 60 * 60 * 1000;
/** Tries of one day's digest, the first included. */
export const DIGEST_ATTEMPTS = 4;
/** The pause after the n-th failed try: the last try comes about an hour after the first. */
const RETRY_DELAYS_MS = [5 * 60_000, 15 * 60_000, 40 * 60_000];
/** A claim "sending" this long was left by a process that died while sending. */
const STALE_SENDING_MS = 10 * 60_000;

/** One (person, day) claim, kept at `digest-sent:<user>:<slot>`. */
export interface DigestRun {
  userId: number;
  slot: number;
  state: "sending" | "waiting_retry" | "done";
  /** The current (or last) try, from 1. */
  attempt: number;
  /** When the current try began. */
  startedAt: number;
  retryAt?: number;
  /** The digest as first built (kept for the retries). */
  digest?: Digest;
  /** Its messages Telegram already accepted, from the first. */
  sentParts?: number;
}

/** One store's part of a digest; a part Ozon did not answer carries its error instead. */
export interface StoreDigest {
  shopId: string;
  name: string;
  sales: SalesTotals | { error: string } | undefined;
  /** undefined: the store has no Performance keys. */
  ads: AdTotals | { error: string } | undefined;
  /** What Ozon accrued that day and the balance at its end (absent in digests kept before). */
  money?: AccruedDays | { error: string } | undefined;
}

export interface Digest {
  period: ReportPeriod;
  stores: StoreDigest[];
}

export interface DigestSource {
  /**
   * True while the person holds the manager role (an admin counts), asked at every try: a person
   * who lost it gets no digest (not even an empty one) and theirs is turned off.
   */
  entitled(userId: number): Promise<boolean>;
  /** The stores the person's manager role reaches, with the clients to ask. */
  storesFor(userId: number): Promise<
    Array<{
      id: string;
      name: string;
      sales?: (period: ReportPeriod) => Promise<SalesTotals>;
      ads?: (period: ReportPeriod) => Promise<AdTotals>;
      money?: (period: ReportPeriod) => Promise<AccruedDays>;
    }>
  >;
}

/** Where a send starts, and how it reports each accepted message. */
export interface DigestProgress {
  /** Messages of this digest already accepted by an earlier try: skipped. */
  from: number;
  /** Called after each accepted message with how many are accepted now. */
  sent(parts: number): Promise<void>;
}

export interface DigestSender {
  /** Resolves once the messenger accepted the whole digest (a long one is several messages). */
  send(setting: DigestSetting, digest: Digest, progress: DigestProgress): Promise<void>;
  /** True when a send's error means trying again will not help (the person blocked the bot). */
  isPermanent(error: unknown): boolean;
  /**
   * Tells the person the digest of `period` was given up after its last try, with why: the last
   * try's error, or undefined when that try died with its process.
   */
  gaveUp?(setting: DigestSetting, period: ReportPeriod, error: unknown): Promise<void>;
}

export interface DigestSchedulerOptions {
  store: Store;
  settings: DigestSettings;
  source: DigestSource;
  sender: DigestSender;
  zone: string;
  now?: () => number;
  idleMs?: number;
  leaseTtlMs?: number;
  logger?: LoopLogger & { info?(object: object, message?: string): void };
}

/** Why a part failed, short and free of secrets (Ozon's own message is kept short). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 200);
}

/** Builds one digest: every store side by side, each part on its own (one failing store never hides the others). */
export async function buildDigest(
  source: DigestSource,
  userId: number,
  period: ReportPeriod,
): Promise<Digest> {
  const stores = await source.storesFor(userId);
  const parts = await Promise.all(
    stores.map(async (store): Promise<StoreDigest> => {
      const [sales, ads, money] = await Promise.all([
        store.sales?.(period).catch((error: unknown) => ({ error: reasonOf(error) })),
        store.ads?.(period).catch((error: unknown) => ({ error: reasonOf(error) })),
        store.money?.(period).catch((error: unknown) => ({ error: reasonOf(error) })),
      ]);
      return { shopId: store.id, name: store.name, sales, ads, ...(money ? { money } : {}) };
    }),
  );
  return { period, stores: parts };
}

export class DigestScheduler {
  readonly #options: DigestSchedulerOptions;
  readonly #now: () => number;
  readonly #loop: BackgroundLoop<number>;
  #next: number | undefined;

  constructor(options: DigestSchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new BackgroundLoop({
      name: "digest scheduler",
      round: () => this.#round(),
      pauseMs: () => {
        const idle = this.#options.idleMs ?? 30_000;
        if (this.#next === undefined) return idle;
        return Math.max(5, Math.min(this.#next - this.#now(), idle));
      },
      lease: ttlLoopLease(options.store, "digest-scheduler", options.leaseTtlMs),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }
  wake(): void {
    this.#loop.wake();
  }
  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /** One round now; the number of digests sent (undefined: another process holds the lease). */
  async runOnce(): Promise<number | undefined> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : undefined;
  }

  async #round(): Promise<number> {
    const { store, settings, zone } = this.#options;
    const now = this.#now();
    let sent = 0;
    this.#next = undefined;
    const enabled = new Map<number, DigestSetting>();
    for (const read of await settings.all()) {
      if (!read.enabled) continue;
      enabled.set(read.userId, read);
      this.#soonest(nextSlot(dailyAt(read.time), now, zone));
      const slot = latestSlot(dailyAt(read.time), now, zone);
      if (!isDue(read, slot, now, zone)) continue;
      const run: DigestRun = {
        userId: read.userId,
        slot,
        state: "sending",
        attempt: 1,
        startedAt: now,
      };
      const claimed = await store.setIfAbsent(runKey(run), run, { ttlMs: SENT_TTL_MS });
      // Only the slot field, on the record as it is now: a person who turned the digest off or
      // moved its time since this round read it keeps their change, and gets no digest for it.
      let current: DigestSetting | undefined;
      await settings.update(read.userId, (setting) => {
        current = setting && isDue(setting, slot, now, zone) ? setting : undefined;
        return current && { ...current, lastSlot: Math.max(current.lastSlot ?? 0, slot) };
      });
      if (!claimed) continue;
      if (!current) {
        await this.#settle(run, { ...run, state: "done" });
        continue;
      }
      enabled.set(current.userId, current);
      if (await this.#attempt(current, run)) sent++;
    }
    for (const { value } of await store.list<DigestRun | number>(SENT_PREFIX)) {
      // A bare number is a claim written before claims had states: it was sent (or lost) then.
      if (typeof value !== "object" || value === null || value.state === "done") continue;
      const due =
        value.state === "waiting_retry" ? (value.retryAt ?? 0) : value.startedAt + STALE_SENDING_MS;
      if (due > now) {
        this.#soonest(due);
        continue;
      }
      const setting = enabled.get(value.userId);
      if (!setting || value.attempt >= DIGEST_ATTEMPTS) {
        // Turned off since (not wanted any more), or its last try died with its process.
        await this.#settle(value, { ...value, state: "done" });
        if (setting) {
          this.#options.logger?.warn({ user: value.userId }, "daily digest given up");
          await this.#tellGivenUp(setting, value, undefined);
        }
        continue;
      }
      const { retryAt: _waited, ...claim } = value;
      const again: DigestRun = {
        ...claim,
        state: "sending",
        attempt: value.attempt + 1,
        startedAt: now,
      };
      // Taken over atomically: another process that read the same claim gets false.
      if (!(await store.compareAndSet(runKey(value), value, again, { ttlMs: SENT_TTL_MS })))
        continue;
      if (await this.#attempt(setting, again)) sent++;
    }
    return sent;
  }

  #soonest(at: number): void {
    if (this.#next === undefined || at < this.#next) this.#next = at;
  }

  /** One try of a claimed digest; true when Telegram accepted it (then marked sent). */
  async #attempt(setting: DigestSetting, run: DigestRun): Promise<boolean> {
    const logger = this.#options.logger;
    let held = run;
    if (!(await this.#options.source.entitled(setting.userId))) {
      await this.#settle(held, { ...held, state: "done" });
      await this.#turnOff(setting.userId);
      return false;
    }
    try {
      if (!held.digest) {
        const digest = await buildDigest(
          this.#options.source,
          setting.userId,
          presetPeriod("yesterday", { now: run.slot, zone: this.#options.zone }),
        );
        // A manager whose role reaches no active store has nothing to read today.
        if (digest.stores.length === 0) {
          await this.#settle(held, { ...held, state: "done" });
          return false;
        }
        // Kept with the claim: a retry sends the same numbers, split the same way, so the
        // parts already accepted are not sent again.
        const built: DigestRun = { ...held, digest };
        if (!(await this.#settle(held, built))) return false;
        held = built;
      }
      const digest = held.digest;
      if (!digest) return false;
      await this.#options.sender.send(setting, digest, {
        from: held.sentParts ?? 0,
        sent: async (parts) => {
          const next: DigestRun = { ...held, sentParts: parts };
          try {
            if (await this.#settle(held, next)) held = next;
          } catch (error) {
            // Unsaved, a retry repeats this part: the one repeat the project allows.
            logger?.warn({ err: error, user: setting.userId }, "daily digest part not marked");
          }
        },
      });
    } catch (error) {
      const gone = this.#options.sender.isPermanent(error);
      const delay = RETRY_DELAYS_MS[held.attempt - 1];
      if (gone || held.attempt >= DIGEST_ATTEMPTS || delay === undefined) {
        await this.#settle(held, { ...held, state: "done" });
        logger?.warn(
          { err: error, user: setting.userId, attempt: held.attempt },
          gone ? "daily digest not sent: the chat refuses the bot" : "daily digest given up",
        );
        if (!gone) await this.#tellGivenUp(setting, held, error);
        return false;
      }
      const retryAt = this.#now() + delay;
      await this.#settle(held, { ...held, state: "waiting_retry", retryAt });
      this.#soonest(retryAt);
      logger?.warn(
        { err: error, user: setting.userId, attempt: held.attempt },
        "daily digest not sent, will retry",
      );
      return false;
    }
    // Accepted. Should the store fail here, the claim stays "sending" and only its last part
    // may go once more after STALE_SENDING_MS — the one repeat the project allows; logged.
    try {
      await this.#settle(held, { ...held, state: "done" });
    } catch (error) {
      logger?.warn({ err: error, user: setting.userId }, "daily digest sent but not marked");
    }
    return true;
  }

  /**
   * The manager is told the day's digest was given up, once: the notice is claimed in the store
   * before it is sent, and one that fails is logged, not tried again.
   */
  async #tellGivenUp(setting: DigestSetting, run: DigestRun, error: unknown): Promise<void> {
    const { sender, store, zone, logger } = this.#options;
    if (!sender.gaveUp) return;
    try {
      const key = `${GAVE_UP_PREFIX}${run.userId}:${run.slot}`;
      if (!(await store.setIfAbsent(key, this.#now(), { ttlMs: SENT_TTL_MS }))) return;
      await sender.gaveUp(setting, presetPeriod("yesterday", { now: run.slot, zone }), error);
    } catch (failure) {
      logger?.warn({ err: failure, user: setting.userId }, "daily digest given up, not told");
    }
  }

  /** The person lost the manager role: their digest is turned off, not sent empty every day. */
  async #turnOff(userId: number): Promise<void> {
    await this.#options.settings.update(userId, (s) =>
      s?.enabled ? { ...s, enabled: false } : undefined,
    );
    this.#options.logger?.info?.(
      { user: userId },
      "daily digest turned off: the person no longer holds the manager role",
    );
  }

  /**
   * Moves the claim on only while it is still the one this process holds: a process that was
   * taken over (stale "sending") must not undo the newer holder's outcome when it comes back.
   */
  async #settle(held: DigestRun, next: DigestRun): Promise<boolean> {
    const moved = await this.#options.store.compareAndSet(runKey(held), held, next, {
      ttlMs: SENT_TTL_MS,
    });
    if (!moved) {
      this.#options.logger?.warn({ user: held.userId }, "daily digest claim taken over meanwhile");
    }
    return moved;
  }
}

const dailyAt = (time: string) => ({ every: "day" as const, time });

/** True when `slot` is the setting's latest slot at `now` and not yet run nor before it was set. */
function isDue(setting: DigestSetting, slot: number, now: number, zone: string): boolean {
  if (!setting.enabled || latestSlot(dailyAt(setting.time), now, zone) !== slot) return false;
  return slot > Math.max(setting.lastSlot ?? 0, setting.since);
}

function runKey(run: Pick<DigestRun, "userId" | "slot">): string {
  return `${SENT_PREFIX}${run.userId}:${run.slot}`;
}
