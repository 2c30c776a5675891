/** Home: what the bot's wiring may use of this folder. */
export { createHomeModule, type HomeModuleOptions } from "./module.ts";
