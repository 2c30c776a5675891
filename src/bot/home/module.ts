/**
 * Home as a module: the screen /start, /help and its buttons open (screen.ts), counted by
 * services/home over every store the bot serves, each store's sources read at most once per
 * HOME_READ_TTL_MS whoever opens it.
 * Tests: test/bot/home/home.test.ts
 */
import { HomeCounts } from "../../services/home/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { homeFeature } from "./screen.ts";

export interface HomeModuleOptions {
  /** Injected for tests: the counts with their own clock or cache. */
  counts?: HomeCounts;
  /** The counts' clock (default Date.now): tests move it past the kept reads' time. */
  now?: () => number;
}

export function createHomeModule(deps: ModuleDeps, options: HomeModuleOptions = {}): BotModule {
  const { config, logger, shops, health, loopHealth } = deps.container;
  const counts =
    options.counts ??
    new HomeCounts({
      shops: () => shops.all(),
      legacyShopId: () => shops.legacyOwner()?.id,
      ...(health ? { keys: health } : {}),
      ...(loopHealth ? { loops: loopHealth } : {}),
      stallFloorMs: config.stallAfterSeconds * 1000,
      ...(options.now ? { now: options.now } : {}),
      onError: (error, shopId, source) =>
        logger.warn({ err: error, shop: shopId, source }, "Home could not read a count"),
    });
  return {
    name: "home",
    features: [homeFeature({ counts, timezone: config.timezone })],
  };
}
