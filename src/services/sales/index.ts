/**
 * Sales from Ozon's warehouses (FBO): the watcher of each store, the chats that chose them.
 * Tests: test/bot/sales/audience.test.ts
 */
export { SalesSubscribers } from "./subscribers.ts";
export * from "./types.ts";
export {
  SALES_LEASE_NAME,
  SALES_POLL_MS,
  type SalesMessage,
  type SalesSource,
  SalesWatcher,
  type SalesWatcherOptions,
  saleOf,
} from "./watcher.ts";
