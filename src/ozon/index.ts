/**
 * The Ozon clients and what callers need around them.
 * Tests: test/ozon/fallback-memory.test.ts, test/ozon/money.test.ts and 4 more
 */

export type { Clock } from "../clock.ts";
export { systemClock } from "../clock.ts";
export type { RetryPolicy } from "./backoff.ts";
export { isOzonFileTooLargeError, OzonFileTooLargeError } from "./download.ts";
export type { Endpoint } from "./endpoint.ts";
export * from "./errors.ts";
export type { FetchLike, Timeouts } from "./exchange.ts";
export type { KeysVerdict, KeysVerdictObserver, OzonCallObserver } from "./http.ts";
export { parseJson, stringifyJson } from "./json.ts";
export { type RateLimiter, TokenBucket } from "./limiter.ts";
export { ozonKopecks, ozonSignedKopecks } from "./money.ts";
export {
  createPerformanceClient,
  type PerformanceClient,
  type PerformanceClientOptions,
} from "./performance/client.ts";
export * from "./performance/money.ts";
export type * from "./performance/types.ts";
export {
  createSellerClient,
  type SellerClient,
  type SellerClientOptions,
} from "./seller/client.ts";
export {
  ACCRUAL_POSTINGS_BATCH,
  type AccrualType,
  type BalanceReport,
  type CashFlowPeriod,
  type DayAccrual,
  type PostingAccrual,
} from "./seller/finance.ts";
export type { ProductIdKind, ProductRef } from "./seller/products.ts";
export {
  type ItemError,
  type ItemResult,
  isTooManyRequests,
  type KnownRefusal,
  PRICE_BATCH,
  PRICE_CHANGES_PER_HOUR,
  type PriceChange,
  type ProductPrices,
  type ProductStock,
  refusalOf,
  STOCK_BATCH,
  STOCK_CHANGE_WINDOW_MS,
  STOCK_TOO_BIG,
  STOCK_UPDATES_PER_MINUTE,
  type StockChange,
  type Units,
  type WarehouseStock,
} from "./seller/stock-prices.ts";
export type * from "./seller/types.ts";
export type { FallbackMemory } from "./successors.ts";
