/**
 * Products: finding one, its card's figures, and changing its stock and prices once.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
export {
  type ChangeAudit,
  type ChangeNote,
  changeOnceKey,
  repairChangeRecords,
} from "./audit.ts";
export { available, loadCard, type ProductCard, SALES_DAYS, type WarehouseUnits } from "./card.ts";
export {
  type ChangeOutcome,
  changePrice,
  changeStock,
  type PriceChangeRequest,
  type StockChangeRequest,
} from "./change.ts";
export { CatalogueCache, type Found, findProducts, MAX_MATCHES, MAX_QUERY } from "./lookup.ts";
export {
  bigChange,
  kopecksOf,
  MAX_PRICE_KOPECKS,
  type PriceInput,
  parsePriceInput,
  percentChange,
  priceText,
  rublesText,
} from "./money.ts";
export { sendOnce } from "./once.ts";
export { MAX_UNITS, parseStockInput, type StockInput } from "./stock-input.ts";
