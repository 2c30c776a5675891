/**
 * Advertising as a bot module: /budget and /report with their dialogs, and one report runner per
 * Performance account (per shop with Performance keys) that moves that shop's report jobs along
 * in the background (queued → submitted → ready → delivered) and tells the person through the
 * Telegram notifier. Each runner has its own loop and Ozon client, so one account whose Ozon
 * fails never delays another's reports. Jobs live in the shop's part of the store, so a new module
 * on the same store (a restart) picks them up and delivers each once; jobs of the single-shop
 * version (unprefixed keys) are the first shop's and its runner delivers them.
 *
 * Runners start and stop with their shops (PerShop). A removed shop's unfinished jobs are
 * cancelled and their people told; a paused shop's jobs wait for it.
 * Tests: none directly (reached through test/bot/ads/world.ts)
 */

import { MILLIONTHS_PER_ROUBLE } from "../../ozon/performance/money.ts";
import {
  type AdsAccount,
  type BudgetLimits,
  BudgetService,
  CampaignDesk,
  cancelShopJobs,
  DEFAULT_BUDGET_LIMITS,
  DEFAULT_REPORT_LIMITS,
  DEFAULT_WEEKLY_BUDGET_LIMITS,
  ReportJobs,
  ReportPresets,
  ReportRunner,
} from "../../services/ads/index.ts";
import { PerShop } from "../../shops/per-shop.ts";
import type { Shop } from "../../shops/registry.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { auditTrailOf } from "../audit/index.ts";
import { chatMovesFor } from "../core/chat-moved.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { bidConversation } from "./campaigns/bid-dialog.ts";
import { type AdsDialogDeps, budgetConversation } from "./campaigns/budget-dialog.ts";
import { campaignsFeature } from "./campaigns/campaigns.ts";
import { periodConversation } from "./campaigns/period-dialog.ts";
import { adsFeature } from "./handlers.ts";
import { reportConversation } from "./reports/dialog.ts";
import { TelegramReportNotifier, type TelegramReportNotifierOptions } from "./reports/notifier.ts";

/** How often an idle runner looks for new jobs when several processes share the store. */
const SHARED_IDLE_SECONDS = 2;

export interface AdsModuleOptions {
  /** Reports submitted to Ozon at once per Performance account (default REPORT_CONCURRENCY). */
  maxSubmitted?: number;
  /** Longest report period in days (default REPORT_MAX_PERIOD_DAYS). */
  maxPeriodDays?: number;
  /** Campaigns per report (default 10). */
  maxCampaigns?: number;
  /** Accepted daily budgets (default BUDGET_MIN_ROUBLES … BUDGET_MAX_ROUBLES). */
  budgetLimits?: BudgetLimits;
  /** Accepted weekly budgets (default WEEKLY_BUDGET_MIN_ROUBLES … WEEKLY_BUDGET_MAX_ROUBLES). */
  weeklyBudgetLimits?: BudgetLimits;
  /** Accepted bids per click (default BID_MIN_ROUBLES … BID_MAX_ROUBLES). */
  bidLimits?: BudgetLimits;
  /** Cap of the growing poll interval, seconds (default 60). */
  pollCapSeconds?: number;
  /** Runner lease across processes, ms (default DEFAULT_LEASE_TTL_MS, 15 s; 0 = off). */
  leaseTtlMs?: number;
  /** start() runs the runners' loops (default true); tests may drive runner.runOnce() instead. */
  runLoop?: boolean;
  /** Draws a report's chart (default: the real one; tests make it fail). */
  renderChart?: TelegramReportNotifierOptions["renderChart"];
}

export type { AdsAccount } from "../../services/ads/index.ts";

export interface AdsModule extends BotModule {
  /** The first shop with Performance keys: its budgets, jobs and runner. */
  readonly budget: BudgetService;
  readonly jobs: ReportJobs;
  readonly runner: ReportRunner;
  readonly notifier: TelegramReportNotifier;
  /** The budgets, jobs and runner of one shop with Performance keys (undefined: none, or gone). */
  accountOf(shopId: string): AdsAccount | undefined;
  /** Resolves once the cancellations of removed shops' jobs begun so far are done (tests). */
  settled(): Promise<void>;
  /** What the advertising dialogs are built from (the schedules module's dialog too). */
  readonly dialogs: AdsDialogDeps;
}

export function createAdsModule(deps: ModuleDeps, options: AdsModuleOptions = {}): AdsModule {
  const { container, i18n, sender } = deps;
  const { config, logger, shops } = container;
  const maxPeriodDays = options.maxPeriodDays ?? config.reports.maxPeriodDays;
  const maxCampaigns = options.maxCampaigns ?? DEFAULT_REPORT_LIMITS.maxCampaigns;
  const budgetLimits = options.budgetLimits ?? {
    ...DEFAULT_BUDGET_LIMITS,
    minMillionths: BigInt(config.budget.minRoubles) * MILLIONTHS_PER_ROUBLE,
    maxMillionths: BigInt(config.budget.maxRoubles) * MILLIONTHS_PER_ROUBLE,
  };
  const weeklyBudgetLimits = options.weeklyBudgetLimits ?? {
    ...DEFAULT_WEEKLY_BUDGET_LIMITS,
    minMillionths: BigInt(config.weeklyBudget.minRoubles) * MILLIONTHS_PER_ROUBLE,
    maxMillionths: BigInt(config.weeklyBudget.maxRoubles) * MILLIONTHS_PER_ROUBLE,
  };
  const bidLimits = options.bidLimits ?? {
    minMillionths: BigInt(config.bid.minRoubles) * MILLIONTHS_PER_ROUBLE,
    maxMillionths: BigInt(config.bid.maxRoubles) * MILLIONTHS_PER_ROUBLE,
    fraction: "round" as const,
  };
  const notifier = new TelegramReportNotifier({
    sender,
    codec: deps.codec,
    i18n,
    defaultLocale: config.defaultLocale,
    shops,
    logger,
    ...(options.renderChart ? { renderChart: options.renderChart } : {}),
    chatMoves: { moves: chatMovesFor(container.store, shops), logger },
  });

  /** Built on first use (a dialog, a retry, the runner's start); dropped when the shop stops. */
  const accounts = new Map<string, AdsAccount>();
  const build = (shop: Shop): AdsAccount | undefined => {
    const performance = shop.performance;
    if (!performance) return undefined;
    const account = shop.performanceAccount ?? shop.id;
    const store = shop.store;
    const runner = new ReportRunner({
      store,
      statistics: performance.statistics,
      notifier,
      account,
      shop: shop.id,
      // Looked up at delivery: a rename since the order shows in the file name.
      fileTag: () => (shops.many ? shops.get(shop.id)?.name : undefined),
      pollSeconds: config.pollSeconds.reports,
      logger: logger.child({ module: "reports", shop: shop.id }),
      maxSubmitted: options.maxSubmitted ?? config.reports.concurrency,
      ...(options.pollCapSeconds !== undefined ? { pollCapSeconds: options.pollCapSeconds } : {}),
      // 0 turns the lease off: it is needed only when processes share the store.
      ...(options.leaseTtlMs !== undefined || !sharedByProcesses(store)
        ? { leaseTtlMs: options.leaseTtlMs ?? 0 }
        : {}),
      // A job ordered at another process cannot wake this runner: look for one every few
      // seconds instead of every minute.
      ...(sharedByProcesses(store) ? { idleSeconds: SHARED_IDLE_SECONDS } : {}),
    });
    const budget = new BudgetService({
      campaigns: performance.campaigns,
      limits: budgetLimits,
      weeklyLimits: weeklyBudgetLimits,
    });
    return {
      shopId: shop.id,
      budget,
      desk: new CampaignDesk({
        api: performance,
        zone: config.timezone,
        logger: logger.child({ module: "campaigns", shop: shop.id }),
        changed: () => budget.forget(),
      }),
      campaigns: performance.campaigns,
      jobs: new ReportJobs({
        store,
        account,
        shop: shop.id,
        zone: config.timezone,
        limits: { maxPeriodDays, maxCampaigns },
        // A job asked for in this process starts at once instead of at the next poll.
        onEnqueued: () => runner.wake(),
      }),
      runner,
    };
  };
  const accountOf = (shopId: string): AdsAccount | undefined => {
    const known = accounts.get(shopId);
    if (known) return known;
    const shop = shops.get(shopId);
    const made = shop && build(shop);
    if (made) accounts.set(shopId, made);
    return made;
  };
  const first = (): AdsAccount => {
    const shop = shops.all().find((s) => s.performance);
    const account = shop && accountOf(shop.id);
    if (!account) throw new Error("the ads module needs a shop with Performance API keys");
    return account;
  };

  let runners: PerShop<{ stop(deadline?: AbortSignal): Promise<unknown> }> | undefined;
  let unsubscribe: (() => void) | undefined;
  const cancellations = new Set<Promise<void>>();
  /** Runners of paused or removed shops still finishing their round, by shop id. */
  const stopping = new Map<string, Promise<void>>();

  /** A removed shop: its runner stops first (no save of it may follow ours), then its jobs end. */
  const cancelRemoved = async (shop: Shop): Promise<void> => {
    const account = accounts.get(shop.id);
    accounts.delete(shop.id);
    await account?.runner.stop();
    const cancelled = await cancelShopJobs({
      store: shop.store,
      tell: (job) => notifier.cancelled(job, shop.name),
      logger,
    });
    if (cancelled.length > 0) {
      logger.info(
        { shop: shop.id, jobs: cancelled.length },
        "report jobs of a removed store cancelled",
      );
    }
  };

  const dialogs: AdsDialogDeps = {
    shops,
    accountOf,
    budgetLimits: { daily: budgetLimits, weekly: weeklyBudgetLimits },
    bidLimits,
    codec: deps.codec,
    timezone: config.timezone,
    maxPeriodDays,
    maxCampaigns,
    logger,
    audit: auditTrailOf(container),
    presets: new ReportPresets(container.store),
  };

  return {
    name: "ads",
    get budget() {
      return first().budget;
    },
    get jobs() {
      return first().jobs;
    },
    get runner() {
      return first().runner;
    },
    notifier,
    accountOf,
    dialogs,
    async settled() {
      await Promise.all([...cancellations]);
    },
    features: [
      adsFeature({ shops, accountOf }),
      campaignsFeature({ shops, accountOf, audit: dialogs.audit }),
    ],
    conversations: [
      budgetConversation(dialogs),
      reportConversation(dialogs),
      periodConversation(dialogs),
      bidConversation(dialogs),
    ],
    start(api) {
      notifier.attach(apiForSender(api));
      if (runners) return;
      unsubscribe = shops.onChange((change) => {
        if (change.kind !== "removed") return;
        const done = cancelRemoved(change.shop)
          .catch((error: unknown) => {
            logger.error({ err: error, shop: change.shop.id }, "cancelling report jobs failed");
          })
          .finally(() => cancellations.delete(done));
        cancellations.add(done);
      });
      runners = new PerShop({
        shops,
        logger,
        wants: (shop) => shop.performance !== undefined,
        start: (shop) => {
          const account = accountOf(shop.id) as AdsAccount; // wants() let only such shops in
          const startLoop = () => {
            if (accounts.get(shop.id) === account) account.runner.start();
          };
          if (options.runLoop ?? true) {
            // Paused and resumed at once: the old runner ends first, so one queue never has two.
            const previous = stopping.get(shop.id);
            if (previous) void previous.then(startLoop);
            else startLoop();
          }
          return {
            stop: (deadline?: AbortSignal) => {
              // Paused or removed: a shop that comes back gets a fresh runner and client.
              if (accounts.get(shop.id) === account) accounts.delete(shop.id);
              const stopped = account.runner.stop(deadline);
              const settled = stopped.then(
                () => undefined,
                () => undefined,
              );
              stopping.set(shop.id, settled);
              void settled.then(() => {
                if (stopping.get(shop.id) === settled) stopping.delete(shop.id);
              });
              return stopped;
            },
          };
        },
      });
      runners.start();
    },
    async stop(deadline) {
      unsubscribe?.();
      unsubscribe = undefined;
      await runners?.stop(deadline);
      runners = undefined;
      await Promise.all([...cancellations]);
    },
  };
}
