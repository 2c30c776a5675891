/** Tests: none directly (reached through test/bot/after-sale.ts) */
export { createReturnsModule, type ReturnsBotModule, type ReturnsModuleOptions } from "./module.ts";
