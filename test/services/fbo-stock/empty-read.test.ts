/**
 * An empty read of a store's FBO stock after a non-empty one (Ozon's catalogue or analytics
 * answering nothing) is taken as unknown: the kept read stays, the told falls stay told, and
 * nothing is told again when the rows come back.
 */
import { describe, expect, it } from "vitest";
import type { FboStockRow } from "../../../src/ozon/seller/fbo.ts";
import {
  type ClusterStock,
  FboStockBook,
  FboStockWatcher,
} from "../../../src/services/fbo-stock/index.ts";
import { MemoryStore } from "../../../src/store/memory.ts";

const HOUR = 60 * 60 * 1000;

const row = (sku: string): FboStockRow => ({
  sku,
  offerId: `O-${sku}`,
  name: `Product ${sku}`,
  clusterId: "4",
  clusterName: "Moscow",
  warehouseId: "1",
  available: 10,
  inTransit: 0,
  dailySalesCluster: 5,
  daysCluster: 2,
  gradeCluster: "DEFICIT",
});

describe("an empty FBO stock read", () => {
  it("after a non-empty one is not judged: nothing is told again when the rows return", async () => {
    let clock = Date.parse("2026-12-08T08:00:00Z");
    let answer: { skus: string[]; rows: FboStockRow[] } = { skus: ["1"], rows: [row("1")] };
    const store = new MemoryStore();
    const book = new FboStockBook(
      store,
      { skus: async () => answer.skus, stocks: async () => answer.rows },
      () => clock,
    );
    const told: ClusterStock[][] = [];
    const watcher = new FboStockWatcher({
      shopId: "x",
      book,
      store,
      lease: false,
      notifier: { tellLow: async (_shop, falls) => void told.push([...falls]) },
    });
    expect(await watcher.runOnce()).toMatchObject({ fell: 1 });
    // Ozon's next refresh answers an empty catalogue, then empty analytics.
    for (const empty of [
      { skus: [], rows: [] },
      { skus: ["1"], rows: [] },
    ]) {
      answer = empty;
      clock += 12 * HOUR;
      expect(await watcher.runOnce()).toMatchObject({ fell: 0, rose: 0 });
      expect((await book.current()).rows).toHaveLength(1);
    }
    // The rows come back, still low: told once, not again.
    answer = { skus: ["1"], rows: [row("1")] };
    clock += 12 * HOUR;
    expect(await watcher.runOnce()).toMatchObject({ fell: 0, rose: 0 });
    expect(told).toHaveLength(1);
    await store.close();
  });
});
