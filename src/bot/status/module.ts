/**
 * The bot's health as a module: /status for admins, the loops' health recorded for every process
 * (src/services/health/), and the admins told privately when a loop stalls and when it recovers.
 * Its start comes after the other modules' (their loops are on the board by then); its stop
 * takes this process off the list.
 * Tests: none directly
 */

import { type StatusSnapshot, takeSnapshot } from "../../services/health/snapshot.ts";
import { StallWatch } from "../../services/health/stall-watch.ts";
import { sharedByProcesses } from "../../store/lease.ts";
import { BOT_VERSION } from "../../version.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { statusFeature } from "./handlers.ts";
import { tellAdminsOfStalls } from "./notifier.ts";

export function createStatusModule(deps: ModuleDeps): BotModule | undefined {
  const { container, codec, i18n, sender } = deps;
  const { config, logger, store, shops, access, vitals, loopHealth } = container;
  if (!vitals || !loopHealth) return undefined;
  const statusLogger = logger.child({ module: "status" });
  vitals.attachTelegram(() => sender.vitals());
  const watch = new StallWatch({
    store,
    health: loopHealth,
    isActive: (shopId) => {
      const shop = shops.get(shopId);
      return shop !== undefined && !shop.paused;
    },
    logger: statusLogger,
  });
  const snapshot = (): Promise<StatusSnapshot> =>
    takeSnapshot({
      shops,
      shopHealth: container.health,
      loopHealth,
      vitals,
      shared: sharedByProcesses(store),
      version: BOT_VERSION,
      ...(container.ozonMethods ? { ozonMethods: container.ozonMethods } : {}),
    });
  let stopTelling: (() => void) | undefined;

  return {
    name: "status",
    features: [statusFeature({ snapshot, codec, logger: statusLogger })],
    start(api) {
      loopHealth.start();
      stopTelling ??= tellAdminsOfStalls(
        {
          watch,
          access,
          sender,
          i18n,
          defaultLocale: config.defaultLocale,
          storeName: (shopId) => shops.get(shopId)?.name ?? shopId,
          logger: statusLogger,
        },
        apiForSender(api),
      );
      watch.start();
    },
    async stop() {
      stopTelling?.();
      stopTelling = undefined;
      await watch.stop();
      await loopHealth.stop();
    },
  };
}
