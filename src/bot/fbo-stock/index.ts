/**
 * FBO stock per cluster: what the wiring uses.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
export {
  createFboStockModule,
  type FboStockBotModule,
  type FboStockModuleOptions,
} from "./module.ts";
