/**
 * Home as a module: the screen /start, /help and its buttons open (screen.ts), counted by
 * services/home over every store the bot serves, each store's sources read at most once per
 * HOME_READ_TTL_MS whoever opens it, and the open screens redrawn when a count changes (live.ts).
 * Tests: none directly (reached through test/bot/home/world.ts, test/bot/money/world.ts)
 */
import type { Api } from "grammy";
import { HomeCounts } from "../../services/home/index.ts";
import { OpenScreens } from "../../services/home/open-screens.ts";
import { SubscriptionService } from "../../services/subscriptions.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { HomeLive } from "./live.ts";
import type { HomeMoney } from "./render.ts";
import { forgetOtherScreens, type HomeArea, homeFeature } from "./screen.ts";

export interface HomeModuleOptions {
  /** Injected for tests: the counts with their own clock or cache. */
  counts?: HomeCounts;
  /** The counts' and redraws' clock (default Date.now): tests move it on. */
  now?: () => number;
  /** false: start() prepares the redraws but does not run them (tests call runOnce). */
  poll?: boolean;
  /** The manager's money line: yesterday over their stores (the money module's reader). */
  money?: HomeMoney;
}

export interface HomeBotModule extends BotModule {
  /** One pass over the open screens (tests). */
  redrawOnce(): Promise<{ redrawn: number; forgotten: number }>;
}

export function createHomeModule(deps: ModuleDeps, options: HomeModuleOptions = {}): HomeBotModule {
  const { config, logger, shops, health, loopHealth, store, access } = deps.container;
  const now = options.now ?? Date.now;
  const counts =
    options.counts ??
    new HomeCounts({
      shops: () => shops.all(),
      legacyShopId: () => shops.legacyOwner()?.id,
      ...(health ? { keys: health } : {}),
      ...(loopHealth ? { loops: loopHealth } : {}),
      stallFloorMs: config.stallAfterSeconds * 1000,
      now,
      onError: (error, shopId, source) =>
        logger.warn({ err: error, shop: shopId, source }, "Home could not read a count"),
    });
  const area: HomeArea = {
    counts,
    timezone: config.timezone,
    screens: new OpenScreens(store),
    now,
    money: options.money,
  };
  const live = new HomeLive({
    screens: area.screens,
    render: {
      counts,
      subscriptions: new SubscriptionService(store),
      codec: deps.codec,
      timezone: config.timezone,
      money: options.money,
    },
    access,
    i18n: deps.i18n,
    defaultLocale: config.defaultLocale,
    sender: deps.sender,
    store,
    logger,
    now,
  });
  return {
    name: "home",
    beforeConversations: [forgetOtherScreens(area)],
    features: [homeFeature(area)],
    start(api: Api) {
      live.start(apiForSender(api), options.poll !== false);
    },
    async stop(deadline) {
      await live.stop(deadline);
    },
    redrawOnce: () => live.runOnce(),
  };
}
