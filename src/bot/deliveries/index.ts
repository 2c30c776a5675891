/** The seller's own deliveries: what the bot's wiring uses of this folder. */
export { createDeliveriesModule, type DeliveriesModuleOptions } from "./module.ts";
