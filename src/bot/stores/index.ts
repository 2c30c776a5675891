/**
 * The Ozon stores in the bot: /stores, adding, renaming, keys and health. The wiring's entry.
 * Tests: none directly
 */
export { createStoresModule } from "./module.ts";
