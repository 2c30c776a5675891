/**
 * Which store the work in progress is for, without passing it down: PerShop starts each store's
 * worker inside `runForShop`, so a background loop the worker starts knows its store (the loop
 * board of /status and /metrics, src/services/health/loop-board.ts) and the worker's code stays
 * unaware of it.
 * Tests: test/services/health/two-processes.test.ts
 */
import { AsyncLocalStorage } from "node:async_hooks";

const shopScope = new AsyncLocalStorage<string>();

/** Runs `work` on behalf of a store; what it starts, now or after an await, sees the store's id. */
export function runForShop<T>(shopId: string, work: () => T): T {
  return shopScope.run(shopId, work);
}

/** The store the current work is for (see runForShop). */
export function currentShop(): string | undefined {
  return shopScope.getStore();
}
