/**
 * Sales from Ozon's warehouses (FBO): the watcher of each store, the chats that chose them.
 * Tests: test/bot/fbo-stock/fbo-stock.test.ts, test/bot/sales/audience.test.ts and 1 more
 */
export { SalesSubscribers } from "./subscribers.ts";
export * from "./types.ts";
export {
  MAX_TRIES,
  SALES_LEASE_NAME,
  SALES_POLL_MS,
  type SalesMessage,
  type SalesSource,
  SalesWatcher,
  type SalesWatcherOptions,
  saleOf,
} from "./watcher.ts";
