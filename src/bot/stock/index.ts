/**
 * Stock alerts: the watcher per store, the /subscribe row, the 📦 Stock button. What the bot's
 * wiring uses of this folder; everything else stays inside.
 */
export { createStockModule, type StockBotModule, type StockModuleOptions } from "./module.ts";
