/**
 * Advertising: campaigns, budgets, bids, reports, schedules and the daily digest. What the bot's
 * wiring may use of this folder; everything else stays inside.
 * Tests: none directly
 */
export { createAdsModule } from "./module.ts";
export { createSchedulesModule } from "./schedules/module.ts";
