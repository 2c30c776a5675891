/**
 * Sales from Ozon's warehouses (FBO): what the wiring uses.
 * Tests: none directly (reached through test/bot/sales/harness.ts)
 */
export { createSalesModule, type SalesBotModule, type SalesModuleOptions } from "./module.ts";
export { TelegramSalesNotifier } from "./notifier.ts";
export { salesShopRow } from "./subscribe.ts";
