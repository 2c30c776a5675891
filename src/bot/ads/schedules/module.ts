/**
 * Scheduled reports as a bot module: /schedule and its dialog, the one report scheduler of the
 * process (services/ads/schedules/scheduler.ts: due slots become ordinary report jobs in the ads
 * module's queues) and the notifier that tells a chat when a scheduled run failed (and an owner
 * when their schedule was paused). The bot leaving a group pauses the schedules aimed at it.
 * Tests: none directly (reached through test/bot/ads/world.ts)
 */
import { adTotalsOf } from "../../../ozon/performance/daily.ts";
import { reachesShop, shopsInScope } from "../../../services/access/shop-scope.ts";
import { DigestScheduler } from "../../../services/ads/digest/digest.ts";
import { DigestSettings } from "../../../services/ads/digest/settings.ts";
import { ReportScheduler } from "../../../services/ads/schedules/scheduler.ts";
import { ScheduleRepository } from "../../../services/ads/schedules/schedules.ts";
import { MoneyReader } from "../../../services/money/index.ts";
import { whenBotRemoved } from "../../core/bot-removed.ts";
import { chatMovesFor } from "../../core/chat-moved.ts";
import type { BotModule, FeatureFactory, ModuleDeps } from "../../core/module.ts";
import { apiForSender } from "../../core/sender/index.ts";
import { TelegramDigestSender } from "../digest/notifier.ts";
import { digestDialog } from "../digest/steps.ts";
import type { AdsModule } from "../module.ts";
import { SCHEDULE_CONVERSATION, scheduleConversation } from "./dialog.ts";
import { TelegramScheduleNotifier } from "./notifier.ts";

export interface SchedulesModuleOptions {
  /** The scheduler's clock (tests: a manual clock). */
  now?: () => number;
  /** start() runs the scheduler's loop (default true); tests may drive runOnce() instead. */
  runLoop?: boolean;
  /** Scheduler lease across processes, ms (default: on for a shared store; 0 = off). */
  leaseTtlMs?: number;
  /** How long a run's getChatMember may take before its answer counts as unknown (10 s). */
  groupCheckTimeoutMs?: number;
}

export interface SchedulesModule extends BotModule {
  readonly schedules: ScheduleRepository;
  readonly scheduler: ReportScheduler;
  readonly notifier: TelegramScheduleNotifier;
  readonly digests: DigestScheduler;
  readonly digestSettings: DigestSettings;
}

export function createSchedulesModule(
  deps: ModuleDeps,
  ads: AdsModule,
  options: SchedulesModuleOptions = {},
): SchedulesModule {
  const { container, i18n, sender } = deps;
  const { config, logger, shops, store, access } = container;
  const now = options.now ?? Date.now;
  const retryDelayMs = config.schedules.retryMinutes * 60_000;
  const schedules = new ScheduleRepository(store, {
    maxPerPerson: config.schedules.perPerson,
    now,
  });
  const notifier = new TelegramScheduleNotifier({
    sender,
    i18n,
    defaultLocale: config.defaultLocale,
    shops,
    zone: config.timezone,
    retryDelayMs,
    now,
    ...(options.groupCheckTimeoutMs !== undefined
      ? { checkTimeoutMs: options.groupCheckTimeoutMs }
      : {}),
    chatMoves: { moves: chatMovesFor(store, shops), logger },
  });
  const scheduler = new ReportScheduler({
    store,
    schedules,
    notifier,
    zone: config.timezone,
    now,
    retryDelayMs,
    targets: {
      jobsOf: (shopId) => ads.accountOf(shopId)?.jobs,
      // The owner's role is checked at every run: a manager removed since gets nothing more.
      mayReport: async (userId, shopId) =>
        reachesShop(await access.find(userId), "manager", shopId),
      // So is their place in the group, and the bot's: one bounded getChatMember per run.
      ownerInGroup: (chatId, userId) => notifier.ownerInGroup(chatId, userId),
    },
    ...(options.leaseTtlMs !== undefined ? { leaseTtlMs: options.leaseTtlMs } : {}),
    logger: logger.child({ module: "schedules" }),
  });
  const digestSettings = new DigestSettings(store);
  // Yesterday's accruals and balance: read once per store whoever gets the digest at that time.
  const money = new MoneyReader({ zone: config.timezone, now });
  const digests = new DigestScheduler({
    store,
    settings: digestSettings,
    zone: config.timezone,
    now,
    sender: new TelegramDigestSender(notifier, shops),
    source: {
      async entitled(userId) {
        const roles = (await access.find(userId))?.roles ?? [];
        return roles.includes("manager") || roles.includes("admin");
      },
      // Every active store the person's manager role reaches, asked at the digest's time.
      async storesFor(userId) {
        const person = await access.find(userId);
        return shopsInScope(person, "manager", shops.active()).map((shop) => {
          const { seller, performance } = shop;
          return {
            id: shop.id,
            name: shop.name,
            ...(seller ? { sales: (period) => seller.analytics.sales(period) } : {}),
            ...(performance
              ? { ads: async (period) => adTotalsOf(await performance.daily.byCampaign(period)) }
              : {}),
            ...(seller
              ? { money: (period) => money.accruedOf({ id: shop.id, seller }, period) }
              : {}),
          };
        });
      },
    },
    ...(options.leaseTtlMs !== undefined ? { leaseTtlMs: options.leaseTtlMs } : {}),
    logger: logger.child({ module: "digest" }),
  });
  const feature: FeatureFactory = ({ router }) => {
    router.command(
      "schedule",
      async (ctx) => {
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(SCHEDULE_CONVERSATION);
      },
      { entersConversation: true },
    );
    return undefined;
  };
  let started = false;
  return {
    name: "schedules",
    schedules,
    scheduler,
    notifier,
    digests,
    digestSettings,
    features: [feature],
    beforeConversations: [
      whenBotRemoved("report schedules (paused, owners told)", (chatId) =>
        scheduler.botLeft(chatId),
      ),
    ],
    conversations: [
      scheduleConversation({
        ...ads.dialogs,
        schedules,
        wake: () => scheduler.wake(),
        personName: async (userId) => (await access.find(userId))?.firstName,
        digest: digestDialog({
          settings: digestSettings,
          timezone: config.timezone,
          wake: () => digests.wake(),
          now,
        }),
        logger,
      }),
    ],
    start(api) {
      notifier.attach(apiForSender(api));
      if (started || options.runLoop === false) return;
      started = true;
      scheduler.start();
      digests.start();
    },
    async stop(deadline) {
      started = false;
      await Promise.all([scheduler.stop(deadline), digests.stop(deadline)]);
    },
  };
}
