/**
 * The audit area as a bot module: /audit and the History buttons, and at start the repair of
 * records a crash kept from the trail (services/audit/repair.ts).
 * Tests: none directly (reached through test/bot/ads/world.ts and 3 more)
 */
import { repairTrail } from "../../services/audit/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { auditFeature } from "./handlers.ts";
import { auditTrailOf } from "./trail.ts";

export function createAuditModule(deps: ModuleDeps): BotModule {
  const { container, codec } = deps;
  const { config, logger, shops } = container;
  const trail = auditTrailOf(container);
  const auditLogger = logger.child({ module: "audit" });
  let repaired: Promise<number> | undefined;
  return {
    name: "audit",
    features: [
      auditFeature({
        trail,
        shops,
        codec,
        timezone: config.timezone,
        keepDays: config.auditDays,
        logger: auditLogger,
      }),
    ],
    start() {
      repaired ??= repairTrail(
        trail,
        shops.all().map((shop) => ({ id: shop.id, store: shop.store })),
        auditLogger,
      );
    },
    async stop() {
      await repaired;
    },
  };
}
