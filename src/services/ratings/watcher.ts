/**
 * The ratings watcher of one shop: a few times a day it reads the seller's ratings and tells
 * admins and managers when one moves into Ozon's warning or danger zone, or back out. Each
 * crossing is told once, also across a restart: the zone last told is kept per rating, and a
 * crossing being told is written down first (its id), so the notifier can skip the chats that
 * already have it when a pass is repeated after a failure. A worse zone comes with what moved it:
 * the postings that raised the FBS error index lately.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import type { FbsIndexError, Rating, RatingsApi, RatingZone } from "../../ozon/seller/ratings.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";

export const RATINGS_LEASE_NAME = "ratings-watcher";
/** A few times a day. */
export const RATINGS_POLL_MS = 4 * 60 * 60 * 1000;
/** How far back the postings that raised the error index are looked up, and how many are named. */
const ERROR_DAYS = 7;
const ERRORS_NAMED = 5;

/** Worse the higher. */
const SEVERITY: Record<Exclude<RatingZone, "unknown">, number> = { ok: 0, warning: 1, danger: 2 };

export interface RatingCrossing {
  /** Stable while this crossing is being told (the notifier's delivery marks use it). */
  id: string;
  shopId: string;
  rating: Rating;
  from: Exclude<RatingZone, "unknown">;
  to: Exclude<RatingZone, "unknown">;
  /** Into a worse zone. */
  worse: boolean;
  /** The postings that raised the FBS error index lately (only for a worse zone). */
  errors: FbsIndexError[];
}

export interface RatingsNotifier {
  /** Resolves once every recipient has it (Telegram accepted); throws to be tried again. */
  crossing(crossing: RatingCrossing): Promise<void>;
}

export interface RatingsWatcherOptions {
  shopId: string;
  api: Pick<RatingsApi, "current" | "fbsIndexErrors">;
  /** The shop's part of the store. */
  store: Store;
  notifier: RatingsNotifier;
  pollMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
  now?: () => number;
}

export interface RatingsPassReport {
  leader: boolean;
  ratings: number;
  told: number;
}

interface Pending {
  id: string;
  from: Exclude<RatingZone, "unknown">;
  to: Exclude<RatingZone, "unknown">;
}

const zoneKey = (rating: string) => `ratings:zone:${rating}`;
const pendingKey = (rating: string) => `ratings:pending:${rating}`;

/**
 * The kinds of posting errors that move a rating, by its system name: cancellations by the seller
 * move the cancellation ratings, late shipments the on-time and delay ones, and the FBS error
 * index both. Other ratings (reviews, prices) are not moved by postings: none are named.
 */
export function errorKinds(ratingKey: string): readonly string[] | undefined {
  const key = ratingKey.toLowerCase();
  if (key.includes("index") || key.includes("error"))
    return ["SELLER_CANCELLATION", "SELLER_DELAY"];
  if (key.includes("cancel")) return ["SELLER_CANCELLATION"];
  if (key.includes("on_time") || key.includes("delay") || key.includes("shipment")) {
    return ["SELLER_DELAY"];
  }
  return undefined;
}

function movedBy(ratingKey: string, errors: readonly FbsIndexError[]): FbsIndexError[] {
  const kinds = errorKinds(ratingKey);
  return kinds ? errors.filter((e) => e.type === undefined || kinds.includes(e.type)) : [];
}

export class RatingsWatcher {
  readonly #o: RatingsWatcherOptions;
  readonly #loop: BackgroundLoop<RatingsPassReport>;
  readonly #now: () => number;

  constructor(options: RatingsWatcherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new BackgroundLoop({
      name: "ratings watcher",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1000, options.pollMs ?? RATINGS_POLL_MS),
      lease: loopLease(options.store, RATINGS_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<RatingsPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { leader: false, ratings: 0, told: 0 };
  }

  async #pass(signal: AbortSignal): Promise<RatingsPassReport> {
    const { api, store, notifier, shopId } = this.#o;
    const ratings = await api.current(signal);
    let told = 0;
    let errors: FbsIndexError[] | undefined;
    for (const rating of ratings) {
      signal.throwIfAborted();
      if (rating.zone === "unknown") continue;
      const last = (await store.get<Pending["to"]>(zoneKey(rating.key))) ?? "ok";
      if (rating.zone === last) {
        await store.delete(pendingKey(rating.key));
        continue;
      }
      let pending = await store.get<Pending>(pendingKey(rating.key));
      if (pending?.to !== rating.zone || pending.from !== last) {
        pending = { id: `${rating.key}.${this.#now().toString(36)}`, from: last, to: rating.zone };
        await store.set(pendingKey(rating.key), pending);
      }
      const worse = SEVERITY[pending.to] > SEVERITY[pending.from];
      if (worse && errors === undefined && errorKinds(rating.key) !== undefined) {
        errors = await api.fbsIndexErrors(ERROR_DAYS, ERRORS_NAMED, signal).catch((error) => {
          this.#o.logger?.warn({ err: error }, "the postings behind the error index are unknown");
          return [];
        });
      }
      await notifier.crossing({
        id: pending.id,
        shopId,
        rating,
        from: pending.from,
        to: pending.to,
        worse,
        errors: worse ? movedBy(rating.key, errors ?? []) : [],
      });
      // Everyone has it: from here on this crossing is never told again.
      await store.set(zoneKey(rating.key), pending.to);
      await store.delete(pendingKey(rating.key));
      told++;
    }
    return { leader: true, ratings: ratings.length, told };
  }
}
