/**
 * Sales from Ozon's warehouses (FBO): what the wiring uses.
 * Tests: none directly
 */
export { createSalesModule, type SalesBotModule, type SalesModuleOptions } from "./module.ts";
