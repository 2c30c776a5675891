/**
 * Advertising as a bot module: /budget and /report with their dialogs, and the report runner
 * that moves report jobs along in the background (queued → submitted → ready → delivered) and
 * tells the person through the Telegram notifier. Jobs live in the store, so a new module on the
 * same store (a restart) picks them up and delivers each once.
 */

import { MILLIONTHS_PER_ROUBLE } from "../../ozon/performance/money.ts";
import {
  type BudgetLimits,
  BudgetService,
  DEFAULT_BUDGET_LIMITS,
  DEFAULT_REPORT_LIMITS,
  ReportJobs,
  ReportRunner,
} from "../../services/ads/index.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { type AdsDialogDeps, budgetConversation } from "../conversations/budget.ts";
import { reportConversation } from "../conversations/report.ts";
import { adsFeature } from "../features/ads.ts";
import type { BotModule } from "../module.ts";
import { TelegramReportNotifier } from "../notifiers/reports.ts";
import { apiForSender } from "../sender/index.ts";
import type { ModuleDeps } from "./index.ts";

export interface AdsModuleOptions {
  /** Reports submitted to Ozon at once per Performance account (default REPORT_CONCURRENCY). */
  maxSubmitted?: number;
  /** Longest report period in days (default REPORT_MAX_PERIOD_DAYS). */
  maxPeriodDays?: number;
  /** Campaigns per report (default 10). */
  maxCampaigns?: number;
  /** Accepted daily budgets (default BUDGET_MIN_ROUBLES … BUDGET_MAX_ROUBLES). */
  budgetLimits?: BudgetLimits;
  /** Cap of the growing poll interval, seconds (default 60). */
  pollCapSeconds?: number;
  /** Runner lease across processes, ms (default DEFAULT_LEASE_TTL_MS, 15 s; 0 = off). */
  leaseTtlMs?: number;
  /** start() runs the runner's loop (default true); tests may drive runner.runOnce() instead. */
  runLoop?: boolean;
}

export interface AdsModule extends BotModule {
  readonly budget: BudgetService;
  readonly jobs: ReportJobs;
  readonly runner: ReportRunner;
  readonly notifier: TelegramReportNotifier;
}

export function createAdsModule(deps: ModuleDeps, options: AdsModuleOptions = {}): AdsModule {
  const { container, i18n, sender } = deps;
  const { config, logger, shops } = container;
  const first = shops.all().find((shop) => shop.performance);
  const performance = first?.performance;
  if (!first || !performance) throw new Error("the ads module needs the Performance API client");
  const account = first.performanceAccount ?? first.id;
  const store = first.store;
  const maxPeriodDays = options.maxPeriodDays ?? config.reports.maxPeriodDays;
  const maxCampaigns = options.maxCampaigns ?? DEFAULT_REPORT_LIMITS.maxCampaigns;

  const budget = new BudgetService({
    campaigns: performance.campaigns,
    limits: options.budgetLimits ?? {
      ...DEFAULT_BUDGET_LIMITS,
      minMillionths: BigInt(config.budget.minRoubles) * MILLIONTHS_PER_ROUBLE,
      maxMillionths: BigInt(config.budget.maxRoubles) * MILLIONTHS_PER_ROUBLE,
    },
  });
  const notifier = new TelegramReportNotifier({
    sender,
    codec: deps.codec,
    i18n,
    defaultLocale: config.defaultLocale,
    logger,
  });
  const runner = new ReportRunner({
    store,
    statistics: performance.statistics,
    notifier,
    account,
    pollSeconds: config.pollSeconds.reports,
    logger,
    maxSubmitted: options.maxSubmitted ?? config.reports.concurrency,
    ...(options.pollCapSeconds !== undefined ? { pollCapSeconds: options.pollCapSeconds } : {}),
    // 0 turns the lease off: it is needed only when processes share the store.
    ...(options.leaseTtlMs !== undefined || !sharedByProcesses(store)
      ? { leaseTtlMs: options.leaseTtlMs ?? 0 }
      : {}),
  });
  const jobs = new ReportJobs({
    store,
    account,
    zone: config.timezone,
    limits: { maxPeriodDays, maxCampaigns },
    // A job asked for in this process starts at once instead of at the next poll.
    onEnqueued: () => runner.wake(),
  });

  const dialogs: AdsDialogDeps = {
    budget,
    jobs,
    campaigns: performance.campaigns,
    codec: deps.codec,
    timezone: config.timezone,
    maxPeriodDays,
    maxCampaigns,
    logger,
  };

  return {
    name: "ads",
    budget,
    jobs,
    runner,
    notifier,
    features: [adsFeature(jobs)],
    conversations: [budgetConversation(dialogs), reportConversation(dialogs)],
    start(api) {
      notifier.attach(apiForSender(api));
      if (options.runLoop ?? true) runner.start();
    },
    async stop(deadline) {
      await runner.stop(deadline);
    },
  };
}
