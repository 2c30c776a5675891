/**
 * Money as one bot module: `/money` (screen.ts) over one MoneyReader, whose short-lived reads are
 * shared by everyone who opens it.
 * Tests: test/bot/money/money.test.ts
 */
import { MarginReader, MoneyReader } from "../../services/money/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { earnedFeature } from "./earned.ts";
import { marginsFeature } from "./margins.ts";
import { moneyFeature } from "./screen.ts";

export interface MoneyModuleOptions {
  /** The reader's clock (tests move it past the kept reads' time). */
  now?: () => number;
  /** Injected for tests: a reader with its own cache. */
  reader?: MoneyReader;
}

export interface MoneyBotModule extends BotModule {
  readonly reader: MoneyReader;
}

export function createMoneyModule(
  deps: ModuleDeps,
  options: MoneyModuleOptions = {},
): MoneyBotModule {
  const { config, logger } = deps.container;
  const reader =
    options.reader ??
    new MoneyReader({
      zone: config.timezone,
      ...(options.now ? { now: options.now } : {}),
      onFallback: (shopId, error) =>
        logger.warn(
          { err: error, shop: shopId },
          "money: /v1/finance/balance failed; the half-month statement stands in",
        ),
    });
  const margins = new MarginReader({
    zone: config.timezone,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    name: "money",
    reader,
    features: [
      moneyFeature(reader),
      earnedFeature,
      marginsFeature(margins, config.timezone, options.now),
    ],
  };
}
