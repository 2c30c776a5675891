/**
 * Home: what the bot's wiring may use of this folder.
 * Tests: none directly (reached through test/bot/home/world.ts, test/bot/money/world.ts)
 */
export { createHomeModule, type HomeModuleOptions } from "./module.ts";
