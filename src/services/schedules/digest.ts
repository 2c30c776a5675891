/**
 * The managers' daily digest: for a manager who turned it on, at the time they chose (TIMEZONE),
 * yesterday's orders and revenue per store (Seller `/v1/analytics/data`) and the ad spend with
 * the orders and revenue it brought (Performance daily statistics), every store their manager role
 * reaches. One loop per process; with a shared store a lease lets one process run at a time, and
 * each (person, day) is claimed in the store before it is sent, so it goes out once. A digest
 * missed while the bot was down goes out once at start (the latest day only).
 */
import type { AdTotals } from "../../ozon/performance/daily.ts";
import type { SalesTotals } from "../../ozon/seller/analytics.ts";
import { ttlLoopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { presetPeriod, type ReportPeriod } from "../ads/periods.ts";
import { BackgroundLoop, type LoopLogger } from "../background-loop.ts";
import { latestSlot, nextSlot } from "./slots.ts";

export interface DigestSetting {
  userId: number;
  /** The person's private chat. */
  chatId: number;
  locale: string;
  enabled: boolean;
  /** HH:MM in TIMEZONE. */
  time: string;
  /** When it was last turned on or its time changed: slots before it are not sent. */
  since: number;
  lastSlot?: number;
}

const SETTING_PREFIX = "digest:";
const SENT_PREFIX = "digest-sent:";
const SENT_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export class DigestSettings {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }
  get(userId: number): Promise<DigestSetting | undefined> {
    return this.#store.get<DigestSetting>(SETTING_PREFIX + userId);
  }
  async all(): Promise<DigestSetting[]> {
    return (await this.#store.list<DigestSetting>(SETTING_PREFIX)).map((e) => e.value);
  }
  set(setting: DigestSetting): Promise<void> {
    return this.#store.set(SETTING_PREFIX + setting.userId, setting);
  }
}

/** One store's part of a digest; a part Ozon did not answer carries its error instead. */
export interface StoreDigest {
  shopId: string;
  name: string;
  sales: SalesTotals | { error: string } | undefined;
  /** undefined: the store has no Performance keys. */
  ads: AdTotals | { error: string } | undefined;
}

export interface Digest {
  period: ReportPeriod;
  stores: StoreDigest[];
}

export interface DigestSource {
  /** The stores the person's manager role reaches, with the clients to ask. */
  storesFor(userId: number): Promise<
    Array<{
      id: string;
      name: string;
      sales?: (period: ReportPeriod) => Promise<SalesTotals>;
      ads?: (period: ReportPeriod) => Promise<AdTotals>;
    }>
  >;
}

export interface DigestSender {
  send(setting: DigestSetting, digest: Digest): Promise<void>;
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
  logger?: LoopLogger;
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
      const [sales, ads] = await Promise.all([
        store.sales?.(period).catch((error: unknown) => ({ error: reasonOf(error) })),
        store.ads?.(period).catch((error: unknown) => ({ error: reasonOf(error) })),
      ]);
      return { shopId: store.id, name: store.name, sales, ads };
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
    for (const setting of await settings.all()) {
      if (!setting.enabled) continue;
      const rule = { every: "day" as const, time: setting.time };
      const upcoming = nextSlot(rule, now, zone);
      if (this.#next === undefined || upcoming < this.#next) this.#next = upcoming;
      const slot = latestSlot(rule, now, zone);
      if (slot <= (setting.lastSlot ?? setting.since)) continue;
      const claimed = await store.setIfAbsent(`${SENT_PREFIX}${setting.userId}:${slot}`, now, {
        ttlMs: SENT_TTL_MS,
      });
      await settings.set({ ...setting, lastSlot: slot });
      if (!claimed) continue;
      try {
        const digest = await buildDigest(
          this.#options.source,
          setting.userId,
          presetPeriod("yesterday", { now: slot, zone }),
        );
        await this.#options.sender.send(setting, digest);
        sent++;
      } catch (error) {
        this.#options.logger?.warn({ err: error, user: setting.userId }, "daily digest not sent");
      }
    }
    return sent;
  }
}
