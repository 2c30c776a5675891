/**
 * Home: what the bot's wiring may use of this folder.
 * Tests: test/bot/home/home.test.ts
 */
export { createHomeModule, type HomeModuleOptions } from "./module.ts";
