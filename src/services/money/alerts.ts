/**
 * Money going wrong, told to a store's admins and managers once (each can turn either off):
 * - a loss day: a product sold yesterday at a loss (its margin below zero with units sold: revenue
 *   less Ozon's charges less the workbook's cost × units), with its numbers;
 * - a missed payout: Ozon pays twice a month, on the 1st and the 16th (its half-month statement
 *   periods; the documents give no payout dates of their own); a payout day whose balance opened
 *   positive and paid nothing out is told the day after.
 * One watcher per store on a BackgroundLoop under a lease (of several processes one reads), a few
 * times a day; what was told is marked per person in the notifier, so a pass repeated after a
 * failed send tells only whoever lacks it.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import { DateTime } from "luxon";
import type { Logger } from "../../logger.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import type { CostPrices } from "./costs.ts";
import type { MarginReader, MarginShop, ProductMargin } from "./margins.ts";
import type { MoneyReader, MoneyShop } from "./reader.ts";

export const MONEY_ALERTS_LEASE_NAME = "money-alerts";
/** Every two hours: a day's accruals settle during the next morning. */
export const MONEY_ALERTS_POLL_MS = 2 * 60 * 60_000;
/**
 * Yesterday is judged for losses only from this hour of the store's day: Ozon's accruals of a day
 * settle during the next morning, and a half-accrued day (charges in, the sale not yet) would
 * read as a loss.
 */
export const LOSS_SETTLE_HOUR = 12;
/** Loss lines in one alert at most. */
export const LOSSES_TOLD = 10;
export const PAYOUT_DAYS = [1, 16] as const;

export type MoneyAlertKind = "loss" | "payout";

export interface LossDay {
  /** `loss:<day>`: the notifier's marks use it. */
  id: string;
  shopId: string;
  day: string;
  products: ProductMargin[];
}

export interface MissedPayout {
  id: string;
  shopId: string;
  day: string;
  /** The balance at the day's opening, kopecks as text. */
  openingKopecks: string;
}

export interface MoneyAlertsNotifier {
  /** Resolves once every recipient has it; throws to be tried again on the next pass. */
  loss(alert: LossDay): Promise<void>;
  missedPayout(alert: MissedPayout): Promise<void>;
}

export interface MoneyAlertsWatcherOptions {
  shop: MarginShop & MoneyShop;
  /** The shop's part of the store (fenced under the lease). */
  store: Store;
  margins: MarginReader;
  money: MoneyReader;
  costs: CostPrices;
  notifier: MoneyAlertsNotifier;
  zone: string;
  pollMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
  now?: () => number;
}

export interface MoneyAlertsPass {
  leader: boolean;
  losses: number;
  missedPayout: boolean;
}

const DONE_TTL_MS = 40 * 24 * 60 * 60_000;

export class MoneyAlertsWatcher {
  readonly #o: MoneyAlertsWatcherOptions;
  readonly #loop: BackgroundLoop<MoneyAlertsPass>;
  readonly #now: () => number;

  constructor(options: MoneyAlertsWatcherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new BackgroundLoop({
      name: "money alerts",
      round: () => this.#pass(),
      pauseMs: () => Math.max(1000, options.pollMs ?? MONEY_ALERTS_POLL_MS),
      lease: loopLease(options.store, MONEY_ALERTS_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<MoneyAlertsPass> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { leader: false, losses: 0, missedPayout: false };
  }

  async #pass(): Promise<MoneyAlertsPass> {
    const { shop, store, margins, money, costs, notifier, zone } = this.#o;
    const today = DateTime.fromMillis(this.#now(), { zone });
    const yesterday = today.minus({ days: 1 });
    const day = yesterday.toISODate() as string;
    const report: MoneyAlertsPass = { leader: true, losses: 0, missedPayout: false };

    const lossDone = `money:alerts:done:loss:${day}`;
    if (today.hour >= LOSS_SETTLE_HOUR && (await store.get(lossDone)) === undefined) {
      const rows = await margins.margins(shop, { from: day, to: day }, await costs.bySku());
      const losers = rows.filter((r) => r.units > 0 && r.marginKopecks < 0n).slice(0, LOSSES_TOLD);
      if (losers.length > 0) {
        await notifier.loss({ id: `loss:${day}`, shopId: shop.id, day, products: losers });
      }
      report.losses = losers.length;
      await store.set(lossDone, true, { ttlMs: DONE_TTL_MS });
    }

    const payoutDone = `money:alerts:done:payout:${day}`;
    const payoutDay = (PAYOUT_DAYS as readonly number[]).includes(yesterday.day);
    if (payoutDay && (await store.get(payoutDone)) === undefined) {
      const balance = await money.balanceOf(shop, { from: day, to: day });
      const opening = balance.openingKopecks;
      if (opening !== undefined && opening > 0n && (balance.paidOutKopecks ?? 0n) === 0n) {
        await notifier.missedPayout({
          id: `payout:${day}`,
          shopId: shop.id,
          day,
          openingKopecks: String(opening),
        });
        report.missedPayout = true;
      }
      await store.set(payoutDone, true, { ttlMs: DONE_TTL_MS });
    }
    return report;
  }
}
