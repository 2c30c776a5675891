/**
 * FBO supplies: what the wiring uses.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
export {
  createSuppliesModule,
  type SuppliesBotModule,
  type SuppliesModuleOptions,
} from "./module.ts";
