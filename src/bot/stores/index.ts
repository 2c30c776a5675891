/** The Ozon stores in the bot: /stores, adding, renaming, keys and health. The wiring's entry. */
export { createStoresModule } from "./module.ts";
