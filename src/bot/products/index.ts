/**
 * Products: /products, the product card, the stock and price dialogs. What other capabilities and
 * the bot's wiring may use of this folder; everything else stays inside.
 * Tests: none directly (reached through test/bot/deliveries/harness.ts and 2 more)
 */
export { OPEN_PRODUCT, PRODUCT_STOCK } from "./buttons.ts";
export { productLineButton, productStockData } from "./keyboards.ts";
export { createProductsModule, type ProductsModuleOptions } from "./module.ts";
