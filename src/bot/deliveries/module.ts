/**
 * The seller's own deliveries as a bot module: the delivery card and its steps (tracking number,
 * delivering, last mile, delivered, dispute), /deliveries, and /track for many tracking numbers.
 * It runs nothing in the background; the module's Api (after start) redraws other chats' cards.
 * At start, the steps Ozon took whose audit record a crash kept from the trail are recorded.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts)
 */
import type { Api } from "grammy";
import { repairStepRecords } from "../../services/deliveries/index.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotModule, FeatureFactory, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { registerDispute } from "./dispute.ts";
import { registerList } from "./list.ts";
import { registerSteps, type StepsDeps } from "./steps.ts";
import { registerTracking } from "./tracking.ts";
import { trackingTypedFeature } from "./tracking-typed.ts";

export interface DeliveriesModuleOptions {
  /** The clock of /deliveries' period (tests fix it). */
  now?: () => number;
}

export function createDeliveriesModule(
  deps: ModuleDeps,
  options: DeliveriesModuleOptions = {},
): BotModule {
  const { container, sender } = deps;
  const { config, shops, logger } = container;
  const trail = auditTrailOf(container);
  let api: Api | undefined;
  const area: StepsDeps = {
    redraw: {
      shops,
      timezone: config.timezone,
      sender,
      defaultLocale: config.defaultLocale,
    },
    api: () => api,
    audit: trail,
  };
  let repaired: Promise<unknown> | undefined;
  const feature: FeatureFactory = (featureDeps) => {
    registerSteps(featureDeps, area);
    registerList(featureDeps, shops, options.now ?? Date.now);
    registerTracking(featureDeps, area);
    registerDispute(featureDeps, shops);
    return undefined;
  };
  return {
    name: "deliveries",
    // Before the dialogs and /find: a tracking number typed after 🔢 is not a search.
    beforeConversations: [trackingTypedFeature()],
    features: [feature],
    start(botApi) {
      api = apiForSender(botApi);
      // Steps Ozon took whose record a crash kept from the trail are recorded now.
      repaired ??= Promise.all(shops.all().map((shop) => repairStepRecords(trail, shop, logger)));
    },
    async stop() {
      await repaired;
      api = undefined;
    },
  };
}
