/**
 * The seller's own deliveries: what the bot's wiring uses of this folder.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts)
 */
export { createDeliveriesModule, type DeliveriesModuleOptions } from "./module.ts";
