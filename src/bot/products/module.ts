/**
 * The products area as a bot module: /products and the product card, and the stock and price
 * dialogs its buttons open. No background work: everything is read from Ozon when asked (at
 * start only, the records of changes a crash kept from the audit trail are written).
 * Tests: none directly (reached through test/bot/deliveries/harness.ts and 2 more)
 */
import { CatalogueCache, repairChangeRecords } from "../../services/products/index.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { productsFeature } from "./handlers.ts";
import { priceConversation } from "./price-dialog.ts";
import type { ProductDialogDeps } from "./product-steps.ts";
import { stockConversation } from "./stock-dialog.ts";

export interface ProductsModuleOptions {
  /** The clock of cards and limits (tests move it). */
  now?: () => number;
}

export function createProductsModule(
  deps: ModuleDeps,
  options: ProductsModuleOptions = {},
): BotModule {
  const { container, codec } = deps;
  const { shops, config, logger } = container;
  const now = options.now ?? Date.now;
  const catalogue = new CatalogueCache(now);
  const trail = auditTrailOf(container);
  const dialogs: ProductDialogDeps = {
    shops,
    codec,
    timezone: config.timezone,
    now,
    logger: logger.child({ module: "products" }),
    audit: trail,
  };
  let repaired: Promise<unknown> | undefined;
  return {
    name: "products",
    features: [productsFeature({ shops, catalogue, now })],
    conversations: [stockConversation(dialogs), priceConversation(dialogs)],
    /** Changes Ozon answered whose record a crash kept from the trail are recorded now. */
    start() {
      repaired ??= Promise.all(
        shops.all().map((shop) => repairChangeRecords(trail, shop.store, dialogs.logger)),
      );
    },
    async stop() {
      await repaired;
    },
  };
}
