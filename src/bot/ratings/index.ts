/** Tests: none directly (reached through test/bot/after-sale.ts) */
export { createRatingsModule, type RatingsBotModule, type RatingsModuleOptions } from "./module.ts";
