/**
 * FBO stock per cluster: what the wiring uses.
 * Tests: none directly
 */
export {
  createFboStockModule,
  type FboStockBotModule,
  type FboStockModuleOptions,
} from "./module.ts";
