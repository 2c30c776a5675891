/**
 * FBO stock per cluster: the kept read of Ozon's analytics, the watcher of days of stock, the
 * restock list.
 * Tests: test/services/fbo-stock/empty-read.test.ts
 */

export * from "./ozon-source.ts";
export * from "./restock.ts";
export * from "./snapshot.ts";
export * from "./watcher.ts";
