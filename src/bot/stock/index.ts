/**
 * Stock alerts: the watcher per store, the /subscribe row, the 📦 Stock button. What the bot's
 * wiring uses of this folder; everything else stays inside.
 * Tests: test/bot/stock/alerts.test.ts
 */

export { STOCK_THRESHOLD } from "./buttons.ts";
export { createStockModule, type StockBotModule, type StockModuleOptions } from "./module.ts";
